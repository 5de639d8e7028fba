import { describe, expect, it } from 'vitest';
import { bodyOf, get, sessionSetCookie, signIn, signedInUser, useTestContext } from '../factories';

describe('GET /api/logout', () => {
  const ctx = useTestContext();

  it('signs out: 200, the cookie is cleared and the session no longer works', async () => {
    const { cookie } = await signedInUser(ctx());

    const res = await get(ctx().app, '/api/logout', { cookie });
    expect(res.status).toBe(200);
    expect(await bodyOf(res)).toEqual({ success: true, isAuthFailed: false });
    // The browser is told to drop the cookie.
    expect(sessionSetCookie(res)).toMatch(/^portal_session=;.*Max-Age=0/i);

    const after = await get(ctx().app, '/api/api/user', { cookie });
    expect(after.status).toBe(401);
    expect(await bodyOf(after)).toMatchObject({ success: false, isAuthFailed: true });
  });

  it('is 401 with isAuthFailed the second time with the same cookie', async () => {
    const { cookie } = await signedInUser(ctx());
    expect((await get(ctx().app, '/api/logout', { cookie })).status).toBe(200);

    const again = await get(ctx().app, '/api/logout', { cookie });
    expect(again.status).toBe(401);
    expect(await bodyOf(again)).toMatchObject({ success: false, isAuthFailed: true });
  });

  it('is 401 with isAuthFailed when signed out', async () => {
    const res = await get(ctx().app, '/api/logout');
    expect(res.status).toBe(401);
    expect(await bodyOf(res)).toMatchObject({ success: false, isAuthFailed: true });
  });

  it('ends only that session: the same user signed in elsewhere stays signed in', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const otherDevice = await signIn(ctx().app, user);

    expect((await get(ctx().app, '/api/logout', { cookie })).status).toBe(200);
    expect((await get(ctx().app, '/api/api/user', { cookie: otherDevice })).status).toBe(200);
  });

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ['an Origin of another site', { origin: 'https://evil.example' }],
  ])('refuses a request with %s (403) and the session still works', async (_label, headers) => {
    const { cookie } = await signedInUser(ctx());

    const res = await get(ctx().app, '/api/logout', { cookie, headers });
    expect(res.status).toBe(403);
    expect(await bodyOf(res)).toMatchObject({ success: false, isAuthFailed: false });
    expect(sessionSetCookie(res)).toBeUndefined();

    const after = await get(ctx().app, '/api/api/user', { cookie });
    expect(after.status).toBe(200);
  });

  it('accepts a same-origin request (Sec-Fetch-Site: same-origin)', async () => {
    const { cookie } = await signedInUser(ctx());
    const res = await get(ctx().app, '/api/logout', { cookie, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(res.status).toBe(200);
    expect((await get(ctx().app, '/api/api/user', { cookie })).status).toBe(401);
  });
});
