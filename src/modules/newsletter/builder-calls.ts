/**
 * The newsletter builder's calls (spec section 7, `send/builder*`): where each goes. The schemas
 * join them in `newsletterBuilderCalls` (./newsletter-builder.ts); this file stays zod-free.
 */
import { typedEndpoints } from '../../lib/contract/calls';
import type { newsletterBuilderCalls } from './builder-contract';
import { NEWSLETTER_BUILDER_ENDPOINTS } from './endpoints';

/** The builder's endpoints with their call types: `send(builderApi.save, { body })`. */
export const builderApi = typedEndpoints<typeof newsletterBuilderCalls>(NEWSLETTER_BUILDER_ENDPOINTS);

export { NEWSLETTER_BUILDER_ENDPOINTS };
