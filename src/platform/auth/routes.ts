import { Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { HTTPException } from 'hono/http-exception';
import { shellCalls } from '../../lib/contract/shell';
import type { AppEnv } from '../http/types';
import { MESSAGES } from '../http/envelope';
import { serve } from '../http/calls';
import { portalScriptOnly } from '../http/middleware';
import { Refusal } from '../errors';
import { clearedSessionCookieOptions, SESSION_COOKIE, sessionCookieOptions } from './cookie';
import { revokeSession } from './sessions';
import { login } from './service';

/**
 * Sign-in, sign-out and the current user (`shellCalls`), served at the API's root: `/api/login`,
 * `/api/logout` and `/api/api/user` (the doubled segment is the spec's path, kept as the contract).
 * A wrong sign-in is a 401 with isAuthFailed, as the API's onError answers an HTTPException.
 */
export const authRoutes = new Hono<AppEnv>();

serve.public(authRoutes, shellCalls.login, async (_ctx, { body }, c) => {
  const { db, clock, config } = c.get('runtime');
  const sessionSeconds = config.PORTAL_SESSION_DAYS * 24 * 60 * 60;
  const result = await login(db, { ...body, ip: c.env?.clientAddress ?? 'unknown', now: clock(), sessionSeconds });
  if (!result.ok) {
    if (result.reason === 'limited') throw new Refusal(429, 'rate_limited', result.message);
    throw new HTTPException(401, { message: result.message });
  }
  setCookie(c, SESSION_COOKIE, result.token, sessionCookieOptions(config, c.req.url, sessionSeconds));
  return { user: { name: result.session.user.name, domain: result.session.domain.label } };
});

serve.public(
  authRoutes,
  shellCalls.logout,
  async (_ctx, _input, c) => {
    const session = c.get('session');
    // The cookie goes either way (the 401 below carries its deletion too).
    deleteCookie(c, SESSION_COOKIE, clearedSessionCookieOptions(c.get('runtime').config, c.req.url));
    if (!session) throw new HTTPException(401, { message: MESSAGES.signedOut });
    await revokeSession(c.get('runtime').db, session.tokenHash);
    return {};
  },
  { before: [portalScriptOnly] },
);

serve(authRoutes, shellCalls.user, (_ctx, _input, c) => {
  const { user, domain } = c.get('session');
  return { user: { name: user.name, domain: domain.label }, domain: domain.products };
});
