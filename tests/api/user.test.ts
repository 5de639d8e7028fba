import { describe, expect, it } from 'vitest';
import { userResponseSchema } from '../../src/lib/contract/shell';
import { setSchoolProducts } from '../../src/modules/account/server/service';
import {
  addTestUser,
  bodyOf,
  createTestSchool,
  get,
  signIn,
  signedInUser,
  useTestContext,
} from '../factories';

const DAY = 24 * 60 * 60;

describe('GET /api/api/user', () => {
  const ctx = useTestContext();

  it('answers the signed-in user, their school label and the school’s real product flags', async () => {
    const products = { hapara: false, newsletter: true, builder: false, website: true, app: false };
    const { school, user, cookie } = await signedInUser(ctx(), products);

    const res = await get(ctx().app, '/api/api/user', { cookie });

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await bodyOf(res);
    expect(body).toEqual({
      success: true,
      isAuthFailed: false,
      user: { name: user.name, domain: school.label },
      domain: products,
    });
    expect(() => userResponseSchema.parse(body)).not.toThrow();
  });

  it('answers every flag on for a school with every product', async () => {
    const all = { hapara: true, newsletter: true, builder: true, website: true, app: true };
    const { cookie } = await signedInUser(ctx(), all);
    const body = userResponseSchema.parse(await bodyOf(await get(ctx().app, '/api/api/user', { cookie })));
    expect(body.domain).toEqual(all);
  });

  it.each([
    ['a made-up token', 'portal_session=not-a-real-session-token'],
    ['an empty token', 'portal_session='],
    ['an overlong token', `portal_session=${'x'.repeat(500)}`],
    ['a cookie of another name', 'session=abc; other=1'],
  ])('is 401 with isAuthFailed for %s', async (_label, cookie) => {
    const res = await get(ctx().app, '/api/api/user', { cookie });
    expect(res.status).toBe(401);
    expect(await bodyOf(res)).toMatchObject({ success: false, isAuthFailed: true });
  });

  it('keeps a session for PORTAL_SESSION_DAYS (7 days) and ends it after', async () => {
    const { cookie } = await signedInUser(ctx());

    ctx().clock.advance(7 * DAY - 1);
    const before = await get(ctx().app, '/api/api/user', { cookie });
    expect(before.status).toBe(200);

    ctx().clock.advance(2);
    const after = await get(ctx().app, '/api/api/user', { cookie });
    expect(after.status).toBe(401);
    expect(await bodyOf(after)).toMatchObject({ success: false, isAuthFailed: true });
  });

  it('answers school B’s label and flags for B’s session, never A’s', async () => {
    const a = await createTestSchool(ctx(), { products: { hapara: true, newsletter: true, builder: true, website: false, app: false } });
    const b = await createTestSchool(ctx(), { products: { hapara: false, newsletter: false, builder: false, website: true, app: true } });
    const userA = await addTestUser(ctx(), a);
    const userB = await addTestUser(ctx(), b);
    const cookieA = await signIn(ctx().app, userA);
    const cookieB = await signIn(ctx().app, userB);

    const bodyB = userResponseSchema.parse(await bodyOf(await get(ctx().app, '/api/api/user', { cookie: cookieB })));
    expect(bodyB.user).toEqual({ name: userB.name, domain: b.label });
    expect(bodyB.domain).toEqual(b.products);

    const bodyA = userResponseSchema.parse(await bodyOf(await get(ctx().app, '/api/api/user', { cookie: cookieA })));
    expect(bodyA.user).toEqual({ name: userA.name, domain: a.label });
    expect(bodyA.domain).toEqual(a.products);
  });

  it('reflects a change of the school’s products on the next call, without signing in again', async () => {
    const { school, cookie } = await signedInUser(ctx(), { website: true });
    const changed = { hapara: true, newsletter: false, builder: false, website: false, app: true };
    await setSchoolProducts(ctx().db, school.label, changed);

    const body = userResponseSchema.parse(await bodyOf(await get(ctx().app, '/api/api/user', { cookie })));
    expect(body.domain).toEqual(changed);
  });
});
