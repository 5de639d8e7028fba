import { describe, expect, it } from 'vitest';
import {
  addTestUser,
  bodyOf,
  createTestSchool,
  get,
  post,
  sessionCookieFrom,
  sessionSetCookie,
  useTestContext,
  type TestContext,
  type TestUser,
} from '../factories';

async function tableCounts(ctx: TestContext): Promise<{ sessions: number; failures: number }> {
  const count = async (table: 'sessions' | 'login_failures') => {
    const row = await ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return { sessions: await count('sessions'), failures: await count('login_failures') };
}

describe('cross-site POST /api/login is refused', () => {
  const ctx = useTestContext();
  let user: TestUser | undefined;
  const theUser = async (): Promise<TestUser> => {
    user ??= await addTestUser(ctx(), await createTestSchool(ctx()));
    return user;
  };

  const crossSite: Array<[string, Record<string, string>]> = [
    ['Origin: https://evil.example', { origin: 'https://evil.example' }],
    ['Origin: http://localhost:8080 (another port)', { origin: 'http://localhost:8080' }],
    ['Origin: null', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ['Sec-Fetch-Site: cross-site with a same-origin Origin', { 'sec-fetch-site': 'cross-site', origin: 'http://localhost' }],
  ];
  const contentTypes = ['text/plain', 'application/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'];

  describe.each(crossSite)('with %s', (_label, headers) => {
    it.each(contentTypes)('answers 403 for content type %s and creates no session', async (contentType) => {
      const u = await theUser();
      const before = await tableCounts(ctx());

      const res = await post(ctx().app, '/api/login', JSON.stringify({ email: u.email, password: u.password }), { headers, contentType });

      expect(res.status).toBe(403);
      expect(await bodyOf(res)).toMatchObject({ success: false, isAuthFailed: false, message: expect.stringMatching(/\S/) });
      expect(sessionSetCookie(res)).toBeUndefined();
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(await tableCounts(ctx())).toEqual(before);
    });
  });

  it.each([
    ['Origin: http://localhost', { origin: 'http://localhost' }],
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['Sec-Fetch-Site: none (typed by the user)', { 'sec-fetch-site': 'none' }],
    ['Sec-Fetch-Site: same-origin and Origin: http://localhost', { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' }],
    ['no Origin or Sec-Fetch-Site (a non-browser client)', {}],
  ])('signs in a same-origin request with %s', async (_label, headers) => {
    const u = await theUser();
    const before = await tableCounts(ctx());

    const res = await post(ctx().app, '/api/login', JSON.stringify({ email: u.email, password: u.password }), { headers });

    expect(res.status).toBe(200);
    const cookie = sessionCookieFrom(res);
    expect(cookie).toBeDefined();
    expect((await tableCounts(ctx())).sessions).toBe(before.sessions + 1);
    expect((await get(ctx().app, '/api/api/user', { cookie })).status).toBe(200);
  });

  it('compares the Origin with the host the request was made to (https)', async () => {
    const u = await theUser();
    const body = JSON.stringify({ email: u.email, password: u.password });

    const same = await post(ctx().app, '/api/login', body, { base: 'https://portal.example', headers: { origin: 'https://portal.example' } });
    expect(same.status).toBe(200);

    const other = await post(ctx().app, '/api/login', body, { base: 'https://portal.example', headers: { origin: 'https://evil.example' } });
    expect(other.status).toBe(403);
    expect(sessionSetCookie(other)).toBeUndefined();
  });

  it('refuses a cross-site POST to any API path, not only /api/login', async () => {
    const res = await post(ctx().app, '/api/website/posts/delete', '{"id":1}', { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(await bodyOf(res)).toMatchObject({ success: false, isAuthFailed: false });
  });
});
