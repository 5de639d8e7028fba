/**
 * The support module's calls (spec section 7, Shell and support). The schemas join them in
 * `supportCalls` (./support.ts); this file stays zod-free.
 */
import { typedEndpoints } from '../../lib/contract/calls';
import type { supportCalls } from './contract';
import { SUPPORT_ENDPOINTS } from './endpoints';

export const supportApi = typedEndpoints<typeof supportCalls>(SUPPORT_ENDPOINTS);

export { SUPPORT_ENDPOINTS };
