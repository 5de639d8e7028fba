/**
 * The newsletter's calls (spec section 7, Newsletter, and the few beyond it): where each goes.
 * The schemas join them in `newsletterCalls` (./newsletter.ts); this file stays zod-free.
 */
import { typedEndpoints } from '../../lib/contract/calls';
import type { newsletterCalls } from './contract';
import { NEWSLETTER_ENDPOINTS } from './endpoints';

/** The newsletter's endpoints with their call types: `send(newsletterApi.addMember, { body })`. */
export const newsletterApi = typedEndpoints<typeof newsletterCalls>(NEWSLETTER_ENDPOINTS);

export { NEWSLETTER_ENDPOINTS };
