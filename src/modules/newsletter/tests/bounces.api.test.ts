import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membersPageResponseSchema, sendDetailResponseSchema, sendsResponseSchema } from '../contract';
import { emailKey } from '../rules';
import { requestContext } from '../../../platform/context';
import { runDueJobs } from '../../../platform/jobs';
import { mailTransportOf, verpTarget } from '../../../platform/mail';
import type { BounceReport } from '../../../platform/mail/bounces/report';
import { JOBS } from '../../../app/modules';
import { countAudience, insertMember } from '../server/embedded/members/repository';
import { startSend } from '../server/embedded/sends/service';
import { recordBounce, SOFT_BOUNCE_LIMIT } from '../server/embedded/bounces/record';
import { bodyOf, get, post, signedInUser, useTestContext, type TestContext, type TestSchool } from '../../../../tests/factories';

/**
 * Bounces and complaints (issue 28), on both databases: each copy goes out with its own signed
 * bounce address; what comes back (read from the mailbox or a provider's webhook) is matched to
 * its copy, suppresses the address by the rules (hard at once, soft at the third in 30 days, a
 * complaint unsubscribes), shows on the mailing list and the send, and the next send skips it.
 */
const BASE = 'https://portal.example.org';
const BOUNCE_DOMAIN = 'bounces.example.org';
const WEBHOOK_SECRET = 'a-webhook-secret-of-32-characters';
const MAILGUN_KEY = 'key-3ax6xnjp29jd6fds4gc373sgvjxteol0';

interface Copy {
  email: string;
  sender: string;
  messageId: string;
}

describe('newsletter: bounces and complaints', () => {
  const ctx = useTestContext({ env: { MAIL_BOUNCE_DOMAIN: BOUNCE_DOMAIN, MAIL_WEBHOOK_SECRET: WEBHOOK_SECRET, MAIL_MAILGUN_SIGNING_KEY: MAILGUN_KEY } });
  let school: TestSchool;
  let other: TestSchool;
  let cookie = '';
  let sendId = 0;
  let copies: Copy[] = [];
  const addresses = ['gone@families.example.org', 'full@families.example.org', 'spam@families.example.org', 'fine@families.example.org', 'shared@families.example.org', 'hooked@families.example.org', 'gun@families.example.org'];

  async function sendTo(c: TestContext, domainId: number, userId: number): Promise<number> {
    const sctx = requestContext(c.runtime, { user: { id: userId, email: 'staff@example.org' }, domain: { id: domainId, label: 'x' } } as Parameters<typeof requestContext>[1]);
    const { id } = await startSend(sctx, { fromName: 'Hill School', subject: 'June news', html: '<p>Hello</p>', text: 'Hello' }, { portalOrigin: BASE, quota: c.config });
    await runDueJobs(c.runtime, JOBS, { log: () => undefined });
    return id;
  }

  async function copiesOf(domainId: number): Promise<Copy[]> {
    const rows = await ctx().db.selectFrom('mail_outbox').select(['recipients', 'sender', 'message_id']).where('domain_id', '=', domainId).orderBy('id').execute();
    return rows.map((r) => ({ email: r.recipients, sender: r.sender, messageId: (r.message_id ?? '').replace(/^<|>$/g, '') }));
  }

  const tagOf = (copy: Copy) => /^bounce\+([^@]+)@/.exec(copy.sender)![1]!;
  const copyTo = (email: string) => copies.find((c) => c.email === email)!;

  function report(over: Partial<BounceReport>): BounceReport {
    return { kind: 'hard', source: 'mailbox', recipient: null, tag: null, messageId: null, detail: '5.1.1 user unknown', eventId: `e-${Math.random()}`, at: ctx().clock.now, ...over };
  }

  async function memberStates(): Promise<Record<string, string>> {
    const res = await get(ctx().app, '/api/newsletter/manage/list/page?page=1&limit=50', { cookie });
    expect(res.status).toBe(200);
    const { members } = membersPageResponseSchema.parse(await bodyOf(res));
    return Object.fromEntries(members.map((m) => [m.address, m.subscribed ? 'subscribed' : (m.stopped ?? 'unsubscribed')]));
  }

  beforeAll(async () => {
    const signed = await signedInUser(ctx(), { newsletter: true });
    ({ school, cookie } = signed);
    for (const email of addresses) await insertMember(ctx().db, school.id, { email, key: emailKey(email), name: email.split('@')[0]!, createdAt: ctx().clock.now });
    sendId = await sendTo(ctx(), school.id, signed.user.id);
    copies = await copiesOf(school.id);

    // Another school whose list holds one of the same addresses.
    const second = await signedInUser(ctx(), { newsletter: true });
    other = second.school;
    await insertMember(ctx().db, other.id, { email: 'shared@families.example.org', key: 'shared@families.example.org', name: 'Shared', createdAt: ctx().clock.now });
  });
  afterAll(() => {
    mailTransportOf(ctx().runtime).close();
  });

  it('gives every copy its own bounce address, signed, that names its delivery', async () => {
    expect(copies.map((c) => c.email).sort()).toEqual([...addresses].sort());
    const senders = copies.map((c) => c.sender);
    expect(new Set(senders).size).toBe(addresses.length);
    for (const copy of copies) {
      expect(copy.sender).toMatch(new RegExp(`^bounce\\+[0-9]+-[0-9a-f]{16}@${BOUNCE_DOMAIN.replace(/\./g, '\\.')}$`));
      const id = await verpTarget(ctx().db, tagOf(copy));
      const delivery = await ctx().db.selectFrom('newsletter_deliveries').select('email').where('id', '=', id!).executeTakeFirstOrThrow();
      expect(delivery.email).toBe(copy.email);
    }
    // A changed signature or id names nothing.
    const [id, sig] = tagOf(copies[0]!).split('-') as [string, string];
    expect(await verpTarget(ctx().db, `${id}-${sig.replace(/^./, (ch) => (ch === '0' ? '1' : '0'))}`)).toBeNull();
    expect(await verpTarget(ctx().db, `${Number(id) + 1}-${sig}`)).toBeNull();
  });

  it('a hard bounce to the copy’s address suppresses it at once; the same report again changes nothing', async () => {
    const bounce = report({ tag: tagOf(copyTo('gone@families.example.org')), eventId: 'dsn-1' });
    expect(await recordBounce(ctx().db, bounce)).toBe('suppressed');
    expect(await recordBounce(ctx().db, bounce)).toBe('duplicate');
    expect((await memberStates())['gone@families.example.org']).toBe('bounced');
  });

  it(`soft bounces suppress at the ${SOFT_BOUNCE_LIMIT}rd within 30 days, not before; older ones do not count`, async () => {
    const tag = tagOf(copyTo('full@families.example.org'));
    const now = ctx().clock.now;
    expect(await recordBounce(ctx().db, report({ kind: 'soft', tag, eventId: 'soft-old', at: now - 31 * 24 * 3600 }))).toBe('recorded');
    expect(await recordBounce(ctx().db, report({ kind: 'soft', tag, eventId: 'soft-1' }))).toBe('recorded');
    expect(await recordBounce(ctx().db, report({ kind: 'soft', tag, eventId: 'soft-2' }))).toBe('recorded');
    expect((await memberStates())['full@families.example.org']).toBe('subscribed');
    expect(await recordBounce(ctx().db, report({ kind: 'soft', tag, eventId: 'soft-3' }))).toBe('suppressed');
    expect((await memberStates())['full@families.example.org']).toBe('bounced');
  });

  it('a complaint found by the copy’s Message-ID unsubscribes the address', async () => {
    const copy = copyTo('spam@families.example.org');
    expect(await recordBounce(ctx().db, report({ kind: 'complaint', messageId: copy.messageId, recipient: copy.email, eventId: 'arf-1' }))).toBe('suppressed');
    expect((await memberStates())['spam@families.example.org']).toBe('complained');
  });

  it('a mailbox report naming only an address, or a forged tag, changes nothing (anyone can mail the mailbox)', async () => {
    const [id] = tagOf(copyTo('fine@families.example.org')).split('-');
    expect(await recordBounce(ctx().db, report({ recipient: 'fine@families.example.org', eventId: 'forged-1' }))).toBe('unmatched');
    expect(await recordBounce(ctx().db, report({ tag: `${id}-0000000000000000`, eventId: 'forged-2' }))).toBe('unmatched');
    expect((await memberStates())['fine@families.example.org']).toBe('subscribed');
  });

  it('touches only the school that sent the copy, even for an address both schools list', async () => {
    expect(await recordBounce(ctx().db, report({ tag: tagOf(copyTo('shared@families.example.org')), eventId: 'shared-1' }))).toBe('suppressed');
    expect((await memberStates())['shared@families.example.org']).toBe('bounced');
    expect(await countAudience(ctx().db, other.id)).toBe(1);
  });

  const basic = (secret: string) => `Basic ${Buffer.from(`postmark:${secret}`).toString('base64')}`;
  const postmarkBounce = (email: string) =>
    JSON.stringify({ RecordType: 'Bounce', ID: 4323372036854776000, Type: 'HardBounce', MessageID: '883953f4-6105-42a2-a16a-77a8eac79483', Email: email, BouncedAt: new Date(ctx().clock.now * 1000).toISOString(), Details: 'smtp;550 5.1.1 mailbox not found' });

  it('Postmark’s webhook, with the secret of its URL, suppresses the address its school last mailed', async () => {
    const res = await post(ctx().app, '/api/newsletter/bounces/postmark', postmarkBounce('hooked@families.example.org'), { headers: { authorization: basic(WEBHOOK_SECRET) } });
    expect(res.status).toBe(200);
    expect(await bodyOf(res)).toMatchObject({ success: true, received: 1, recorded: 1 });
    expect((await memberStates())['hooked@families.example.org']).toBe('bounced');
  });

  it('a webhook with a wrong secret is challenged (401) and changes nothing; an unknown provider is 404; one without its key 403', async () => {
    const wrong = await post(ctx().app, '/api/newsletter/bounces/postmark', postmarkBounce('fine@families.example.org'), { headers: { authorization: basic('not-the-secret-at-all!') } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    expect(await bodyOf(wrong)).toMatchObject({ success: false });
    expect((await post(ctx().app, '/api/newsletter/bounces/unknown', '{}')).status).toBe(404);
    expect((await post(ctx().app, '/api/newsletter/bounces/sendgrid', '[]')).status).toBe(403);
    expect((await memberStates())['fine@families.example.org']).toBe('subscribed');
  });

  it('Mailgun’s signed webhook finds the copy by its Message-ID; a replayed or forged signature is refused', async () => {
    const copy = copyTo('gun@families.example.org');
    const timestamp = String(ctx().clock.now);
    const token = 'a8ce0edb2dd8301dee6c2405235584e45aa91d1e9f979f3de0';
    const eventData = {
      event: 'failed',
      id: 'G9Bn5sl1TC6nu79C8C0bwg',
      timestamp: ctx().clock.now,
      severity: 'permanent',
      recipient: copy.email,
      message: { headers: { 'message-id': `<${copy.messageId}>` } },
      'delivery-status': { code: 550, message: '', description: '5.1.1 The account does not exist.' },
    };
    const signature = createHmac('sha256', MAILGUN_KEY).update(timestamp + token).digest('hex');
    const forged = JSON.stringify({ signature: { timestamp, token, signature: signature.replace(/^./, (ch) => (ch === 'a' ? 'b' : 'a')) }, 'event-data': eventData });
    expect((await post(ctx().app, '/api/newsletter/bounces/mailgun', forged)).status).toBe(401);
    expect((await memberStates())[copy.email]).toBe('subscribed');
    const res = await post(ctx().app, '/api/newsletter/bounces/mailgun', JSON.stringify({ signature: { timestamp, token, signature }, 'event-data': eventData }));
    expect(await bodyOf(res)).toMatchObject({ success: true, received: 1, recorded: 1 });
    expect((await memberStates())[copy.email]).toBe('bounced');
  });

  it('Sent Newsletters counts the copies that bounced and were marked as spam; the send lists them', async () => {
    const list = sendsResponseSchema.parse(await bodyOf(await get(ctx().app, '/api/newsletter/sends?page=1', { cookie })));
    const listed = list.sends.find((s) => s.id === sendId)!;
    // gone (hard), full (three soft: one copy), shared, hooked, gun (hard): five copies; spam: one complaint.
    expect(listed.bounces).toEqual({ bounced: 5, complained: 1 });
    const detail = sendDetailResponseSchema.parse(await bodyOf(await get(ctx().app, `/api/newsletter/sends/${sendId}`, { cookie })));
    expect(detail.send.bounces).toEqual({ bounced: 5, complained: 1 });
    expect(new Set(detail.bounces.map((b) => `${b.email} ${b.kind}`))).toEqual(
      new Set(['gone@families.example.org hard', 'full@families.example.org soft', 'spam@families.example.org complaint', 'shared@families.example.org hard', 'hooked@families.example.org hard', 'gun@families.example.org hard']),
    );
  });

  it('the next send skips every suppressed address', async () => {
    const before = (await copiesOf(school.id)).length;
    const nextSend = await sendTo(ctx(), school.id, (await ctx().db.selectFrom('users').select('id').where('domain_id', '=', school.id).executeTakeFirstOrThrow()).id);
    const sentTo = (await copiesOf(school.id)).slice(before).map((c) => c.email);
    expect(sentTo).toEqual(['fine@families.example.org']);
    expect(nextSend).toBeGreaterThan(sendId);
  });
});
