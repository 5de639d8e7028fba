import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { outboxMessageResponseSchema, sendMessagesResponseSchema, type OutboxMessage } from '../contract';
import { emailKey } from '../rules';
import { requestContext } from '../../../platform/context';
import { runDueJobs } from '../../../platform/jobs';
import { mailTransportOf } from '../../../platform/mail';
import { JOBS } from '../../../app/modules';
import { insertMember } from '../server/embedded/members/repository';
import { startSend } from '../server/embedded/sends/service';
import { parseHeaders } from '../../../platform/mail/outbox-reader';
import { bodyOf, get, signedInUser, useTestContext, type TestSchool } from '../../../../tests/factories';

/**
 * The outbox as staff read it (no MAIL_URL: every message is kept, not sent), on both databases:
 * a send's copies a page at a time and one message whole, with its headers as they would have
 * gone out; only the school's own newsletter mail, never another school's.
 */
const BASE = 'https://portal.example.org';
const FROM_NAME = 'École Sainte-Thérèse';
const SUBJECT = 'Fête de l’été: sports day';

describe('newsletter: the outbox', () => {
  const ctx = useTestContext();
  let school: TestSchool;
  let cookie = '';
  let sendId = 0;
  const addresses = Array.from({ length: 12 }, (_, i) => `parent${String(i + 1).padStart(2, '0')}@families.example.org`);

  beforeAll(async () => {
    const signed = await signedInUser(ctx(), { newsletter: true });
    ({ school, cookie } = signed);
    for (const [i, email] of addresses.entries()) {
      await insertMember(ctx().db, school.id, { email, key: emailKey(email), name: `Parent ${i + 1}`, createdAt: ctx().clock.now });
    }
    const sctx = requestContext(ctx().runtime, { user: { id: signed.user.id, email: signed.user.email }, domain: { id: school.id, label: school.label } } as Parameters<typeof requestContext>[1]);
    const html = '<h1>Sports day</h1><p>Bring a <strong>water bottle</strong>.</p>';
    ({ id: sendId } = await startSend(sctx, { fromName: FROM_NAME, subject: SUBJECT, html, text: 'Sports day\n\nBring a water bottle.' }, { portalOrigin: BASE, quota: ctx().config }));
    await runDueJobs(ctx().runtime, JOBS, { log: () => undefined });
  });
  afterAll(() => {
    mailTransportOf(ctx().runtime).close();
  });

  async function failure(res: Response): Promise<{ status: number; isAuthFailed: boolean; text: string }> {
    const text = await res.text();
    return { status: res.status, isAuthFailed: (JSON.parse(text) as { isAuthFailed: boolean }).isAuthFailed, text };
  }

  async function messagesPage(page: number) {
    const res = await get(ctx().app, `/api/newsletter/sends/${sendId}/messages?page=${page}`, { cookie });
    expect(res.status).toBe(200);
    return sendMessagesResponseSchema.parse(await bodyOf(res));
  }

  async function message(id: number): Promise<OutboxMessage> {
    const res = await get(ctx().app, `/api/newsletter/outbox/${id}`, { cookie });
    expect(res.status).toBe(200);
    return outboxMessageResponseSchema.parse(await bodyOf(res)).message;
  }

  it('lists every copy of a send, 10 a page, each with its recipient and its message in the outbox', async () => {
    const first = await messagesPage(1);
    expect(first).toMatchObject({ total: 12, total_pages: 2 });
    expect(first.messages).toHaveLength(10);
    const second = await messagesPage(2);
    expect(second.messages).toHaveLength(2);
    const all = [...first.messages, ...second.messages];
    expect(all.map((m) => m.recipient)).toEqual(addresses);
    expect(all[0]).toMatchObject({ name: 'Parent 1', subject: SUBJECT, created_at: ctx().clock.now });
    const ids = all.map((m) => m.outbox_id);
    expect(ids.every((id) => typeof id === 'number')).toBe(true);
    expect(new Set(ids).size).toBe(12);
  });

  it('shows one message as it would have gone out: decoded headers in order, both bodies and the MIME source', async () => {
    const { messages } = await messagesPage(1);
    const listed = messages[2]!;
    const mail = await message(listed.outbox_id!);
    const parsed = await simpleParser(mail.raw);

    expect(mail.subject).toBe(SUBJECT);
    expect(mail.from).toBe(`${FROM_NAME} <no-reply@${new URL(ctx().runtime.config.PORTAL_PROVIDER_URL).hostname}>`);
    expect(mail.to).toBe(`Parent 3 <${addresses[2]}>`);
    expect(mail.message_id).toBe(parsed.messageId);
    expect(new Date(mail.date!).getTime()).toBe(parsed.date!.getTime());

    const names = mail.headers.map(([name]) => name.toLowerCase());
    for (const name of ['from', 'to', 'subject', 'message-id', 'date', 'list-unsubscribe', 'list-unsubscribe-post', 'mime-version']) expect(names).toContain(name);
    const header = (name: string) => mail.headers.find(([key]) => key.toLowerCase() === name)?.[1];
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe')).toMatch(/^<https:\/\/portal\.example\.org\/unsubscribe\/\d+\.[A-Za-z0-9_-]{43}>/);
    // The unfolded header is the one mailparser reads from the same source.
    expect(header('list-unsubscribe')).toBe((parsed.headerLines.find((h) => h.key === 'list-unsubscribe')!.line.replace(/^[^:]+:\s*/, '').replace(/\r?\n[ \t]+/g, '')));
    expect(header('subject')).toBe(parsed.subject);

    expect(mail.html).toContain('<strong>water bottle</strong>');
    expect(mail.html).toBe(parsed.html);
    expect(mail.text).toContain('Bring a water bottle.');
    expect(mail.raw).toMatch(/^Content-Type: multipart\/alternative/m);
  });

  it('answers 404 for another school’s send or message, and for the school’s mail that is not a newsletter, leaking nothing', async () => {
    const { messages } = await messagesPage(1);
    const mine = messages[0]!.outbox_id!;
    const other = await signedInUser(ctx(), { newsletter: true });
    for (const path of [`/api/newsletter/outbox/${mine}`, `/api/newsletter/sends/${sendId}/messages`, '/api/newsletter/outbox/99999999']) {
      const answer = await failure(await get(ctx().app, path, { cookie: other.cookie }));
      expect(answer, path).toMatchObject({ status: 404, isAuthFailed: false });
      expect(answer.text).not.toContain('Sports day');
      expect(answer.text).not.toContain('families.example.org');
    }

    // Mail kept for the school by something else (an invitation with its link) is not the newsletter's to show.
    const row = await ctx()
      .db.insertInto('mail_outbox')
      .values({ domain_id: school.id, created_at: ctx().clock.now, message_id: '<invite-1@portal.example.org>', sender: 'no-reply@portal.example.org', recipients: 'new.teacher@school.example.org', subject: 'You are invited', html: null, text: 'https://portal.example.org/invite/secret', raw: 'Subject: You are invited\r\n\r\nhttps://portal.example.org/invite/secret' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const invitation = await failure(await get(ctx().app, `/api/newsletter/outbox/${Number(row.id)}`, { cookie }));
    expect(invitation.status).toBe(404);
    expect(invitation.text).not.toContain('secret');
  });

  it('refuses bad ids and pages with 400', async () => {
    for (const path of ['/api/newsletter/outbox/abc', '/api/newsletter/outbox/0', '/api/newsletter/outbox/1.5', `/api/newsletter/sends/x/messages`, `/api/newsletter/sends/${sendId}/messages?page=0`, `/api/newsletter/sends/${sendId}/messages?page=two`]) {
      expect((await get(ctx().app, path, { cookie })).status, path).toBe(400);
    }
  });

  it('reads headers as a mail client would: folded lines joined, encoded words decoded even when a character is split between two', async () => {
    // 'é' is C3 A9 in UTF-8: here its two bytes are in two words, one B and one Q.
    const raw = [
      'Subject: =?UTF-8?B?RsOq?= =?UTF-8?Q?te_d=C3?=',
      ' =?UTF-8?Q?=A9t=C3=A9?= and more',
      'From: =?ISO-8859-1?Q?Caf=E9?= <cafe@example.org>',
      'X-Long: one',
      '\ttwo',
      'Bad line without a colon',
      '',
      'Subject: not a header: the body',
    ].join('\r\n');
    const headers = parseHeaders(raw);
    expect(headers).toEqual([
      ['Subject', 'Fête dété and more'],
      ['From', 'Café <cafe@example.org>'],
      ['X-Long', 'one\ttwo'],
    ]);
    expect((await simpleParser(raw)).subject).toBe(headers[0]![1]);
  });
});
