import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { accountCalls } from '../../../contracts/account';
import { isPortalScriptRequest } from '../../auth/origin';
import { fail, MESSAGES } from '../../http/envelope';
import { serveUpstream } from '../../upstream/serve';
import type { UpstreamAuthedEnv, UpstreamEnv } from '../../upstream/types';
import * as users from './service';

/** Manage Users' calls the legacy backend has (no invitations to send again), served through the upstream service. */
export const accountUpstreamRoutes = new Hono<UpstreamEnv>();

/** As the embedded route: the spec's state-changing GET is honoured only from the portal's own scripts, never an image or link of a page. */
const portalScriptOnly = createMiddleware<UpstreamAuthedEnv>(async (c, next) => {
  if (!isPortalScriptRequest(c.req.raw)) return fail(c, 403, MESSAGES.notFromPortal);
  await next();
});

serveUpstream(accountUpstreamRoutes, accountCalls.users, async (up) => ({ users: await users.listUsers(up) }));
serveUpstream(accountUpstreamRoutes, accountCalls.addUser, async (up, { body }) => ({ user: await users.authoriseUser(up, body) }));
serveUpstream(accountUpstreamRoutes, accountCalls.deleteUser, (up, { params }) => users.unauthoriseUser(up, params.email), { before: [portalScriptOnly] });

/** The account's screens upstream mode can show. */
export const ACCOUNT_UPSTREAM_PAGES: readonly string[] = ['/account/users'];
