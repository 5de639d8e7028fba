import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { failureSchema } from '../../src/lib/contract/envelope';
import { requestPasswordReset, completePasswordReset } from '../../src/modules/account/server/embedded/password-reset/service';
import { acceptInvitation } from '../../src/modules/account/server/embedded/users/invitations';
import { DUMMY_HASH_PROMISE, PASSWORD_BUSY_MESSAGE, PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE, passwordHashing, withPasswordTurn } from '../../src/platform/auth/passwords';
import { runDueJobs } from '../../src/platform/jobs';
import { mailTransportOf } from '../../src/platform/mail';
import { JOBS } from '../../src/app/modules';
import { addTestUser, bodyOf, createTestSchool, postJson, postLogin, sessionCookieFrom, signedInUser, useTestContext, type TestContext } from '../factories';

/**
 * When this process already has as many passwords hashing and waiting as it allows
 * (auth/passwords.ts), whatever needs one more is refused at once, on both databases: a sign-in
 * answers 429 and counts as no failure; a reset link's or an invitation's form asks again. Nothing
 * changes, and the same request goes through once hashing frees up.
 */
const SESSION_SECONDS = 7 * 24 * 60 * 60;

/** Takes every turn and every place in line (work that waits for the returned release). */
async function fillPasswordLine(): Promise<() => Promise<void>> {
  await DUMMY_HASH_PROMISE;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const holders = Array.from({ length: PASSWORD_HASH_CONCURRENCY + PASSWORD_HASH_QUEUE }, () => withPasswordTurn(() => held));
  expect(passwordHashing()).toMatchObject({ waiting: PASSWORD_HASH_QUEUE });
  return async () => {
    release();
    await Promise.all(holders);
  };
}

/** The link a job mailed to `email` (the outbox, as no MAIL_URL is set), by its path. */
async function mailedToken(ctx: TestContext, email: string, path: string): Promise<string> {
  await runDueJobs(ctx.runtime, JOBS, { log: () => undefined });
  const mail = await ctx.db.selectFrom('mail_outbox').select('text').where('recipients', '=', email).executeTakeFirstOrThrow();
  const token = new RegExp(`/${path}/([A-Za-z0-9_-]{43})`).exec(mail.text ?? '')?.[1];
  if (!token) throw new Error(`No ${path} link in: ${mail.text ?? ''}`);
  return token;
}

async function failureCount(ctx: TestContext): Promise<number> {
  const row = await ctx.db.selectFrom('login_failures').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('when too many passwords are being hashed', () => {
  const ctx = useTestContext();
  let release: (() => Promise<void>) | undefined;

  afterEach(async () => {
    await release?.();
    release = undefined;
  });
  afterAll(() => mailTransportOf(ctx().runtime).close());

  it('refuses a sign-in at once with a 429 that counts as no failure; the same sign-in works afterwards', async () => {
    const user = await addTestUser(ctx(), await createTestSchool(ctx()));
    const failuresBefore = await failureCount(ctx());
    release = await fillPasswordLine();

    for (const password of [user.password, 'wrong-password']) {
      const res = await postLogin(ctx().app, { email: user.email, password }, { clientAddress: '198.51.100.70' });
      expect(res.status).toBe(429);
      expect(failureSchema.parse(await bodyOf(res))).toEqual({ success: false, isAuthFailed: false, message: PASSWORD_BUSY_MESSAGE, code: 'busy' });
      expect(sessionCookieFrom(res)).toBeUndefined();
    }
    expect(await failureCount(ctx())).toBe(failuresBefore);

    await release();
    release = undefined;
    const res = await postLogin(ctx().app, user, { clientAddress: '198.51.100.70' });
    expect(res.status).toBe(200);
    expect(sessionCookieFrom(res)).toBeDefined();
  });

  it("asks again for a reset link's new password, changing nothing; the link still works afterwards", async () => {
    const user = await addTestUser(ctx(), await createTestSchool(ctx()));
    await requestPasswordReset(ctx().db, { email: user.email }, { ip: '198.51.100.71', mailLinks: true }, ctx().clock.now);
    const token = await mailedToken(ctx(), user.email, 'reset-password');
    const choose = () => completePasswordReset(ctx().db, token, { password: 'a-new-password', confirm: 'a-new-password' }, ctx().clock.now, SESSION_SECONDS);
    release = await fillPasswordLine();

    expect(await choose()).toEqual({ state: 'ask', email: user.email, error: PASSWORD_BUSY_MESSAGE });

    await release();
    release = undefined;
    expect((await postLogin(ctx().app, user, { clientAddress: '198.51.100.71' })).status).toBe(200);
    expect(await choose()).toMatchObject({ state: 'signed-in' });
  });

  it("asks again for an invitation's first password, making no user; the link still works afterwards", async () => {
    const { cookie } = await signedInUser(ctx());
    const email = `invitee.${Date.now()}@example.org`;
    expect((await postJson(ctx().app, '/api/account/users/add', { email, name: 'Aroha Ngata' }, cookie)).status).toBe(200);
    const token = await mailedToken(ctx(), email, 'welcome');
    const choose = () => acceptInvitation(ctx().db, token, { password: 'a-good-password', confirm: 'a-good-password' }, ctx().clock.now, SESSION_SECONDS);
    release = await fillPasswordLine();

    expect(await choose()).toMatchObject({ state: 'ask', email, error: PASSWORD_BUSY_MESSAGE });
    expect(await ctx().db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);

    await release();
    release = undefined;
    expect(await choose()).toMatchObject({ state: 'signed-in' });
  });
});
