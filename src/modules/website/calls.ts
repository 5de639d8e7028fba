/**
 * The website's calls (spec section 7, Website, and the few beyond it): where each goes. The
 * schemas join them in `websiteCalls` (./website.ts); this file stays zod-free, so the browser
 * imports `websiteApi` without shipping the schemas.
 */
import { typedEndpoints } from '../../lib/contract/calls';
import type { websiteCalls } from './contract';
import { WEBSITE_ENDPOINTS } from './endpoints';

/** The website's endpoints with their call types: `send(websiteApi.togglePost, { body })`. */
export const websiteApi = typedEndpoints<typeof websiteCalls>(WEBSITE_ENDPOINTS);

export { WEBSITE_ENDPOINTS };
