import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../../platform/jobs';
import { mailTransportOf } from '../../../platform/mail';
import { JOBS, SCHEDULES } from '../../../app/modules';
import type { Runtime } from '../../../platform/runtime';
import { emailKey, SIGNUP_FIELDS_REQUIRED, SIGNUP_INVALID_EMAIL, SIGNUP_LIMITED } from '../rules';
import { findMemberByKey, insertMember, isSuppressed, suppress } from '../server/embedded/members/repository';
import {
  confirmSignup,
  findSignupSchool,
  readSignupLink,
  requestSignup,
  SIGNUPS_PER_ADDRESS,
  SIGNUPS_PER_IP,
  type SignupSchool,
} from '../server/embedded/signup/service';
import { createTestSchool, useTestContext } from '../../../../tests/factories';
import { startSmtpSink, type SmtpSink } from '../../../../tests/factories/smtp-sink';

/**
 * The public sign-up with double opt-in, against a real SMTP server on both databases: a request
 * mails a signed link and adds nobody; only the link's confirmation adds the address; links
 * expire, cannot be forged or used on another school; the honeypot and the rate limits hold; an
 * address that unsubscribed joins again only through its owner's confirmation.
 */
const SITE = 'https://portal.example.org/sites/';
const quiet = { log: () => undefined };
let n = 0;

describe('newsletter public sign-up', () => {
  const ctx = useTestContext();
  let sink: SmtpSink;
  let rt: Runtime;

  beforeAll(async () => {
    sink = await startSmtpSink();
    const { runtime } = ctx();
    rt = { ...runtime, config: { ...runtime.config, MAIL_URL: `${sink.url}?pool=2`, PORTAL_MAIL_FROM: 'newsletters@portal.example.org' } };
  });
  afterAll(async () => {
    mailTransportOf(rt).close();
    await sink.close();
  });

  async function school(products = { website: true, newsletter: true }): Promise<SignupSchool> {
    const created = await createTestSchool(ctx(), { products, name: 'Greenfield Primary' });
    const found = await findSignupSchool(ctx().db, created.label);
    if (!found) throw new Error('The school offers no sign-up.');
    return found;
  }

  /** A new address and client, so the limits of one test never touch another's. */
  function fresh(): { email: string; ip: string } {
    n += 1;
    return { email: `Parent.${n}.${Date.now()}@Families.example.org`, ip: `10.1.${Math.floor(n / 250)}.${n % 250}` };
  }

  function request(s: SignupSchool, fields: Record<string, unknown>, ip: string) {
    return requestSignup(ctx().db, s, fields, { ip, siteUrl: `${SITE}${s.label}`, mailLinks: true }, ctx().clock.now);
  }

  async function mailTo(address: string) {
    await runDueJobs(rt, JOBS, quiet);
    // The envelope carries the domain lowercased.
    return sink.received.filter((m) => m.envelopeTo.some((to) => emailKey(to) === emailKey(address)));
  }

  function tokenOf(text: string, s: SignupSchool): string {
    const match = new RegExp(`${SITE.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}${s.label.replace(/\./g, '\\.')}/newsletter/confirm/([^\\s"<]+)`).exec(text);
    if (!match?.[1]) throw new Error(`No confirmation link in: ${text}`);
    return match[1];
  }

  it('mails a signed link and adds nobody until the link is confirmed; confirming twice is once', async () => {
    const s = await school();
    const { email, ip } = fresh();
    expect(await request(s, { name: 'Pat Parent', email: `  ${email} ` }, ip)).toEqual({ ok: true });
    expect(await findMemberByKey(ctx().db, s.id, emailKey(email))).toBeUndefined();

    const [mail, ...more] = await mailTo(email);
    expect(more).toHaveLength(0);
    expect(mail!.parsed.subject).toBe('Please confirm your subscription to Greenfield Primary’s newsletter');
    expect(mail!.parsed.from?.value[0]).toEqual({ name: 'Greenfield Primary', address: 'newsletters@portal.example.org' });
    const to = mail!.parsed.to && 'value' in mail!.parsed.to ? mail!.parsed.to.value[0] : null;
    // Nothing the visitor typed but the address itself: not their name, in the header or the body.
    expect(to?.name).toBe('');
    expect(`${mail!.parsed.text}${String(mail!.parsed.html)}`).not.toContain('Pat Parent');
    expect(emailKey(to?.address ?? '')).toBe(emailKey(email));
    const token = tokenOf(mail!.parsed.text ?? '', s);
    expect(tokenOf(String(mail!.parsed.html), s)).toBe(token);

    // Opening the link (a mail scanner does) only asks.
    expect(await readSignupLink(ctx().db, s, token, ctx().clock.now)).toMatchObject({ state: 'ask', email });
    expect(await findMemberByKey(ctx().db, s.id, emailKey(email))).toBeUndefined();

    expect(await confirmSignup(ctx().db, s, token, ctx().clock.now)).toMatchObject({ state: 'done', email });
    expect(await findMemberByKey(ctx().db, s.id, emailKey(email))).toMatchObject({ email, name: 'Pat Parent', subscribed: true });
    expect(await confirmSignup(ctx().db, s, token, ctx().clock.now)).toMatchObject({ state: 'done' });
    const members = await ctx().db.selectFrom('newsletter_members').select('id').where('domain_id', '=', s.id).execute();
    expect(members).toHaveLength(1);
  });

  it('refuses empty fields and bad addresses with a clear message, storing and mailing nothing', async () => {
    const s = await school();
    const { email, ip } = fresh();
    expect(await request(s, { name: '', email }, ip)).toEqual({ ok: false, status: 400, message: SIGNUP_FIELDS_REQUIRED });
    expect(await request(s, { name: 'Pat', email: '  ' }, ip)).toEqual({ ok: false, status: 400, message: SIGNUP_FIELDS_REQUIRED });
    expect(await request(s, { name: 'Pat', email: 'not-an-address' }, ip)).toEqual({ ok: false, status: 400, message: SIGNUP_INVALID_EMAIL });
    expect(await request(s, { name: 'Pat\r\nBcc: x@example.org', email }, ip)).toMatchObject({ ok: false, status: 400 });
    expect(await ctx().db.selectFrom('newsletter_signups').select('id').where('domain_id', '=', s.id).execute()).toHaveLength(0);
    expect(await mailTo(email)).toHaveLength(0);
  });

  it('answers a filled-in honeypot as a success and does nothing', async () => {
    const s = await school();
    const { email, ip } = fresh();
    expect(await request(s, { name: 'Bot', email, website: 'https://spam.example' }, ip)).toEqual({ ok: true });
    expect(await ctx().db.selectFrom('newsletter_signups').select('id').where('domain_id', '=', s.id).execute()).toHaveLength(0);
    expect(await mailTo(email)).toHaveLength(0);
  });

  it('limits requests per client address, across schools, and per address asked for', async () => {
    const [a, b] = [await school(), await school()];
    const { ip } = fresh();
    for (let i = 0; i < SIGNUPS_PER_IP; i += 1) expect(await request(i % 2 ? a : b, { name: 'Pat', email: fresh().email }, ip)).toEqual({ ok: true });
    expect(await request(a, { name: 'Pat', email: fresh().email }, ip)).toEqual({ ok: false, status: 429, message: SIGNUP_LIMITED });
    // An hour later the address may ask again.
    ctx().clock.now += 60 * 60 + 1;
    expect(await request(a, { name: 'Pat', email: fresh().email }, ip)).toEqual({ ok: true });

    // One mailbox gets a few messages a day from a school, whoever asks.
    const { email } = fresh();
    for (let i = 0; i < SIGNUPS_PER_ADDRESS; i += 1) expect(await request(a, { name: 'Pat', email }, fresh().ip)).toEqual({ ok: true });
    expect(await request(a, { name: 'Pat', email: email.toUpperCase() }, fresh().ip)).toEqual({ ok: false, status: 429, message: SIGNUP_LIMITED });
    expect(await mailTo(email)).toHaveLength(SIGNUPS_PER_ADDRESS);
    // Another school's list is another matter.
    expect(await request(b, { name: 'Pat', email }, fresh().ip)).toEqual({ ok: true });
  });

  it('sends nothing to an address already subscribed, and says the same', async () => {
    const s = await school();
    const { email, ip } = fresh();
    await insertMember(ctx().db, s.id, { email, key: emailKey(email), name: 'Already', createdAt: ctx().clock.now });
    expect(await request(s, { name: 'Pat', email }, ip)).toEqual({ ok: true });
    expect(await mailTo(email)).toHaveLength(0);
  });

  it('lets an address that unsubscribed join again only by its owner’s confirmation', async () => {
    const s = await school();
    const { email, ip } = fresh();
    const key = emailKey(email);
    await insertMember(ctx().db, s.id, { email, key, name: 'Left once', createdAt: ctx().clock.now });
    await suppress(ctx().db, s.id, key, 'unsubscribed', ctx().clock.now);
    expect(await request(s, { name: 'Back again', email }, ip)).toEqual({ ok: true });
    expect(await isSuppressed(ctx().db, s.id, key)).toBe(true);
    const [mail] = await mailTo(email);
    await confirmSignup(ctx().db, s, tokenOf(mail!.parsed.text ?? '', s), ctx().clock.now);
    expect(await isSuppressed(ctx().db, s.id, key)).toBe(false);
    expect(await findMemberByKey(ctx().db, s.id, key)).toMatchObject({ subscribed: true });
  });

  it('refuses forged, altered and other schools’ links, and expired ones after 48 hours', async () => {
    const [s, other] = [await school(), await school()];
    const { email, ip } = fresh();
    await request(s, { name: 'Pat', email }, ip);
    const [mail] = await mailTo(email);
    const token = tokenOf(mail!.parsed.text ?? '', s);
    const [id, signature] = token.split('.') as [string, string];
    const altered = `${id}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [altered, `${Number(id) + 1}.${signature}`, 'nonsense', '']) {
      expect(await confirmSignup(ctx().db, s, bad, ctx().clock.now)).toEqual({ state: 'invalid' });
    }
    expect(await confirmSignup(ctx().db, other, token, ctx().clock.now)).toEqual({ state: 'invalid' });
    ctx().clock.now += 48 * 60 * 60;
    expect(await confirmSignup(ctx().db, s, token, ctx().clock.now)).toEqual({ state: 'expired' });
    expect(await findMemberByKey(ctx().db, s.id, emailKey(email))).toBeUndefined();
    expect(await findMemberByKey(ctx().db, other.id, emailKey(email))).toBeUndefined();
  });

  it('is offered only by schools with both a website and the newsletter', async () => {
    for (const products of [{ website: true, newsletter: false }, { website: false, newsletter: true }]) {
      const created = await createTestSchool(ctx(), { products });
      expect(await findSignupSchool(ctx().db, created.label)).toBeNull();
    }
  });

  it('forgets requests after a week (the hourly upkeep)', async () => {
    const s = await school();
    const { email, ip } = fresh();
    await request(s, { name: 'Pat', email }, ip);
    ctx().clock.now += 7 * 24 * 60 * 60 + 1;
    await runDueJobs(rt, JOBS, { ...quiet, schedules: SCHEDULES });
    expect(await ctx().db.selectFrom('newsletter_signups').select('id').where('domain_id', '=', s.id).execute()).toHaveLength(0);
  });
});
