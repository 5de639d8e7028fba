import { describe, expect, it } from 'vitest';
import { failureSchema } from '../../src/lib/contract/envelope';
import { LOGIN_DAILY_EMAIL_LIMIT, LOGIN_DAY_SECONDS, LOGIN_SLOW_SECONDS, reserveLoginAttempt } from '../../src/platform/auth/rate-limit';
import { addTestUser, bodyOf, createTestSchool, postLogin, sessionCookieFrom, useTestContext } from '../factories';

/**
 * The daily cap per email, on both databases: a new client address always gets one guess at an
 * email (so nobody can lock its owner out), so an attacker with many addresses (IPv6) is slowed
 * instead, once the email has failed LOGIN_DAILY_EMAIL_LIMIT times in a day: each attempt waits
 * until LOGIN_SLOW_SECONDS after the latest failure. Slowed, never locked: the owner gets in.
 */
describe('after 100 failures a day for one email, from any addresses, its attempts are slowed', () => {
  const ctx = useTestContext({ per: 'test' });
  let address = 0;
  /** A client address no attempt has come from: the attacker's next one, or the owner's. */
  const fresh = () => {
    address += 1;
    return { clientAddress: `2001:db8::${address.toString(16)}` };
  };

  const guess = (email: string) => postLogin(ctx().app, { email, password: 'wrong-password' }, fresh());

  /**
   * `count` wrong guesses at `email`, each from a new address, as the sign-in leaves them (the
   * attempt reserved, then never cleared), without hashing a password for each.
   */
  async function failedBefore(email: string, count: number): Promise<void> {
    for (let i = 0; i < count; i += 1) {
      expect(await reserveLoginAttempt(ctx().db, { email, ip: fresh().clientAddress }, ctx().clock.now)).toHaveProperty('id');
    }
  }

  async function expectSlowed(res: Response): Promise<void> {
    expect(res.status).toBe(429);
    const body = failureSchema.parse(await bodyOf(res));
    expect(body).toMatchObject({ success: false, isAuthFailed: false });
    expect(body.message).toBe('Too many failed sign-in attempts for this email today. Please wait a few seconds and try again.');
    expect(sessionCookieFrom(res)).toBeUndefined();
  }

  it('checks one attempt per pause, lets the owner in once it passes, and forgets the failures after a day', async () => {
    const user = await addTestUser(ctx(), await createTestSchool(ctx()));
    await failedBefore(user.email, LOGIN_DAILY_EMAIL_LIMIT - 1);
    // The 100th is still checked at once; then the email waits.
    expect((await guess(user.email)).status).toBe(401);
    await expectSlowed(await guess(user.email));
    await expectSlowed(await postLogin(ctx().app, user, fresh()));

    ctx().clock.advance(LOGIN_SLOW_SECONDS - 1);
    await expectSlowed(await guess(user.email));
    ctx().clock.advance(1);
    // Once the pause is over, one attempt is checked, however many arrive together.
    const together = await Promise.all(Array.from({ length: 5 }, () => guess(user.email)));
    expect(together.map((res) => res.status).sort()).toEqual([401, 429, 429, 429, 429]);
    for (const res of together.filter((r) => r.status === 429)) await expectSlowed(res);
    await expectSlowed(await postLogin(ctx().app, user, fresh()));

    ctx().clock.advance(LOGIN_SLOW_SECONDS);
    const owner = await postLogin(ctx().app, user, fresh());
    expect(owner.status).toBe(200);
    expect(sessionCookieFrom(owner)).toBeDefined();

    // A day after the 100th failure only the later ones are left: no pause any more.
    ctx().clock.advance(LOGIN_DAY_SECONDS - 2 * LOGIN_SLOW_SECONDS);
    expect((await guess(user.email)).status).toBe(401);
    expect((await guess(user.email)).status).toBe(401);
  });

  it('slows only that email: another user signs in at once from any address', async () => {
    const school = await createTestSchool(ctx());
    const [victim, colleague] = [await addTestUser(ctx(), school), await addTestUser(ctx(), school)];
    await failedBefore(victim.email, LOGIN_DAILY_EMAIL_LIMIT);
    await expectSlowed(await guess(victim.email));

    expect((await postLogin(ctx().app, colleague, fresh())).status).toBe(200);
    expect((await guess(colleague.email)).status).toBe(401);
  });
});
