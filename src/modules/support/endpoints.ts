/** Where each call goes (method and path): plain data, imported by both the contract (schemas) and the typed client (./calls.ts). */
import type { Endpoint } from '../../lib/contract/calls';

export const SUPPORT_ENDPOINTS = {
  updates: { method: 'GET', path: '/api/support/updates' },
  changelog: { method: 'GET', path: '/api/support/changelog' },
  status: { method: 'GET', path: '/api/support/status' },
} as const satisfies Record<string, Endpoint>;
