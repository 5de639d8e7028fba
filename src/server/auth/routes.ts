import { Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { loginRequestSchema, type LoginResponse, type UserResponse } from '../../contracts/shell';
import type { AppEnv, AuthedEnv } from '../http/types';
import { fail, MESSAGES, ok } from '../http/envelope';
import { requireAuth, portalScriptOnly, validate } from '../http/middleware';
import { LOGIN_MAX_BYTES } from '../http/body-limits';
import { SESSION_COOKIE, sessionCookieOptions } from './cookie';
import { revokeSession } from './sessions';
import { login } from './service';

export const authRoutes = new Hono<AppEnv>()
  .post('/login', validate('json', loginRequestSchema, { maxBytes: LOGIN_MAX_BYTES }), async (c) => {
    const { db, clock, config } = c.get('runtime');
    const { email, password } = c.req.valid('json');
    const sessionSeconds = config.PORTAL_SESSION_DAYS * 24 * 60 * 60;
    const result = await login(db, { email, password, ip: c.env?.clientAddress ?? 'unknown', now: clock(), sessionSeconds });
    if (!result.ok) return fail(c, result.reason === 'limited' ? 429 : 401, result.message);
    setCookie(c, SESSION_COOKIE, result.token, sessionCookieOptions(c.req.url, sessionSeconds));
    const body: Omit<LoginResponse, 'success' | 'isAuthFailed'> = {
      user: { name: result.session.user.name, domain: result.session.domain.label },
    };
    return ok(c, body);
  })
  .get('/logout', portalScriptOnly, async (c) => {
    const session = c.get('session');
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    if (!session) return fail(c, 401, MESSAGES.signedOut);
    await revokeSession(c.get('runtime').db, session.tokenHash);
    return ok(c, {});
  });

/** `/api/api/user`: the doubled segment is the spec's path, kept as the contract. */
export const userRoutes = new Hono<AuthedEnv>().use('*', requireAuth).get('/user', (c) => {
  const { user, domain } = c.get('session');
  const body: Omit<UserResponse, 'success' | 'isAuthFailed'> = {
    user: { name: user.name, domain: domain.label },
    domain: domain.products,
  };
  return ok(c, body);
});
