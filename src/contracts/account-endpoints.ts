/**
 * Account > Manage Users' calls (spec section 7, Account, and the resend beyond it): where each
 * goes. The schemas join them in `accountCalls` (./account.ts); this file stays zod-free.
 */
import { typedEndpoints, type Endpoint } from './calls';
import type { accountCalls } from './account';

export const ACCOUNT_ENDPOINTS = {
  users: { method: 'GET', path: '/api/account/users' },
  addUser: { method: 'POST', path: '/api/account/users/add' },
  // State-changing GET (the spec's): honoured only from the portal's own scripts, as logout.
  deleteUser: { method: 'GET', path: '/api/account/users/{email}/delete' },
  // Beyond the spec: an invitation sent again (a new link; the old one stops working).
  resendInvitation: { method: 'POST', path: '/api/account/users/resend' },
} as const satisfies Record<string, Endpoint>;

/** Manage Users' endpoints with their call types: `send(accountApi.addUser, { body })`. */
export const accountApi = typedEndpoints<typeof accountCalls>(ACCOUNT_ENDPOINTS);
