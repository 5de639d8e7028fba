/**
 * The support module's calls (spec section 7, Shell and support). The schemas join them in
 * `supportCalls` (./support.ts); this file stays zod-free.
 */
import { typedEndpoints, type Endpoint } from './calls';
import type { supportCalls } from './support';

export const SUPPORT_ENDPOINTS = {
  updates: { method: 'GET', path: '/api/support/updates' },
  changelog: { method: 'GET', path: '/api/support/changelog' },
  status: { method: 'GET', path: '/api/support/status' },
} as const satisfies Record<string, Endpoint>;

export const supportApi = typedEndpoints<typeof supportCalls>(SUPPORT_ENDPOINTS);
