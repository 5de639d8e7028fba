/** Where each call goes (method and path): plain data, imported by both the contract (schemas) and the typed client (./calls.ts). */
import type { Endpoint } from '../../lib/contract/calls';

export const ACCOUNT_ENDPOINTS = {
  users: { method: 'GET', path: '/api/account/users' },
  addUser: { method: 'POST', path: '/api/account/users/add' },
  // State-changing GET (the spec's): honoured only from the portal's own scripts, as logout.
  deleteUser: { method: 'GET', path: '/api/account/users/{email}/delete' },
  // Beyond the spec: an invitation sent again (a new link; the old one stops working).
  resendInvitation: { method: 'POST', path: '/api/account/users/resend' },
  // Beyond the spec: Account > My Profile, the signed-in user's own name, password and sessions.
  renameSelf: { method: 'POST', path: '/api/account/profile/name' },
  changePassword: { method: 'POST', path: '/api/account/profile/password' },
  endOtherSessions: { method: 'POST', path: '/api/account/profile/sessions/end-others' },
} as const satisfies Record<string, Endpoint>;
