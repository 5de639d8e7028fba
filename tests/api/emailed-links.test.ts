import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { defaultSettings, type Build } from '../../src/modules/newsletter/builder-contract';
import { emailKey } from '../../src/modules/newsletter/contract';
import { helpdeskOptions } from '../../src/modules/support/server/embedded/tickets/service';
import { replyAsProvider } from '../../src/modules/support/server/embedded/tickets/provider';
import { submitForgotPassword } from '../../src/modules/account/server/embedded/password-reset/service';
import { findSignupSchool, submitSignup } from '../../src/modules/newsletter/server/embedded/signup/service';
import { insertMember } from '../../src/modules/newsletter/server/embedded/members/repository';
import { LINK_HOST_REFUSED } from '../../src/platform/http/link-addresses';
import { runDueJobs } from '../../src/platform/jobs';
import { JOBS } from '../../src/app/modules';
import { addTestUser, bodyOf, CLIENT_ADDRESS, createTestSchool, signedInUser, useTestContext, type TestContext, type TestSchool } from '../factories';
import { addCategory, addPost } from '../factories/website-content';
import { SUPPORT_HELPDESK_ENDPOINTS } from '../../src/modules/support/helpdesk-calls';

/**
 * Links that leave the portal (issue 26, §4): whatever Host header a request carries, a mail holds
 * only the configured addresses — PORTAL_URL (and PORTAL_SITES_URL, else PORTAL_URL, for a school's
 * public site) — and without PORTAL_URL the address the server listens on (HOST/PORT), a request
 * under any other name producing no link at all. Every mail is read from the outbox (no MAIL_URL),
 * on both databases.
 */
const FOREIGN = 'http://attacker.example';
const CRAFTED_NAME = 'Your account will be closed - visit http://evil.example/login now';
const quiet = { log: () => undefined };

interface Mail {
  to: string;
  text: string;
  html: string;
  /** Every http(s) address in the text and the List-Unsubscribe header, and every href and src of the HTML. */
  links: string[];
  /** The Auto-Submitted and List-Id headers, as received ('' when absent). */
  autoSubmitted: string;
  listId: string;
}

/** The outbox's messages, parsed, after running the due jobs. */
async function outbox(ctx: TestContext): Promise<Mail[]> {
  await runDueJobs(ctx.runtime, JOBS, quiet);
  const rows = await ctx.db.selectFrom('mail_outbox').select('raw').orderBy('id').execute();
  return Promise.all(
    rows.map(async ({ raw }) => {
      const parsed = await simpleParser(raw);
      const to = parsed.to && !Array.isArray(parsed.to) ? (parsed.to.value[0]?.address ?? '') : '';
      const text = parsed.text ?? '';
      const html = typeof parsed.html === 'string' ? parsed.html : '';
      const unsubscribe = String(parsed.headers.get('list-unsubscribe') ? JSON.stringify(parsed.headers.get('list-unsubscribe')) : '');
      const addresses = [...`${text}\n${unsubscribe}`.matchAll(/https?:\/\/[^\s"'<>)\\]+/g)].map((m) => m[0]);
      const attributes = [...html.matchAll(/\s(?:href|src)="([^"]+)"/g)].map((m) => m[1]!);
      const links = [...addresses, ...attributes];
      const header = (name: string) => /^([^:]+): (.*)$/m.exec(raw.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n\r?\n/)[0]!.split(/\r?\n/).find((line) => line.toLowerCase().startsWith(`${name}:`)) ?? '')?.[2] ?? '';
      return { to, text, html, links, autoSubmitted: header('auto-submitted'), listId: header('list-id') };
    }),
  );
}

async function mailsTo(ctx: TestContext, address: string): Promise<Mail[]> {
  return (await outbox(ctx)).filter((m) => emailKey(m.to) === emailKey(address));
}

/** Links only under `allowed`; system mail says it is Auto-Submitted, a newsletter names its school's list. */
function expectOnly(mails: Mail[], allowed: string[], kind: 'system' | 'newsletter' = 'system'): void {
  expect(mails.length).toBeGreaterThan(0);
  for (const mail of mails) {
    if (kind === 'system') expect([mail.autoSubmitted, mail.listId], mail.to).toEqual(['auto-generated', '']);
    else expect([mail.autoSubmitted, mail.listId], mail.to).toEqual(['', expect.stringMatching(/<[a-z0-9-]+\.list-id\.[a-z0-9.-]+>$/)]);
    expect(mail.links.length).toBeGreaterThan(0);
    for (const link of mail.links) expect(allowed.some((prefix) => link.startsWith(`${prefix}/`)), `${link} in a mail to ${mail.to}`).toBe(true);
    expect(`${mail.text}${mail.html}`).not.toContain('attacker.example');
  }
}

function formRequest(url: string, fields: Record<string, string>): Request {
  const body = new URLSearchParams(fields);
  return new Request(url, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

function multipart(ctx: TestContext, url: string, fields: Record<string, string>, cookie: string): Promise<Response> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return Promise.resolve(ctx.app.request(url, { method: 'POST', body: form, headers: { cookie } }, { clientAddress: CLIENT_ADDRESS }));
}

function json(ctx: TestContext, url: string, body: unknown, cookie: string): Promise<Response> {
  return Promise.resolve(
    ctx.app.request(url, { method: 'POST', body: JSON.stringify(body), headers: { cookie, 'content-type': 'application/json' } }, { clientAddress: CLIENT_ADDRESS }),
  );
}

const BUILD: Build = [[{ id: 't', type: 'text', data: { html: '<p>Sports day is on <a href="/sites/x/posts/y">Friday</a>.</p>' }, settings: defaultSettings('text') }], [], []];

/** A school with the newsletter, website, builder and app, a member on its list, a signed-in user. */
async function sendingSchool(ctx: TestContext) {
  const signed = await signedInUser(ctx, { newsletter: true, website: true, builder: true, app: true });
  const member = `parent.${signed.school.id}@families.example.org`;
  await insertMember(ctx.db, signed.school.id, { email: member, key: emailKey(member), name: 'A Parent', createdAt: ctx.clock.now });
  const newsletters = await addCategory(ctx, signed.school, 'Newsletters');
  return { ...signed, member, category: JSON.stringify({ [newsletters.id]: newsletters.name }) };
}

async function newTicket(ctx: TestContext, base: string, cookie: string): Promise<number> {
  const options = await helpdeskOptions(ctx);
  const res = await multipart(
    ctx,
    `${base}${SUPPORT_HELPDESK_ENDPOINTS.newTicket.path}`,
    { subject: 'The website is down', department: String(options.departments[0]!.id), priority: String(options.priorities[0]!.id), message: 'Since 9am.' },
    cookie,
  );
  expect(res.status).toBe(200);
  return ((await bodyOf(res)) as { ticket: { number: number } }).ticket.number;
}

describe('with PORTAL_URL set, a foreign Host header changes no link', () => {
  const PORTAL = 'https://portal.example.org';
  const ctx = useTestContext({ env: { PORTAL_URL: PORTAL } });

  it('the sign-up mails the school’s configured site address, and none of the visitor’s text', async () => {
    const school = await createTestSchool(ctx(), { products: { website: true, newsletter: true } });
    const signup = (await findSignupSchool(ctx().db, school.label))!;
    const email = `visitor.${school.id}@example.org`;
    const { outcome } = await submitSignup(ctx().runtime, signup, formRequest(`${FOREIGN}/sites/${school.label}/newsletter`, { name: CRAFTED_NAME, email }), '10.0.0.1');
    expect(outcome).toEqual({ ok: true });
    const mails = await mailsTo(ctx(), email);
    expectOnly(mails, [`${PORTAL}/sites/${school.label}/newsletter/confirm`]);
    expect(`${mails[0]!.text}${mails[0]!.html}`).not.toMatch(/evil\.example|account will be closed/);
  });

  it('a simple newsletter, a builder test and a builder send link only to the portal and the school’s site', async () => {
    const s = await sendingSchool(ctx());
    const simple = await multipart(ctx(), `${FOREIGN}/api/newsletter/send/simple`, { from: 'Office', subject: 'News', message: '<p>Hello <a href="/sites/x">all</a></p>', category: s.category }, s.cookie);
    expect(simple.status).toBe(200);
    const build = { from: 'Office', subject: 'Weekly', build: JSON.stringify(BUILD), category: s.category };
    expect((await multipart(ctx(), `${FOREIGN}/api/newsletter/send/builder`, { ...build, test: 'true' }, s.cookie)).status).toBe(200);
    const sent = await multipart(ctx(), `${FOREIGN}/api/newsletter/send/builder`, { ...build, test: 'false' }, s.cookie);
    expect(sent.status).toBe(200);
    expect(((await bodyOf(sent)) as { post_url: string }).post_url).toMatch(new RegExp(`^${PORTAL}/sites/`));

    const mails = [...(await mailsTo(ctx(), s.member)), ...(await mailsTo(ctx(), s.user.email))];
    // Two sends to the member (unsubscribe, view in browser, the posts' links), one test to the user.
    expect(mails).toHaveLength(3);
    expectOnly(mails, [PORTAL], 'newsletter');
    expect(mails.every((m) => m.links.some((link) => link.startsWith(`${PORTAL}/unsubscribe/`)))).toBe(true);
  });

  it('a push notification opens the post at the configured site address', async () => {
    const s = await sendingSchool(ctx());
    const post = await addPost(ctx(), s.school, { title: 'Sports day moved' });
    const res = await json(ctx(), `${FOREIGN}/api/app/send/notification`, { postId: post.id, title: 'Sports day', message: 'Friday' }, s.cookie);
    expect(res.status).toBe(200);
    expect(((await bodyOf(res)) as { notification: { url: string } }).notification.url).toBe(`${PORTAL}${post.post_url}`);
  });

  it('a ticket opened under a foreign name gets the provider’s reply with a link to the portal', async () => {
    const s = await signedInUser(ctx(), {});
    const number = await newTicket(ctx(), FOREIGN, s.cookie);
    await replyAsProvider(ctx().runtime, number, { message: 'Fixed.', authorName: 'Sam' });
    expectOnly(await mailsTo(ctx(), s.user.email), [`${PORTAL}/support`]);
  });
});

describe('without PORTAL_URL, links name the address the server listens on', () => {
  const LOCAL = 'http://localhost:4321';
  const ctx = useTestContext({ env: { HOST: 'localhost', PORT: '4321' } });
  const refused = { success: false, isAuthFailed: false, message: LINK_HOST_REFUSED(LOCAL), code: 'portal_address' };

  it('a password reset asked at the server’s address is mailed there; asked under another name, the same answer and no mail', async () => {
    const school: TestSchool = await createTestSchool(ctx());
    const user = await addTestUser(ctx(), school);
    const foreign = await submitForgotPassword(ctx().runtime, formRequest(`${FOREIGN}/forgot-password`, { email: user.email }), '10.0.1.1');
    const local = await submitForgotPassword(ctx().runtime, formRequest(`${LOCAL}/forgot-password`, { email: user.email }), '10.0.1.1');
    expect(foreign).toEqual(local);
    const mails = await mailsTo(ctx(), user.email);
    expect(mails).toHaveLength(1);
    expectOnly(mails, [`${LOCAL}/reset-password`]);
  });

  it('an invitation or Send again asked under another name is refused and writes nothing; at the server’s address its link names it', async () => {
    const { school, cookie } = await signedInUser(ctx());
    const email = `invitee.${school.id}@example.org`;
    expect(await bodyOf(await json(ctx(), `${FOREIGN}/api/account/users/add`, { email, name: 'Aroha Ngata' }, cookie))).toEqual(refused);
    expect(await ctx().db.selectFrom('account_invitations').select('id').where('domain_id', '=', school.id).execute()).toEqual([]);

    expect((await json(ctx(), `${LOCAL}/api/account/users/add`, { email, name: 'Aroha Ngata' }, cookie)).status).toBe(200);
    ctx().clock.advance(120);
    const again = await json(ctx(), `${FOREIGN}/api/account/users/resend`, { email }, cookie);
    expect(again.status).toBe(400);
    expect(await bodyOf(again)).toEqual(refused);
    const mails = await mailsTo(ctx(), email);
    expect(mails).toHaveLength(1);
    expectOnly(mails, [`${LOCAL}/welcome`]);
  });

  it('the sign-up under another name answers as usual and mails nothing; at the server’s address it mails the site there', async () => {
    const school = await createTestSchool(ctx(), { products: { website: true, newsletter: true } });
    const signup = (await findSignupSchool(ctx().db, school.label))!;
    const email = `visitor.${school.id}@example.org`;
    const ask = (base: string) => submitSignup(ctx().runtime, signup, formRequest(`${base}/sites/${school.label}/newsletter`, { name: 'Pat', email }), '10.0.2.1');
    expect((await ask(FOREIGN)).outcome).toEqual({ ok: true });
    expect(await mailsTo(ctx(), email)).toEqual([]);
    expect((await ask(LOCAL)).outcome).toEqual({ ok: true });
    expectOnly(await mailsTo(ctx(), email), [`${LOCAL}/sites/${school.label}/newsletter/confirm`]);
  });

  it('newsletters and notifications asked under another name are refused whole; at the server’s address they link there', async () => {
    const s = await sendingSchool(ctx());
    const post = await addPost(ctx(), s.school, { title: 'Sports day moved' });
    const simple = { from: 'Office', subject: 'News', message: '<p>Hello</p>', category: s.category };
    const build = { from: 'Office', subject: 'Weekly', build: JSON.stringify(BUILD), category: s.category };
    for (const res of [
      await multipart(ctx(), `${FOREIGN}/api/newsletter/send/simple`, simple, s.cookie),
      await multipart(ctx(), `${FOREIGN}/api/newsletter/send/builder`, { ...build, test: 'true' }, s.cookie),
      await multipart(ctx(), `${FOREIGN}/api/newsletter/send/builder`, { ...build, test: 'false' }, s.cookie),
      await json(ctx(), `${FOREIGN}/api/app/send/notification`, { postId: post.id, title: 'Sports day', message: 'Friday' }, s.cookie),
    ]) {
      expect(res.status).toBe(400);
      expect(await bodyOf(res)).toEqual(refused);
    }
    const written = async (table: 'newsletter_sends' | 'app_notifications') => (await ctx().db.selectFrom(table).select('id').where('domain_id', '=', s.school.id).execute()).length;
    expect([await written('newsletter_sends'), await written('app_notifications')]).toEqual([0, 0]);
    expect(await outbox(ctx()).then((all) => all.filter((m) => m.to === s.user.email || m.to === s.member))).toEqual([]);

    expect((await multipart(ctx(), `${LOCAL}/api/newsletter/send/simple`, simple, s.cookie)).status).toBe(200);
    expectOnly(await mailsTo(ctx(), s.member), [LOCAL], 'newsletter');
  });

  it('a ticket opened under another name gets the provider’s reply linking to the server’s address', async () => {
    const s = await signedInUser(ctx(), {});
    const number = await newTicket(ctx(), FOREIGN, s.cookie);
    await replyAsProvider(ctx().runtime, number, { message: 'Fixed.', authorName: 'Sam' });
    expectOnly(await mailsTo(ctx(), s.user.email), [`${LOCAL}/support`]);
  });
});
