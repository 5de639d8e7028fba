import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../../platform/jobs';
import { mailTransportOf } from '../../../platform/mail';
import { JOBS } from '../../../app/modules';
import type { Runtime } from '../../../platform/runtime';
import { SESSION_COOKIE } from '../../../platform/auth/sessions';
import { addUser } from '../server/service';
import { isPostgres, isUniqueViolation } from '../../../platform/db';
import { PortableSchemaPlugin } from '../../../platform/db/dialect';
import * as m0025 from '../server/embedded/migrations/0025_account_invitations_per_school';
import { acceptInvitation, readWelcome } from '../server/embedded/users/invitations';
import { INVITATION_LINK_HOURS, PASSWORD_TOO_SHORT, PASSWORDS_DIFFER, RESEND_COOLDOWN_SECONDS, accountCalls } from '../contract';
import { bodyOf, get, post, postJson, postLogin, signedInUser, useTestContext, type TestSchool, type TestUser } from '../../../../tests/factories';
import { startSmtpSink, type SmtpSink } from '../../../../tests/factories/smtp-sink';

/**
 * Invitations (Account > Manage Users) against a real SMTP server, on both databases: adding a
 * user mails a single-use link to the welcome page, which works 72 hours; choosing a password
 * there makes the user and signs them in; Send again replaces the link; withdrawing the
 * invitation kills it; only the token's hash is stored.
 */
const quiet = { log: () => undefined };
const SESSION_SECONDS = 7 * 24 * 60 * 60;
let n = 0;

describe('invitations', () => {
  const ctx = useTestContext();
  let sink: SmtpSink;
  let rt: Runtime;

  beforeAll(async () => {
    sink = await startSmtpSink();
    const { runtime } = ctx();
    rt = { ...runtime, config: { ...runtime.config, MAIL_URL: `${sink.url}?pool=2`, PORTAL_MAIL_FROM: 'portal@provider.example.org' } };
  });
  afterAll(async () => {
    mailTransportOf(rt).close();
    await sink.close();
  });

  async function school(): Promise<{ school: TestSchool; me: TestUser; cookie: string }> {
    const { school, user, cookie } = await signedInUser(ctx());
    return { school, me: user, cookie };
  }

  function fresh(): string {
    n += 1;
    return `invitee.${n}.${Date.now()}@example.org`;
  }

  async function invite(cookie: string, email: string, name = 'Aroha Ngata'): Promise<void> {
    const res = await postJson(ctx().app, '/api/account/users/add', { email, name }, cookie);
    expect(res.status, JSON.stringify(await bodyOf(res.clone()))).toBe(200);
  }

  /** The mails the sink got for `email` so far, after running the due jobs. */
  async function mailTo(email: string) {
    await runDueJobs(rt, JOBS, quiet);
    return sink.received.filter((m) => m.envelopeTo.includes(email));
  }

  /** The welcome link's token in a message's text (and the same in its HTML). */
  function tokenOf(mail: { parsed: { text?: string; html?: string | false } }): string {
    const match = /http:\/\/localhost\/welcome\/([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '');
    if (!match?.[1]) throw new Error(`No welcome link in: ${mail.parsed.text ?? ''}`);
    expect(String(mail.parsed.html)).toContain(`http://localhost/welcome/${match[1]}`);
    return match[1];
  }

  async function listed(cookie: string, email: string) {
    const res = await get(ctx().app, '/api/account/users', { cookie });
    return accountCalls.users.response.parse(await bodyOf(res)).users.find((u) => u.email === email);
  }

  const accept = (token: string, password: string, confirm = password) =>
    acceptInvitation(ctx().db, token, { password, confirm }, ctx().clock.now, SESSION_SECONDS);

  it('mails a link that lets the invitee choose a password and signs them in; the link works once', async () => {
    const { school: s, me, cookie } = await school();
    const email = fresh();
    await invite(cookie, email);
    const [mail, ...more] = await mailTo(email);
    expect(more).toHaveLength(0);
    expect(mail!.parsed.subject).toBe(`You have been invited to the Staff Portal of ${s.name}`);
    expect(mail!.parsed.from?.value[0]).toEqual({ name: s.name, address: 'portal@provider.example.org' });
    expect(mail!.parsed.text).toContain(`Hello Aroha Ngata,\n\n${me.name} has authorised you`);
    expect(mail!.parsed.text).toContain(`for ${INVITATION_LINK_HOURS} hours`);
    const token = tokenOf(mail!);

    // Only the token's hash is kept.
    const row = await ctx().db.selectFrom('account_invitations').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);

    // Opening the link (a mail scanner does) only asks.
    expect(await readWelcome(ctx().db, token, ctx().clock.now)).toEqual({ state: 'ask', email, name: 'Aroha Ngata', schoolName: s.name });
    expect(await listed(cookie, email)).toMatchObject({ status: 'invited' });

    // The form's refusals keep the link working.
    expect(await accept(token, 'short')).toMatchObject({ state: 'ask', error: PASSWORD_TOO_SHORT });
    expect(await accept(token, 'a-good-password', 'another-password')).toMatchObject({ state: 'ask', error: PASSWORDS_DIFFER });

    const done = await accept(token, 'a-good-password');
    if (done.state !== 'signed-in') throw new Error(`Not signed in: ${JSON.stringify(done)}`);
    const session = `${SESSION_COOKIE}=${done.sessionToken}`;
    expect(await bodyOf(await get(ctx().app, '/api/api/user', { cookie: session }))).toMatchObject({
      success: true,
      user: { name: 'Aroha Ngata', domain: s.label },
    });
    expect(await listed(cookie, email)).toEqual({ email, name: 'Aroha Ngata', status: 'active', self: false });
    expect((await postLogin(ctx().app, { email, password: 'a-good-password' })).status).toBe(200);

    // Used: the link is dead, and the password stays as chosen.
    expect(await readWelcome(ctx().db, token, ctx().clock.now)).toEqual({ state: 'invalid' });
    expect(await accept(token, 'a-takeover-password')).toEqual({ state: 'invalid' });
    expect((await postLogin(ctx().app, { email, password: 'a-takeover-password' })).status).toBe(401);
  });

  it(`expires after ${INVITATION_LINK_HOURS} hours; Send again mails a new link and the old one stops working`, async () => {
    const { cookie } = await school();
    const email = fresh();
    await invite(cookie, email);
    const first = tokenOf((await mailTo(email))[0]!);

    ctx().clock.advance(INVITATION_LINK_HOURS * 60 * 60 - 1);
    expect(await readWelcome(ctx().db, first, ctx().clock.now)).toMatchObject({ state: 'ask' });
    ctx().clock.advance(1);
    expect(await readWelcome(ctx().db, first, ctx().clock.now)).toMatchObject({ state: 'expired' });
    expect(await accept(first, 'a-good-password')).toMatchObject({ state: 'expired' });
    expect(await listed(cookie, email)).toMatchObject({ status: 'expired' });

    const res = await postJson(ctx().app, '/api/account/users/resend', { email }, cookie);
    expect(res.status).toBe(200);
    const mails = await mailTo(email);
    expect(mails).toHaveLength(2);
    const second = tokenOf(mails[1]!);
    expect(second).not.toBe(first);
    expect(await listed(cookie, email)).toMatchObject({ status: 'invited' });
    expect(await readWelcome(ctx().db, first, ctx().clock.now)).toEqual({ state: 'invalid' });
    expect(await accept(second, 'a-good-password')).toMatchObject({ state: 'signed-in' });
  });

  it('sends only the newest of several asks, and nothing for an invitation withdrawn before its mail went', async () => {
    const { cookie } = await school();
    const email = fresh();
    await invite(cookie, email);
    ctx().clock.advance(RESEND_COOLDOWN_SECONDS);
    await postJson(ctx().app, '/api/account/users/resend', { email }, cookie);
    const mails = await mailTo(email);
    expect(mails).toHaveLength(1);
    expect(await readWelcome(ctx().db, tokenOf(mails[0]!), ctx().clock.now)).toMatchObject({ state: 'ask' });

    const withdrawn = fresh();
    await invite(cookie, withdrawn);
    const res = await get(ctx().app, `/api/account/users/${encodeURIComponent(withdrawn)}/delete`, { cookie, headers: { 'x-portal-client': '1' } });
    expect(res.status).toBe(200);
    expect(await mailTo(withdrawn)).toHaveLength(0);
  });

  it('kills the link of an invitation withdrawn after its mail went', async () => {
    const { cookie } = await school();
    const email = fresh();
    await invite(cookie, email);
    const token = tokenOf((await mailTo(email))[0]!);
    await get(ctx().app, `/api/account/users/${encodeURIComponent(email)}/delete`, { cookie, headers: { 'x-portal-client': '1' } });
    expect(await accept(token, 'a-good-password')).toEqual({ state: 'invalid' });
    expect((await postLogin(ctx().app, { email, password: 'a-good-password' })).status).toBe(401);
  });

  it('says so when the address became a user meanwhile, and changes nothing', async () => {
    const { school: s, cookie } = await school();
    const email = fresh();
    await invite(cookie, email);
    const token = tokenOf((await mailTo(email))[0]!);
    await addUser(ctx().db, { label: s.label, email, name: 'Added By The Operator', password: 'operator-password' }, ctx().clock.now);
    expect(await accept(token, 'a-good-password')).toEqual({ state: 'taken', email, schoolName: s.name });
    expect((await postLogin(ctx().app, { email, password: 'operator-password' })).status).toBe(200);
  });

  it('tells only the link’s holder that the address has an account at another school; that account and its school stay as they were', async () => {
    const mine = await school();
    const theirs = await school();
    // Both schools invite the address; it accepts the other school's first.
    const email = fresh();
    await invite(theirs.cookie, email);
    await invite(mine.cookie, email);
    const [first, second] = await mailTo(email);
    const theirsToken = tokenOf([first!, second!].find((m) => m.parsed.subject?.endsWith(theirs.school.name))!);
    const mineToken = tokenOf([first!, second!].find((m) => m.parsed.subject?.endsWith(mine.school.name))!);
    expect(await accept(theirsToken, 'their-password')).toMatchObject({ state: 'signed-in' });

    const told = { state: 'taken', email, schoolName: mine.school.name };
    expect(await readWelcome(ctx().db, mineToken, ctx().clock.now)).toEqual(told);
    expect(await accept(mineToken, 'a-takeover-password')).toEqual(told);
    expect((await postLogin(ctx().app, { email, password: 'their-password' })).status).toBe(200);
    expect((await postLogin(ctx().app, { email, password: 'a-takeover-password' })).status).toBe(401);
    // The inviting school sees an invitation like any other.
    expect(await listed(mine.cookie, email)).toEqual({ email, name: 'Aroha Ngata', status: 'invited', self: false });
  });

  it('treats made-up and malformed links as not valid', async () => {
    for (const token of ['', 'x', 'A'.repeat(43), '../../login', 'A'.repeat(44)]) {
      expect(await readWelcome(ctx().db, token, ctx().clock.now)).toEqual({ state: 'invalid' });
      expect(await accept(token, 'a-good-password')).toEqual({ state: 'invalid' });
    }
  });
});

describe('invitation links with PORTAL_URL set', () => {
  const ctx = useTestContext({ env: { PORTAL_URL: 'https://portal.example.org' } });

  it('point at PORTAL_URL whatever host the request named', async () => {
    const { cookie } = await signedInUser(ctx());
    const email = `hosted.${Date.now()}@example.org`;
    const res = await post(ctx().app, '/api/account/users/add', JSON.stringify({ email, name: 'Aroha Ngata' }), { cookie, base: 'http://attacker.example' });
    expect(res.status, JSON.stringify(await bodyOf(res.clone()))).toBe(200);
    await runDueJobs(ctx().runtime, JOBS, quiet);

    const rows = await ctx().db.selectFrom('mail_outbox').select('raw').execute();
    // Quoted-printable: soft line breaks joined.
    const mail = rows.map((r) => r.raw.replace(/=\r?\n/g, '')).find((raw) => raw.includes(email));
    expect(mail).toBeDefined();
    expect(mail).toMatch(/https:\/\/portal\.example\.org\/welcome\/[A-Za-z0-9_-]+/);
    expect(mail).not.toContain('attacker.example');
  });
});

describe('migration 0025: invitations become each school’s own', () => {
  const ctx = useTestContext();

  it('keeps every waiting invitation (its id and its link), then lets two schools invite one address, once each', async () => {
    const { db } = ctx();
    // As the migrator runs them: a schema of its own (Kysely<unknown>), translated on PostgreSQL.
    const schemaDb = (isPostgres(db) ? db.withPlugin(new PortableSchemaPlugin()) : db) as unknown as Kysely<unknown>;
    const [a, b] = [await signedInUser(ctx()), await signedInUser(ctx())];
    await m0025.down(schemaDb);
    const row = (domainId: number, email: string, hash: string) => ({
      domain_id: domainId,
      email,
      name: 'Aroha Ngata',
      invited_by: null,
      created_at: 1,
      requested_at: 1,
      token_hash: hash,
      sent_at: 1,
      expires_at: 2,
    });
    await db.insertInto('account_invitations').values(row(a.school.id, 'shared@example.org', 'a'.repeat(64))).execute();
    // Before: one invitation per address, across schools.
    await expect(db.insertInto('account_invitations').values(row(b.school.id, 'shared@example.org', 'b'.repeat(64))).execute()).rejects.toSatisfy(isUniqueViolation);
    const before = await db.selectFrom('account_invitations').selectAll().execute();

    await m0025.up(schemaDb);
    expect(await db.selectFrom('account_invitations').selectAll().execute()).toEqual(before);
    await db.insertInto('account_invitations').values(row(b.school.id, 'shared@example.org', 'b'.repeat(64))).execute();
    await expect(db.insertInto('account_invitations').values(row(b.school.id, 'shared@example.org', 'c'.repeat(64))).execute()).rejects.toSatisfy(isUniqueViolation);
    const ids = (await db.selectFrom('account_invitations').select('id').orderBy('id').execute()).map((r) => Number(r.id));
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBeGreaterThan(ids[0]!);
  });
});
