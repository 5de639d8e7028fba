import { describe, expect, it } from 'vitest';
import { useUpstream } from '../factories/upstream';
import { LEGACY_ADMIN, LEGACY_OTHER_ADMIN, LEGACY_SCHOOL } from '../legacy-backend/seed';
import { parseConfig } from '../../src/platform/config';
import { checkUpstream } from '../../src/platform/upstream/settings';

describe('upstream mode: the shell calls', () => {
  const up = useUpstream();

  it('answers GET /api/api/user from the legacy backend, its flags read whatever their shape', async () => {
    const res = await up().call('/api/api/user', { cookie: up().signIn() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      isAuthFailed: false,
      user: { name: LEGACY_ADMIN.name, domain: LEGACY_SCHOOL },
      domain: { hapara: true, newsletter: true, builder: true, website: true, app: true },
    });
  });

  it('is signed out (401, isAuthFailed) without the legacy cookie', async () => {
    const res = await up().call('/api/api/user');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, isAuthFailed: true });
  });

  it('keeps no answer in any cache, the user’s data or a refusal', async () => {
    const user = await up().call('/api/api/user', { cookie: up().signIn() });
    const signedOut = await up().call('/api/api/user');
    const unsupported = await up().call('/api/nothing-here', { cookie: up().signIn() });
    expect([user, signedOut, unsupported].map((res) => [res.status, res.headers.get('cache-control')])).toEqual([
      [200, 'no-store'],
      [401, 'no-store'],
      [404, 'no-store'],
    ]);
  });
});

describe('upstream mode: the API around the modules', () => {
  const up = useUpstream();

  it('signs out at the legacy backend, relays its cookie, and only for the portal’s own scripts', async () => {
    const cookie = up().signIn();
    const refused = await up().call('/api/logout', {
      cookie,
      headers: { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'image' },
    });
    expect(refused.status).toBe(403);
    expect((await up().call('/api/api/user', { cookie })).status).toBe(200);

    const res = await up().call('/api/logout', { cookie });
    expect(await res.json()).toEqual({ success: true, isAuthFailed: false });
    expect(res.headers.getSetCookie()).toEqual(['legacy_sid=; Path=/; Max-Age=0']);
    expect((await up().call('/api/api/user', { cookie })).status).toBe(401);
  });

  it('refuses a cross-site state-changing call before the legacy backend hears of it', async () => {
    up().backend.store.requests.length = 0;
    const res = await up().call('/api/website/posts/toggle', {
      cookie: up().signIn(),
      json: { id: 1, isPublic: true },
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(res.status).toBe(403);
    expect(up().backend.store.requests).toEqual([]);
  });

  it('asks the legacy backend who is signed in once per call, and gates the products by its flags', async () => {
    up().backend.store.requests.length = 0;
    await up().call('/api/website/no-such-call', { cookie: up().signIn() });
    expect(up().backend.store.requests.filter((line) => line === 'GET /api/api/user')).toHaveLength(1);

    // other.school has no App: its calls are refused at the portal.
    const res = await up().call('/api/app/manage/stafflist', { cookie: up().signIn(LEGACY_OTHER_ADMIN.email) });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ success: false, isAuthFailed: false, message: 'This product is not enabled for your school.' });
  });

  it('answers a call the legacy backend does not have as not available, in the envelope', async () => {
    const res = await up().call('/api/account/activity', { cookie: up().signIn() });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, isAuthFailed: false, message: 'This is not available in this portal.', code: 'unsupported' });
  });
});

describe('upstream mode: configuration', () => {
  it('needs PORTAL_UPSTREAM_URL, said in one line', () => {
    expect(() => parseConfig({ PORTAL_BACKEND: 'upstream' })).toThrow(
      expect.objectContaining({
        code: 'invalid_config',
        field: 'PORTAL_UPSTREAM_URL',
        message: 'Invalid configuration: PORTAL_UPSTREAM_URL must be set when PORTAL_BACKEND is upstream.',
      }),
    );
    expect(() => parseConfig({ PORTAL_BACKEND: 'legacy' })).toThrow(/^Invalid configuration: PORTAL_BACKEND must be embedded or upstream/);
    expect(() => parseConfig({ PORTAL_BACKEND: 'upstream', PORTAL_UPSTREAM_URL: 'ftp://x' })).toThrow(
      /^Invalid configuration: PORTAL_UPSTREAM_URL must be an http\(s\) address/,
    );
    expect(parseConfig({ PORTAL_BACKEND: 'upstream', PORTAL_UPSTREAM_URL: 'https://backend.example.org/' }).PORTAL_UPSTREAM_URL).toBe(
      'https://backend.example.org',
    );
  });

  it('stops start-up with one line when the legacy backend cannot be reached', async () => {
    await expect(checkUpstream({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 1_000 })).rejects.toThrow(
      /^Invalid configuration: PORTAL_UPSTREAM_URL http:\/\/127\.0\.0\.1:9 cannot be reached \(.+\)\.$/,
    );
  });
});
