import { describe, expect, it } from 'vitest';
import { bodyOf, get, sessionSetCookie, signIn, signedInUser, useTestContext } from '../factories';
import type { Api } from '../../src/app/api';

/** How the portal's fetch helper calls it: with its own header. */
const FROM_PORTAL = { 'x-portal-client': '1' };

function logout(app: Api, cookie?: string, headers: Record<string, string> = FROM_PORTAL): Promise<Response> {
  return get(app, '/api/logout', { cookie, headers });
}

describe('GET /api/logout', () => {
  const ctx = useTestContext();

  it('signs out: 200, the cookie is cleared and the session no longer works', async () => {
    const { cookie } = await signedInUser(ctx());

    const res = await logout(ctx().app, cookie);
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
    expect((await logout(ctx().app, cookie)).status).toBe(200);

    const again = await logout(ctx().app, cookie);
    expect(again.status).toBe(401);
    expect(await bodyOf(again)).toMatchObject({ success: false, isAuthFailed: true });
  });

  it('is 401 with isAuthFailed when signed out', async () => {
    const res = await logout(ctx().app);
    expect(res.status).toBe(401);
    expect(await bodyOf(res)).toMatchObject({ success: false, isAuthFailed: true });
  });

  it('ends only that session: the same user signed in elsewhere stays signed in', async () => {
    const { user, cookie } = await signedInUser(ctx());
    const otherDevice = await signIn(ctx().app, user);

    expect((await logout(ctx().app, cookie)).status).toBe(200);
    expect((await get(ctx().app, '/api/api/user', { cookie: otherDevice })).status).toBe(200);
  });

  it.each([
    ['Sec-Fetch-Site: cross-site', { ...FROM_PORTAL, 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { ...FROM_PORTAL, 'sec-fetch-site': 'same-site' }],
    ['an Origin of another site', { ...FROM_PORTAL, origin: 'https://evil.example' }],
    // School content is shown on the portal's origin: <img src="/api/logout"> in a post.
    ['an image of a same-origin page', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' }],
    ['a link followed on a same-origin page', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }],
    ['a same-origin frame', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' }],
    ['a script element', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script' }],
    ['the address typed into the browser', { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }],
    ['no Fetch Metadata and no portal header (an old browser loading an image)', {}],
  ])('refuses a request with %s (403) and the session still works', async (_label, headers) => {
    const { cookie } = await signedInUser(ctx());

    const res = await logout(ctx().app, cookie, headers);
    expect(res.status).toBe(403);
    expect(await bodyOf(res)).toMatchObject({ success: false, isAuthFailed: false });
    expect(sessionSetCookie(res)).toBeUndefined();

    const after = await get(ctx().app, '/api/api/user', { cookie });
    expect(after.status).toBe(200);
  });

  it('accepts a fetch of a same-origin script (Fetch Metadata: same-origin, cors, empty)', async () => {
    const { cookie } = await signedInUser(ctx());
    const res = await logout(ctx().app, cookie, { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' });
    expect(res.status).toBe(200);
    expect((await get(ctx().app, '/api/api/user', { cookie })).status).toBe(401);
  });
});
