import { describe, expect, it } from 'vitest';
import { failureSchema } from '../../src/lib/contract/envelope';
import {
  addTestUser,
  bodyOf,
  createTestSchool,
  postLogin,
  sessionCookieFrom,
  useTestContext,
  type TestContext,
  type TestUser,
} from '../factories';

const WINDOW = 15 * 60;

async function twoUsers(ctx: TestContext): Promise<[TestUser, TestUser]> {
  const school = await createTestSchool(ctx);
  return [await addTestUser(ctx, school), await addTestUser(ctx, school)];
}

async function expectLimited(res: Response): Promise<void> {
  expect(res.status).toBe(429);
  const body = failureSchema.parse(await bodyOf(res));
  expect(body).toMatchObject({ success: false, isAuthFailed: false });
  expect(body.message).toMatch(/too many/i);
  expect(body.message).toMatch(/15 minutes/);
  expect(sessionCookieFrom(res)).toBeUndefined();
}

async function sessionCount(ctx: TestContext): Promise<number> {
  const row = await ctx.db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('sign-in rate limit', () => {
  const ctx = useTestContext({ per: 'test' });

  it('after 10 wrong passwords for one email, an address that failed for it is 429 even with the right password', async () => {
    const [user] = await twoUsers(ctx());
    // Spread over addresses, so only the per-email limit can be what stops the 11th attempt.
    for (let i = 1; i <= 10; i += 1) {
      const res = await postLogin(ctx().app, { email: user.email, password: 'wrong-password' }, { clientAddress: `192.0.2.${i}` });
      expect(res.status).toBe(401);
    }
    const sessionsBefore = await sessionCount(ctx());

    await expectLimited(await postLogin(ctx().app, user, { clientAddress: '192.0.2.1' }));
    expect(await sessionCount(ctx())).toBe(sessionsBefore);
  });

  it('counts one email however its case is written', async () => {
    const [user] = await twoUsers(ctx());
    for (let i = 1; i <= 10; i += 1) {
      const email = i % 2 ? user.email.toUpperCase() : user.email;
      await postLogin(ctx().app, { email, password: 'wrong-password' }, { clientAddress: `192.0.2.${i}` });
    }
    // 192.0.2.1 failed once, upper-case: only the email's count (10, both spellings) can stop it.
    await expectLimited(await postLogin(ctx().app, user, { clientAddress: '192.0.2.1' }));
  });

  it('allows 9 failures and then the right password', async () => {
    const [user] = await twoUsers(ctx());
    for (let i = 1; i <= 9; i += 1) {
      await postLogin(ctx().app, { email: user.email, password: 'wrong-password' }, { clientAddress: '192.0.2.50' });
    }
    const res = await postLogin(ctx().app, user, { clientAddress: '192.0.2.50' });
    expect(res.status).toBe(200);
    expect(sessionCookieFrom(res)).toBeDefined();
  });

  it('does not stop a different user signing in from a different address', async () => {
    const [victim, other] = await twoUsers(ctx());
    for (let i = 0; i < 10; i += 1) {
      await postLogin(ctx().app, { email: victim.email, password: 'wrong-password' }, { clientAddress: '192.0.2.66' });
    }
    await expectLimited(await postLogin(ctx().app, victim, { clientAddress: '192.0.2.66' }));

    const res = await postLogin(ctx().app, other, { clientAddress: '198.51.100.77' });
    expect(res.status).toBe(200);
    expect(sessionCookieFrom(res)).toBeDefined();
  });

  it('after 10 failures from one address over different emails, that address is 429 and another is not', async () => {
    const [user] = await twoUsers(ctx());
    for (let i = 0; i < 10; i += 1) {
      const res = await postLogin(ctx().app, { email: `guess${i}@nowhere.test`, password: 'wrong-password' }, { clientAddress: '192.0.2.99' });
      expect(res.status).toBe(401);
    }

    await expectLimited(await postLogin(ctx().app, user, { clientAddress: '192.0.2.99' }));

    const elsewhere = await postLogin(ctx().app, user, { clientAddress: '198.51.100.1' });
    expect(elsewhere.status).toBe(200);
    expect(sessionCookieFrom(elsewhere)).toBeDefined();
  });

  it('lets the user sign in again once 15 minutes have passed', async () => {
    const [user] = await twoUsers(ctx());
    for (let i = 0; i < 10; i += 1) {
      await postLogin(ctx().app, { email: user.email, password: 'wrong-password' }, { clientAddress: '192.0.2.7' });
    }
    await expectLimited(await postLogin(ctx().app, user, { clientAddress: '192.0.2.7' }));

    ctx().clock.advance(WINDOW - 60);
    await expectLimited(await postLogin(ctx().app, user, { clientAddress: '192.0.2.7' }));

    ctx().clock.advance(61);
    const res = await postLogin(ctx().app, user, { clientAddress: '192.0.2.7' });
    expect(res.status).toBe(200);
    expect(sessionCookieFrom(res)).toBeDefined();
  });
});

describe('the per-email limit cannot lock the owner out', () => {
  const ctx = useTestContext({ per: 'test' });
  const ATTACKER = '203.0.113.66';
  const OWNER = '198.51.100.10';

  async function failFrom(ctx: TestContext, email: string, addresses: string[]): Promise<void> {
    for (const clientAddress of addresses) {
      expect((await postLogin(ctx.app, { email, password: 'wrong-password' }, { clientAddress })).status).toBe(401);
    }
  }

  async function expectSignedIn(res: Response): Promise<void> {
    expect(res.status).toBe(200);
    expect(sessionCookieFrom(res)).toBeDefined();
  }

  it('lets the right password through from an address that has not failed, after 10 failures from another', async () => {
    const [alice] = await twoUsers(ctx());
    await failFrom(ctx(), alice.email, Array.from({ length: 10 }, () => ATTACKER));

    await expectSignedIn(await postLogin(ctx().app, alice, { clientAddress: OWNER }));
  });

  it('lets the right password through after 10 failures spread over 10 addresses', async () => {
    const [alice] = await twoUsers(ctx());
    await failFrom(ctx(), alice.email, Array.from({ length: 10 }, (_, i) => `203.0.113.${i + 1}`));

    await expectSignedIn(await postLogin(ctx().app, alice, { clientAddress: OWNER }));
  });

  it('still refuses the failing address itself, right password or not, until the window ends', async () => {
    const [alice] = await twoUsers(ctx());
    // One failure from the attacker and nine from elsewhere: the attacker's address is far under its
    // own limit, so only the per-email count can be what refuses it.
    await failFrom(ctx(), alice.email, [ATTACKER, ...Array.from({ length: 9 }, (_, i) => `203.0.113.${i + 1}`)]);

    await expectLimited(await postLogin(ctx().app, alice, { clientAddress: ATTACKER }));
    await expectLimited(await postLogin(ctx().app, { email: alice.email, password: 'wrong-password' }, { clientAddress: ATTACKER }));

    ctx().clock.advance(WINDOW);
    await expectSignedIn(await postLogin(ctx().app, alice, { clientAddress: ATTACKER }));
  });

  it('gives a new address one checked guess once the email is over the limit: a wrong one is 401, then that address is 429', async () => {
    const [alice] = await twoUsers(ctx());
    await failFrom(ctx(), alice.email, Array.from({ length: 10 }, () => ATTACKER));

    const guess = await postLogin(ctx().app, { email: alice.email, password: 'another-wrong-password' }, { clientAddress: '192.0.2.123' });
    expect(guess.status).toBe(401);
    expect(await bodyOf(guess)).toEqual({ success: false, isAuthFailed: true, message: 'Email or password is incorrect.' });

    await expectLimited(await postLogin(ctx().app, { email: alice.email, password: 'third-wrong-password' }, { clientAddress: '192.0.2.123' }));
    await expectLimited(await postLogin(ctx().app, alice, { clientAddress: '192.0.2.123' }));
    // The owner, elsewhere, is not affected.
    await expectSignedIn(await postLogin(ctx().app, alice, { clientAddress: OWNER }));
  });

  it("keeps counting the attacker's failures after the owner signs in", async () => {
    const [alice] = await twoUsers(ctx());
    await failFrom(ctx(), alice.email, [ATTACKER, ...Array.from({ length: 9 }, (_, i) => `203.0.113.${i + 1}`)]);

    await expectSignedIn(await postLogin(ctx().app, alice, { clientAddress: OWNER }));

    await expectLimited(await postLogin(ctx().app, { email: alice.email, password: 'wrong-password' }, { clientAddress: ATTACKER }));
  });

  it("clears the owner's own typos from that address once the right password is given", async () => {
    const [alice] = await twoUsers(ctx());
    await failFrom(ctx(), alice.email, Array.from({ length: 3 }, () => OWNER));
    await expectSignedIn(await postLogin(ctx().app, alice, { clientAddress: OWNER }));

    const rows = await ctx().db.selectFrom('login_failures').selectAll().where('ip', '=', OWNER).execute();
    expect(rows).toEqual([]);
  });
});

describe('a burst of sign-ins at once gets no more checks than the limits', () => {
  const ctx = useTestContext({ per: 'test' });

  /** Sends every attempt at once; the answers' statuses, each 429 checked for the limit's message. */
  async function burst(attempts: Array<{ email: string; password: string; clientAddress: string }>): Promise<number[]> {
    const answers = await Promise.all(attempts.map(({ clientAddress, ...credentials }) => postLogin(ctx().app, credentials, { clientAddress })));
    for (const res of answers.filter((r) => r.status === 429)) await expectLimited(res);
    return answers.map((res) => res.status);
  }

  const tally = (statuses: number[]) => ({ checked: statuses.filter((s) => s === 401).length, limited: statuses.filter((s) => s === 429).length });

  it('checks 10 of 30 wrong passwords sent together for one email from one address', async () => {
    const [user] = await twoUsers(ctx());
    const statuses = await burst(Array.from({ length: 30 }, () => ({ email: user.email, password: 'wrong-password', clientAddress: '192.0.2.30' })));

    expect(tally(statuses)).toEqual({ checked: 10, limited: 20 });
    // The owner, from that address, waits like anyone else there.
    await expectLimited(await postLogin(ctx().app, user, { clientAddress: '192.0.2.30' }));
  });

  it('checks 10 of 30 guesses sent together from one address, each for another email', async () => {
    const [user] = await twoUsers(ctx());
    const statuses = await burst(
      Array.from({ length: 30 }, (_, i) => ({ email: `guess${i}@nowhere.test`, password: 'wrong-password', clientAddress: '192.0.2.31' })),
    );

    expect(tally(statuses)).toEqual({ checked: 10, limited: 20 });
    await expectLimited(await postLogin(ctx().app, user, { clientAddress: '192.0.2.31' }));
  });

  it('gives a new address one check of a locked email, however many attempts it sends together', async () => {
    const [user] = await twoUsers(ctx());
    for (let i = 0; i < 10; i += 1) await postLogin(ctx().app, { email: user.email, password: 'wrong-password' }, { clientAddress: '203.0.113.66' });

    const statuses = await burst(Array.from({ length: 8 }, () => ({ email: user.email, password: 'wrong-password', clientAddress: '192.0.2.32' })));

    expect(tally(statuses)).toEqual({ checked: 1, limited: 7 });
  });
});
