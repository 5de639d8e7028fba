import { describe, expect, it } from 'vitest';
import { failureSchema } from '../../src/lib/contract/envelope';
import { loginResponseSchema } from '../../src/lib/contract/shell';
import { login } from '../../src/platform/auth/service';
import {
  addTestUser,
  bodyOf,
  createTestSchool,
  get,
  post,
  postLogin,
  sessionCookieFrom,
  sessionSetCookie,
  useTestContext,
  type TestContext,
} from '../factories';

async function sessionCount(ctx: TestContext): Promise<number> {
  const row = await ctx.db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Cookie attributes of a Set-Cookie line, lowercased names, e.g. { httponly: '', samesite: 'Lax' }. */
function attributes(line: string): Record<string, string> {
  const [, ...parts] = line.split(';');
  return Object.fromEntries(
    parts.map((p) => {
      const [name = '', ...value] = p.trim().split('=');
      return [name.toLowerCase(), value.join('=')];
    }),
  );
}

describe('POST /api/login', () => {
  const ctx = useTestContext();

  it('signs in with the right credentials: 200, user and school, and an HttpOnly SameSite=Lax session cookie', async () => {
    const school = await createTestSchool(ctx(), { products: { website: true } });
    const user = await addTestUser(ctx(), school);

    const res = await postLogin(ctx().app, user);

    expect(res.status).toBe(200);
    const body = await bodyOf(res);
    expect(body).toEqual({ success: true, isAuthFailed: false, user: { name: user.name, domain: school.label } });
    expect(() => loginResponseSchema.parse(body)).not.toThrow();

    const line = sessionSetCookie(res);
    expect(line).toBeDefined();
    const attrs = attributes(line ?? '');
    expect(line).toMatch(/^portal_session=[A-Za-z0-9_-]{20,};/);
    expect(attrs).toHaveProperty('httponly');
    expect(attrs.samesite?.toLowerCase()).toBe('lax');
    expect(attrs.path).toBe('/');
    expect(attrs.domain).toBeUndefined();
    // On plain http (localhost) a Secure cookie would never come back.
    expect(attrs).not.toHaveProperty('secure');
    expect(attrs['max-age']).toBe(String(7 * 24 * 60 * 60));

    const cookie = sessionCookieFrom(res);
    expect((await get(ctx().app, '/api/api/user', { cookie })).status).toBe(200);
  });

  it('marks the cookie Secure when the request came over https', async () => {
    const school = await createTestSchool(ctx());
    const user = await addTestUser(ctx(), school);

    const res = await postLogin(ctx().app, user, { base: 'https://portal.example' });

    expect(res.status).toBe(200);
    const line = sessionSetCookie(res) ?? '';
    const attrs = attributes(line);
    expect(attrs).toHaveProperty('secure');
    expect(attrs).toHaveProperty('httponly');
    expect(attrs.samesite?.toLowerCase()).toBe('lax');
    expect(attrs.path).toBe('/');
  });

  it('accepts the email in any case and with surrounding spaces', async () => {
    const school = await createTestSchool(ctx());
    const user = await addTestUser(ctx(), school);

    const res = await postLogin(ctx().app, { email: `  ${user.email.toUpperCase()} `, password: user.password });
    expect(res.status).toBe(200);
    expect(sessionCookieFrom(res)).toBeDefined();
  });

  it('gives a different session id on every sign-in, each one working', async () => {
    const school = await createTestSchool(ctx());
    const user = await addTestUser(ctx(), school);

    const cookies: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const cookie = sessionCookieFrom(await postLogin(ctx().app, user));
      expect(cookie).toBeDefined();
      cookies.push(cookie ?? '');
    }
    expect(new Set(cookies).size).toBe(3);
    for (const cookie of cookies) expect((await get(ctx().app, '/api/api/user', { cookie })).status).toBe(200);
  });

  it('does not store the raw session token in the database', async () => {
    const school = await createTestSchool(ctx());
    const user = await addTestUser(ctx(), school);
    const cookie = sessionCookieFrom(await postLogin(ctx().app, user)) ?? '';
    const token = cookie.split('=')[1] ?? '';
    expect(token).not.toBe('');

    const stored = await ctx().db.selectFrom('sessions').select('id_hash').where('user_id', '=', user.id).execute();
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(row.id_hash).not.toContain(token);
  });

  it('refuses a wrong password: 401, the message, and no session', async () => {
    const school = await createTestSchool(ctx());
    const user = await addTestUser(ctx(), school);
    const sessionsBefore = await sessionCount(ctx());

    const res = await postLogin(ctx().app, { email: user.email, password: `${user.password}x` }, { clientAddress: '198.51.100.20' });

    expect(res.status).toBe(401);
    expect(await bodyOf(res)).toEqual({ success: false, isAuthFailed: true, message: 'Email or password is incorrect.' });
    expect(sessionCookieFrom(res)).toBeUndefined();
    expect(await sessionCount(ctx())).toBe(sessionsBefore);
  });

  it('refuses an unknown email with the very same 401 message', async () => {
    const sessionsBefore = await sessionCount(ctx());

    const res = await postLogin(ctx().app, { email: 'nobody@nowhere.test', password: 'whatever-password' }, { clientAddress: '198.51.100.21' });

    expect(res.status).toBe(401);
    expect(await bodyOf(res)).toEqual({ success: false, isAuthFailed: true, message: 'Email or password is incorrect.' });
    expect(sessionCookieFrom(res)).toBeUndefined();
    expect(await sessionCount(ctx())).toBe(sessionsBefore);
  });

  it.each([
    ['malformed JSON', '{"email": "a@b.test", "password":', 'application/json'],
    ['an empty body', '', 'application/json'],
    ['a JSON null', 'null', 'application/json'],
    ['a JSON array', '["a@b.test","pw"]', 'application/json'],
    ['an empty object', '{}', 'application/json'],
    ['a missing password', JSON.stringify({ email: 'a@b.test' }), 'application/json'],
    ['a missing email', JSON.stringify({ password: 'secret-password' }), 'application/json'],
    ['an empty password', JSON.stringify({ email: 'a@b.test', password: '' }), 'application/json'],
    ['a bad email', JSON.stringify({ email: 'not-an-email', password: 'secret-password' }), 'application/json'],
    ['fields of the wrong type', JSON.stringify({ email: 42, password: true }), 'application/json'],
    ['an overlong password', JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(5000) }), 'application/json'],
    ['a form body', 'email=a%40b.test&password=secret', 'application/x-www-form-urlencoded'],
    ['a plain-text body', JSON.stringify({ email: 'a@b.test', password: 'secret' }), 'text/plain'],
  ])('answers 400 with a message for %s, never 500', async (_label, body, contentType) => {
    const sessionsBefore = await sessionCount(ctx());

    const res = await post(ctx().app, '/api/login', body, { contentType, clientAddress: '198.51.100.30' });

    expect(res.status).toBe(400);
    const parsed = failureSchema.parse(await bodyOf(res));
    expect(parsed.success).toBe(false);
    expect(parsed.isAuthFailed).toBe(false);
    expect(parsed.message).toEqual(expect.stringMatching(/\S/));
    expect(sessionCookieFrom(res)).toBeUndefined();
    expect(await sessionCount(ctx())).toBe(sessionsBefore);
  });

  it('names the email problem for a bad email', async () => {
    const res = await postLogin(ctx().app, { email: 'not-an-email', password: 'secret-password' });
    expect(res.status).toBe(400);
    expect(failureSchema.parse(await bodyOf(res)).message).toMatch(/email/i);
  });

  it('does not answer GET (only POST signs in)', async () => {
    const res = await get(ctx().app, '/api/login');
    expect(res.status).toBe(404);
    expect(await bodyOf(res)).toEqual({ success: false, isAuthFailed: false, message: expect.any(String) });
  });
});

describe('failed sign-in records', () => {
  const ctx = useTestContext();

  async function failureRows(ctx: TestContext): Promise<Array<{ email: string; ip: string }>> {
    return ctx.db.selectFrom('login_failures').select(['email', 'ip']).execute();
  }

  it('stores at most 320 characters of a megabyte-long email, and still counts it', async () => {
    const huge = `${'A'.repeat(1024 * 1024)}@nowhere.test`;
    const attempt = () => login(ctx().db, { email: huge, password: 'wrong-password', ip: '198.51.100.40', now: ctx().clock.now, sessionSeconds: 3600 });

    expect(await attempt()).toMatchObject({ ok: false, reason: 'invalid' });

    const rows = (await failureRows(ctx())).filter((row) => row.ip === '198.51.100.40');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email.length).toBeLessThanOrEqual(320);
    expect(rows[0]?.email).toBe('a'.repeat(320));
    // The cut key is still the one that is counted: the 10 failures limit that address.
    for (let i = 1; i < 10; i += 1) await attempt();
    expect(await attempt()).toMatchObject({ ok: false, reason: 'limited' });
  });

  it('bounds the row for the longest email the API lets through (its body limit refuses a megabyte)', async () => {
    // Under the sign-in body limit, so the schema decides, not the 413.
    const email = `${'b'.repeat(6000)}@nowhere.test`;
    const res = await postLogin(ctx().app, { email, password: 'wrong-password' }, { clientAddress: '198.51.100.41' });
    expect([400, 401]).toContain(res.status);
    const rows = (await failureRows(ctx())).filter((row) => row.ip === '198.51.100.41');
    expect(rows.length).toBe(res.status === 401 ? 1 : 0);
    for (const row of rows) expect(row.email).toBe('b'.repeat(320));
  });
});

describe('POST /api/login with PORTAL_SESSION_DAYS=1', () => {
  const ctx = useTestContext({ env: { PORTAL_SESSION_DAYS: '1' } });

  it('sets a one-day cookie and ends the session after one day', async () => {
    const school = await createTestSchool(ctx());
    const user = await addTestUser(ctx(), school);

    const res = await postLogin(ctx().app, user);
    expect(attributes(sessionSetCookie(res) ?? '')['max-age']).toBe(String(24 * 60 * 60));
    const cookie = sessionCookieFrom(res);

    ctx().clock.advance(24 * 60 * 60 - 1);
    expect((await get(ctx().app, '/api/api/user', { cookie })).status).toBe(200);
    ctx().clock.advance(1);
    expect((await get(ctx().app, '/api/api/user', { cookie })).status).toBe(401);
  });
});

describe('behind a TLS proxy: PORTAL_URL on https', () => {
  // The proxy ends TLS: the request reaches the portal over plain http.
  const ctx = useTestContext({ env: { PORTAL_URL: 'https://portal.example.org' } });

  it('sets the session cookie Secure, and its sign-out deletion too', async () => {
    const user = await addTestUser(ctx(), await createTestSchool(ctx()));
    const res = await postLogin(ctx().app, user);
    expect(res.status).toBe(200);
    expect(attributes(sessionSetCookie(res) ?? '')).toHaveProperty('secure');

    const cookie = sessionCookieFrom(res);
    const out = await get(ctx().app, '/api/logout', { cookie, headers: { 'x-portal-client': '1' } });
    expect(out.status).toBe(200);
    const deletion = sessionSetCookie(out) ?? '';
    expect(attributes(deletion)['max-age']).toBe('0');
    expect(attributes(deletion)).toHaveProperty('secure');
  });
});
