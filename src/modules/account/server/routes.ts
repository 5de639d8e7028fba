import { accountCalls } from '../contract';
import { routesOver } from '../../../platform/http/port';
import type { AccountBackend } from './backend';

/**
 * Manage Users' calls (spec section 7, Account, and Send again) and My Profile's, served at the API's root. The
 * invitations' links point at the portal's configured address (`linkHost`).
 */
export const ACCOUNT_ROUTES = routesOver<AccountBackend>((serve) => {
  serve(accountCalls.users, async (account) => ({ users: await account.listUsers() }));
  serve(accountCalls.addUser, async (account, { body }) => ({ user: await account.authoriseUser(body) }), { linkHost: true });
  serve(accountCalls.resendInvitation, async (account, { body }) => ({ user: await account.resendInvitation(body.email) }), { linkHost: true });
  // As logout: a state-changing GET (the spec's) is honoured only from the portal's own scripts.
  // Unauthorising oneself ends the session: its cookie goes too.
  serve(accountCalls.deleteUser, (account, { params }) => account.unauthoriseUser(params.email), { scriptOnly: true, signsOut: true });
  // My Profile: the signed-in user's own name, password and other sign-ins (this session always stays).
  serve(accountCalls.renameSelf, async (account, { body }) => ({ profile: await account.renameSelf(body.name) }));
  serve(accountCalls.changePassword, async (account, { body }) => ({ profile: await account.changePassword(body) }));
  serve(accountCalls.endOtherSessions, (account) => account.endOtherSessions());
});
