/**
 * The account's port (../backend.ts) on the legacy backend: Manage Users' list, authorise and
 * unauthorise. The legacy backend authorises people at once: no invitations to send again, and no
 * activity log (their routes and pages are not served in upstream mode).
 */
import type { UpstreamScope } from '../../../../platform/upstream/client';
import type { AccountBackend } from '../backend';
import * as account from './service';

/** Manage Users' list, asked once per request: upstream mode's page middleware starts it beside the user call. */
export const usersOnce = (up: UpstreamScope) => up.once('account.users', () => account.listUsers(up));

function notServed(what: string): Promise<never> {
  return Promise.reject(new Error(`The legacy backend has no ${what}: its routes and pages are not served in upstream mode.`));
}

export function upstreamAccountBackend(up: UpstreamScope): AccountBackend {
  return {
    listUsers: () => usersOnce(up),
    authoriseUser: (input) => account.authoriseUser(up, input),
    resendInvitation: () => notServed('invitations'),
    unauthoriseUser: (email) => account.unauthoriseUser(up, email),
    activityPage: () => notServed('activity log'),
    // Its users sign in at the provider, which keeps their names and passwords: no profile here.
    profile: () => notServed('profile'),
    renameSelf: () => notServed('profile'),
    changePassword: () => notServed('profile'),
    endOtherSessions: () => notServed('profile'),
  };
}
