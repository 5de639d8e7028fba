import { Hono, type Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { accountCalls } from '../../../contracts/account';
import type { AppEnv, AuthedEnv } from '../../http/types';
import { serve } from '../../http/calls';
import { fail, MESSAGES } from '../../http/envelope';
import { isPortalScriptRequest } from '../../auth/origin';
import { SESSION_COOKIE } from '../../auth/cookie';
import * as users from './service';
import { emailedLinkBase } from '../links';

/**
 * Manage Users' calls (spec section 7, Account, and Send again), served at the API's root. The
 * invitations' links point at PORTAL_URL, or the portal's address as the caller reached it.
 */
export const accountUserRoutes = new Hono<AppEnv>();

const portalUrl = (c: Context<AuthedEnv>) => emailedLinkBase(c.get('runtime').config.PORTAL_URL, c.req.url);

/** As logout: a state-changing GET (the spec's) is honoured only from the portal's own scripts, never an image or link of a page. */
const portalScriptOnly = createMiddleware<AuthedEnv>(async (c, next) => {
  if (!isPortalScriptRequest(c.req.raw)) return fail(c, 403, MESSAGES.notFromPortal);
  await next();
});

serve(accountUserRoutes, accountCalls.users, async (ctx) => ({ users: await users.listUsers(ctx) }));
serve(accountUserRoutes, accountCalls.addUser, async (ctx, { body }, c) => ({ user: await users.authoriseUser(ctx, body, portalUrl(c)) }));
serve(accountUserRoutes, accountCalls.resendInvitation, async (ctx, { body }, c) => ({
  user: await users.resendInvitation(ctx, body.email, portalUrl(c)),
}));
serve(
  accountUserRoutes,
  accountCalls.deleteUser,
  async (ctx, { params }, c) => {
    const result = await users.unauthoriseUser(ctx, params.email);
    // Unauthorised themself: the session has ended with the user, the cookie goes too.
    if (result.signedOut) deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return result;
  },
  { before: [portalScriptOnly] },
);
