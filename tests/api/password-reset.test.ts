import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../src/platform/jobs';
import { mailTransportOf } from '../../src/platform/mail';
import { JOBS, SCHEDULES } from '../../src/app/modules';
import type { Runtime } from '../../src/platform/runtime';
import { SESSION_COOKIE } from '../../src/platform/auth/sessions';
import { resetPassword } from '../../src/modules/account/server/service';
import {
  completePasswordReset,
  readResetLink,
  requestPasswordReset,
  RESET_KEEP_SECONDS,
  RESETS_PER_ADDRESS,
  RESETS_PER_IP,
  WINDOW_SECONDS,
} from '../../src/modules/account/server/embedded/password-reset/service';
import { PASSWORDS_DIFFER, RESET_EMAIL_INVALID, RESET_LIMITED, RESET_LINK_MINUTES } from '../../src/modules/account/contract';
import { addTestUser, createTestSchool, get, postLogin, signIn, useTestContext, type TestSchool, type TestUser } from '../factories';
import { startSmtpSink, type SmtpSink } from '../factories/smtp-sink';

/**
 * 'Forgot password?' against a real SMTP server, on both databases: the answer never tells
 * whether an address has an account; a user's address gets a single-use link that works an hour;
 * choosing a new password there ends every session of the user and signs them in; requests are
 * rate-limited per client and per address; only the token's hash is stored.
 */
const quiet = { log: () => undefined };
const SESSION_SECONDS = 7 * 24 * 60 * 60;
const PORTAL = 'https://portal.example.org';
let n = 0;

describe('password reset', () => {
  const ctx = useTestContext();
  let sink: SmtpSink;
  let rt: Runtime;

  beforeAll(async () => {
    sink = await startSmtpSink();
    const { runtime } = ctx();
    rt = { ...runtime, config: { ...runtime.config, MAIL_URL: `${sink.url}?pool=2`, PORTAL_MAIL_FROM: 'portal@provider.example.org', PORTAL_URL: PORTAL } };
  });
  afterAll(async () => {
    mailTransportOf(rt).close();
    await sink.close();
  });

  /** A user of a new school, and a client address no other test uses. */
  async function person(): Promise<{ school: TestSchool; user: TestUser; ip: string }> {
    n += 1;
    const school = await createTestSchool(ctx(), { name: 'Greenfield Primary' });
    const user = await addTestUser(ctx(), school, { name: 'Pat Teacher' });
    return { school, user, ip: `10.9.${Math.floor(n / 250)}.${n % 250}` };
  }

  const ask = (email: unknown, ip: string) => requestPasswordReset(ctx().db, { email }, { ip, mailLinks: true }, ctx().clock.now);
  const complete = (token: string, password: string, confirm = password) =>
    completePasswordReset(ctx().db, token, { password, confirm }, ctx().clock.now, SESSION_SECONDS);

  async function mailTo(email: string) {
    await runDueJobs(rt, JOBS, quiet);
    return sink.received.filter((m) => m.envelopeTo.includes(email));
  }

  function tokenOf(mail: { parsed: { text?: string; html?: string | false } }): string {
    const match = /https:\/\/portal\.example\.org\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '');
    if (!match?.[1]) throw new Error(`No reset link in: ${mail.parsed.text ?? ''}`);
    expect(String(mail.parsed.html)).toContain(`${PORTAL}/reset-password/${match[1]}`);
    return match[1];
  }

  it('mails a link; the new password ends every session, signs the user in, and the link works once', async () => {
    const { school, user, ip } = await person();
    const laptop = await signIn(ctx().app, user);
    const phone = await signIn(ctx().app, user);

    expect(await ask(`  ${user.email.toUpperCase()} `, ip)).toEqual({ ok: true, email: user.email });
    const [mail, ...more] = await mailTo(user.email);
    expect(more).toHaveLength(0);
    expect(mail!.parsed.subject).toBe('Reset your Staff Portal password');
    expect(mail!.parsed.text).toContain(`sign in to the Staff Portal of ${school.name} as ${user.email}`);
    const token = tokenOf(mail!);
    const row = await ctx().db.selectFrom('account_password_resets').selectAll().where('email', '=', user.email).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token);

    // Opening the link only asks; the sessions and the password stay until the form is sent.
    expect(await readResetLink(ctx().db, token, ctx().clock.now)).toEqual({ state: 'ask', email: user.email });
    expect(await complete(token, 'new-password-1', 'new-password-2')).toEqual({ state: 'ask', email: user.email, error: PASSWORDS_DIFFER });
    expect((await get(ctx().app, '/api/api/user', { cookie: laptop })).status).toBe(200);

    const done = await complete(token, 'new-password-1');
    if (done.state !== 'signed-in') throw new Error(`Not signed in: ${JSON.stringify(done)}`);
    for (const old of [laptop, phone]) expect((await get(ctx().app, '/api/api/user', { cookie: old })).status).toBe(401);
    expect((await get(ctx().app, '/api/api/user', { cookie: `${SESSION_COOKIE}=${done.sessionToken}` })).status).toBe(200);
    expect((await postLogin(ctx().app, { email: user.email, password: user.password })).status).toBe(401);
    expect((await postLogin(ctx().app, { email: user.email, password: 'new-password-1' })).status).toBe(200);

    expect(await readResetLink(ctx().db, token, ctx().clock.now)).toEqual({ state: 'invalid' });
    expect(await complete(token, 'someone-elses-password')).toEqual({ state: 'invalid' });
  });

  it('answers an unknown address exactly as a known one, and mails it nothing', async () => {
    const { user, ip } = await person();
    const unknown = `nobody.${n}@example.org`;
    expect(await ask(unknown, ip)).toEqual({ ok: true, email: unknown });
    expect(await ask(user.email, ip)).toEqual({ ok: true, email: user.email });
    expect(await mailTo(unknown)).toHaveLength(0);
    expect(await mailTo(user.email)).toHaveLength(1);
  });

  it('refuses an address that is not one, storing and mailing nothing', async () => {
    const { ip } = await person();
    for (const email of ['', '   ', 'not-an-address', undefined, 42, 'a'.repeat(330) + '@example.org']) {
      expect(await ask(email, ip)).toEqual({ ok: false, status: 400, message: RESET_EMAIL_INVALID });
    }
    expect(await ctx().db.selectFrom('account_password_resets').select('id').where('ip', '=', ip).execute()).toHaveLength(0);
  });

  it(`expires after ${RESET_LINK_MINUTES} minutes`, async () => {
    const { user, ip } = await person();
    await ask(user.email, ip);
    const token = tokenOf((await mailTo(user.email))[0]!);
    ctx().clock.advance(RESET_LINK_MINUTES * 60 - 1);
    expect(await readResetLink(ctx().db, token, ctx().clock.now)).toMatchObject({ state: 'ask' });
    ctx().clock.advance(1);
    expect(await readResetLink(ctx().db, token, ctx().clock.now)).toEqual({ state: 'expired' });
    expect(await complete(token, 'new-password-1')).toEqual({ state: 'expired' });
    expect((await postLogin(ctx().app, { email: user.email, password: user.password })).status).toBe(200);
  });

  it("uses up the user's other links when a password is set, by a link or by the operator", async () => {
    const { user, ip } = await person();
    await ask(user.email, ip);
    await ask(user.email, ip);
    const [first, second] = (await mailTo(user.email)).map(tokenOf);
    expect(await complete(second!, 'new-password-1')).toMatchObject({ state: 'signed-in' });
    expect(await readResetLink(ctx().db, first!, ctx().clock.now)).toEqual({ state: 'invalid' });

    ctx().clock.advance(WINDOW_SECONDS);
    await ask(user.email, ip);
    const third = tokenOf((await mailTo(user.email))[2]!);
    await resetPassword(ctx().db, { email: user.email, password: 'operator-password' }, ctx().clock.now);
    expect(await complete(third, 'new-password-2')).toEqual({ state: 'invalid' });
    expect((await postLogin(ctx().app, { email: user.email, password: 'operator-password' })).status).toBe(200);
  });

  it('sends nothing for a request whose user was removed before the mail went, and kills links of removed users', async () => {
    const { user, ip } = await person();
    const other = await person();
    await ask(other.user.email, other.ip);
    const token = tokenOf((await mailTo(other.user.email))[0]!);
    await ask(user.email, ip);
    await ctx().db.deleteFrom('users').where('id', 'in', [user.id, other.user.id]).execute();
    expect(await mailTo(user.email)).toHaveLength(0);
    expect(await readResetLink(ctx().db, token, ctx().clock.now)).toEqual({ state: 'invalid' });
  });

  it('limits requests per address asked for (known or not) and per client address, for an hour', async () => {
    const { user } = await person();
    for (let i = 0; i < RESETS_PER_ADDRESS; i += 1) expect(await ask(user.email, `10.8.0.${i}`)).toMatchObject({ ok: true });
    expect(await ask(user.email, '10.8.0.99')).toEqual({ ok: false, status: 429, message: RESET_LIMITED });
    const unknown = `flooded.${n}@example.org`;
    for (let i = 0; i < RESETS_PER_ADDRESS; i += 1) expect(await ask(unknown, `10.8.1.${i}`)).toMatchObject({ ok: true });
    expect(await ask(unknown, '10.8.1.99')).toEqual({ ok: false, status: 429, message: RESET_LIMITED });
    expect(await mailTo(user.email)).toHaveLength(RESETS_PER_ADDRESS);

    const ip = '10.8.2.1';
    for (let i = 0; i < RESETS_PER_IP; i += 1) expect(await ask(`someone.${i}.${n}@example.org`, ip)).toMatchObject({ ok: true });
    expect(await ask(`someone.else.${n}@example.org`, ip)).toEqual({ ok: false, status: 429, message: RESET_LIMITED });

    ctx().clock.advance(WINDOW_SECONDS);
    expect(await ask(user.email, ip)).toMatchObject({ ok: true });
  });

  it('forgets requests after a day (the hourly upkeep)', async () => {
    const { user, ip } = await person();
    await ask(user.email, ip);
    ctx().clock.advance(RESET_KEEP_SECONDS + 1);
    await runDueJobs(rt, JOBS, { ...quiet, schedules: SCHEDULES });
    expect(await ctx().db.selectFrom('account_password_resets').select('id').where('email', '=', user.email).execute()).toHaveLength(0);
  });

  it('treats made-up and malformed links as not valid', async () => {
    for (const token of ['', 'x', 'A'.repeat(43), '../../login']) {
      expect(await readResetLink(ctx().db, token, ctx().clock.now)).toEqual({ state: 'invalid' });
      expect(await complete(token, 'new-password-1')).toEqual({ state: 'invalid' });
    }
  });
});
