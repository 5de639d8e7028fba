/**
 * App > Send Notification's calls (beyond the spec, which names only the staff list's): where each
 * goes. The schemas join them in `appCalls` (./app.ts); this file stays zod-free, so the browser
 * imports `appApi` without shipping the schemas. Everything under /api/app needs the App product.
 */
import { typedEndpoints } from '../../lib/contract/calls';
import type { appCalls } from './contract';
import { APP_ENDPOINTS } from './endpoints';

/** The app's endpoints with their call types: `send(appApi.sendNotification, { body })`. */
export const appApi = typedEndpoints<typeof appCalls>(APP_ENDPOINTS);

export { APP_ENDPOINTS };
