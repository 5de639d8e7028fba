import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../../platform/jobs';
import { mailTransportOf } from '../../../platform/mail';
import { JOBS } from '../../../app/modules';
import type { Runtime } from '../../../platform/runtime';
import {
  DEPARTMENT_REQUIRED,
  MESSAGE_REQUIRED,
  SUBJECT_REQUIRED,
  TICKET_CLOSED,
  TICKET_NOT_FOUND,
  newTicketResponseSchema,
  replyResponseSchema,
  ticketResponseSchema,
  ticketSchema,
  ticketStatusResponseSchema,
  ticketsResponseSchema,
  type Ticket,
} from '../helpdesk-contract';
import { SUPPORT_HELPDESK_ENDPOINTS } from '../helpdesk-calls';
import { attachmentPath } from '../server/embedded/tickets/attachments';
import { findAttachmentFile, helpdeskOptions } from '../server/embedded/tickets/service';
import { replyAsProvider, setStatusAsProvider } from '../server/embedded/tickets/provider';
import { schoolContext } from '../../../platform/context';
import { bodyOf, failure, get, post, signedInUser, useTestContext, type TestSchool, type TestUser } from '../../../../tests/factories';
import { failureSchema } from '../../../lib/contract/envelope';
import { CLIENT_ADDRESS } from '../../../../tests/factories/http';
import { GPS_MARKER, HTML_AS_PNG, makeGpsImage, makeImage } from '../../../../tests/factories/media-images';
import { startSmtpSink, type SmtpSink } from '../../../../tests/factories/smtp-sink';

/**
 * The helpdesk's tickets through the API on both databases, with a real SMTP server for the
 * provider's replies: My Tickets (a page of 10, last updated first, the school's own only), a new
 * ticket with its attachment checked by its bytes, the thread, replies, close and reopen; another
 * school's ticket number answers as one nobody has (signed out: call-gates.test.ts).
 */
const E = SUPPORT_HELPDESK_ENDPOINTS;
const quiet = { log: () => undefined };

interface Staff {
  school: TestSchool;
  user: TestUser;
  cookie: string;
}

interface Upload {
  bytes: Uint8Array;
  name: string;
  type?: string;
}

describe('support: tickets', () => {
  const ctx = useTestContext();
  let sink: SmtpSink;
  let rt: Runtime;
  let technical = 0;
  let billing = 0;
  let low = 0;
  let urgent = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    const { runtime } = ctx();
    rt = {
      ...runtime,
      config: { ...runtime.config, MAIL_URL: sink.url, PORTAL_MAIL_FROM: 'help@portal.example.org', PORTAL_PROVIDER_NAME: 'Example Provider' },
    };
    const options = await helpdeskOptions(ctx());
    const id = (list: Array<{ id: number; name: string }>, name: string) => list.find((o) => o.name === name)!.id;
    technical = id(options.departments, 'Technical');
    billing = id(options.departments, 'Billing');
    low = id(options.priorities, 'Low');
    urgent = id(options.priorities, 'Urgent');
  });
  afterAll(async () => {
    mailTransportOf(rt).close();
    await sink.close();
  });

  async function staff(): Promise<Staff> {
    return signedInUser(ctx());
  }

  function postForm(url: string, fields: Record<string, string>, cookie: string, file?: Upload): Promise<Response> {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    if (file) form.append('attachment', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
    return Promise.resolve(ctx().app.request(url, { method: 'POST', body: form, headers: { cookie } }, { clientAddress: CLIENT_ADDRESS }));
  }

  async function newTicket(s: Staff, fields: Partial<Record<'subject' | 'department' | 'priority' | 'message', string>> = {}, file?: Upload): Promise<Ticket> {
    const res = await postForm(
      E.newTicket.path,
      { subject: 'The website is down', department: String(technical), priority: String(urgent), message: 'Since 9am.\r\nPlease help.', ...fields },
      s.cookie,
      file,
    );
    const body = await bodyOf(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    return newTicketResponseSchema.parse(body).ticket;
  }

  const ticketPath = (number: number) => E.ticket.path.replace('{number}', String(number));
  const replyPath = (number: number) => E.replyTicket.path.replace('{number}', String(number));
  const statusPath = (number: number) => E.ticketStatus.path.replace('{number}', String(number));

  async function thread(s: Staff, number: number) {
    const res = await get(ctx().app, ticketPath(number), { cookie: s.cookie });
    expect(res.status).toBe(200);
    return ticketResponseSchema.parse(await bodyOf(res));
  }

  async function listed(s: Staff, page = 1) {
    const res = await get(ctx().app, `${E.tickets.path}?page=${page}`, { cookie: s.cookie });
    expect(res.status).toBe(200);
    return ticketsResponseSchema.parse(await bodyOf(res));
  }

  async function mailTo(address: string) {
    await runDueJobs(rt, JOBS, quiet);
    return sink.received.filter((m) => m.envelopeTo.includes(address.toLowerCase()));
  }

  it('opens a ticket: a six-digit number, status Open, the chosen department and priority with their colours; the thread holds the message', async () => {
    const s = await staff();
    const ticket = await newTicket(s);
    expect(ticket).toEqual({
      id: expect.any(Number),
      number: expect.any(Number),
      subject: 'The website is down',
      department: 'Technical',
      priority: { name: 'Urgent', colour: '#d63939' },
      status: { name: 'Open', colour: '#206bc4' },
      date_updated: ctx().clock.now,
      closed: false,
    });
    expect(String(ticket.number)).toMatch(/^\d{6}$/);
    expect(Object.keys(ticket).sort()).toEqual(Object.keys(ticketSchema.shape).sort());

    const { messages } = await thread(s, ticket.number);
    expect(messages).toEqual([
      { id: expect.any(Number), author: 'staff', author_name: s.user.name, body: 'Since 9am.\nPlease help.', date_created: ctx().clock.now, attachments: [] },
    ]);
  });

  it('lists the school’s tickets, last updated first, ten a page, and none of another school’s', async () => {
    const s = await staff();
    const other = await staff();
    await newTicket(other, { subject: 'Not yours' });
    const made: Ticket[] = [];
    for (let i = 1; i <= 12; i++) {
      made.push(await newTicket(s, { subject: `Question ${i}` }));
      ctx().clock.advance(60);
    }
    // A reply moves a ticket to the top.
    const first = made[0]!;
    await postForm(replyPath(first.number), { message: 'Any news?' }, s.cookie);

    const page1 = await listed(s);
    expect(page1.total).toBe(12);
    expect(page1.total_pages).toBe(2);
    expect(page1.tickets.map((t) => t.subject)).toEqual(['Question 1', ...Array.from({ length: 9 }, (_, i) => `Question ${12 - i}`)]);
    expect(page1.tickets[0]).toMatchObject({ status: { name: 'Awaiting reply' }, date_updated: ctx().clock.now });
    const page2 = await listed(s, 2);
    expect(page2.tickets.map((t) => t.subject)).toEqual(['Question 3', 'Question 2']);
    expect([...page1.tickets, ...page2.tickets].some((t) => t.subject === 'Not yours')).toBe(false);
  });

  it('answers an empty list for a school without tickets', async () => {
    expect(await listed(await staff())).toEqual({ success: true, isAuthFailed: false, tickets: [], total_pages: 1, total: 0 });
  });

  it('refuses a ticket without a subject, message, or a real department, and keeps nothing', async () => {
    const s = await staff();
    // A 400 names the field it is about in `field`; a schema's message also says it in front (zod's messages do not name it).
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ subject: '   ' }, `subject: ${SUBJECT_REQUIRED}`, 'subject'],
      [{ message: ' \n ' }, `message: ${MESSAGE_REQUIRED}`, 'message'],
      [{ department: '' }, `department: ${DEPARTMENT_REQUIRED}`, 'department'],
      [{ department: '999999' }, DEPARTMENT_REQUIRED, 'department'],
      [{ subject: 'Line one\nLine two' }, 'subject: A subject is one line of text.', 'subject'],
    ];
    for (const [fields, message, field] of cases) {
      const res = await postForm(
        E.newTicket.path,
        { subject: 'Subject', department: String(billing), priority: String(low), message: 'Text', ...fields },
        s.cookie,
        { bytes: await makeImage('png', 20, 20), name: 'shot.png' },
      );
      expect({ status: res.status, ...failureSchema.parse(await bodyOf(res)) }, JSON.stringify(fields)).toMatchObject({ status: 400, message, field });
    }
    expect((await listed(s)).total).toBe(0);
    expect(
      fs.existsSync(path.join(ctx().config.PORTAL_DATA_DIR, 'support', String(s.school.id)))
        ? fs.readdirSync(path.join(ctx().config.PORTAL_DATA_DIR, 'support', String(s.school.id)))
        : [],
    ).toEqual([]);
  });

  it('checks an attachment by its bytes: a photo loses its location, a page named .png is not an image, an empty file is refused', async () => {
    const s = await staff();
    const photo = await makeGpsImage('jpeg');
    expect(photo.includes(GPS_MARKER)).toBe(true);
    const withPhoto = await newTicket(s, {}, { bytes: photo, name: 'C:\\fakepath\\screen shot.jpg', type: 'image/jpeg' });
    const [message] = (await thread(s, withPhoto.number)).messages;
    expect(message!.attachments).toEqual([
      {
        id: expect.any(Number),
        name: 'screen shot.jpg',
        size: expect.any(Number),
        mime_type: 'image/jpeg',
        url: `/helpdesk/tickets/${withPhoto.number}/attachments/${message!.attachments[0]!.id}`,
      },
    ]);
    const stored = await findAttachmentFile(schoolContext(ctx().db, s.school, ctx().clock.now), withPhoto.number, message!.attachments[0]!.id);
    const bytes = fs.readFileSync(attachmentPath(ctx().config.PORTAL_DATA_DIR, s.school.id, stored!.stored_name));
    expect(bytes.includes(GPS_MARKER)).toBe(false);
    expect((await sharp(bytes).metadata()).format).toBe('jpeg');
    expect(message!.attachments[0]!.size).toBe(bytes.byteLength);

    const page = await newTicket(s, {}, { bytes: HTML_AS_PNG, name: 'shot.png', type: 'image/png' });
    const [pageMessage] = (await thread(s, page.number)).messages;
    // Not an image whatever its name says: kept as the bytes' type, which is served as a download.
    expect(pageMessage!.attachments[0]!.mime_type).not.toMatch(/^image\//);

    const res = await postForm(E.newTicket.path, { subject: 'Empty', department: String(technical), priority: String(low), message: 'x' }, s.cookie, {
      bytes: new Uint8Array(0),
      name: 'empty.txt',
    });
    expect(await failure(res)).toMatchObject({ status: 400, message: 'The file is empty.' });
  });

  it('refuses an attachment over PORTAL_MAX_UPLOAD_MB with 413', async () => {
    const s = await staff();
    const big = new Uint8Array(ctx().config.PORTAL_MAX_UPLOAD_MB * 1024 * 1024 + 10);
    const res = await postForm(E.newTicket.path, { subject: 'Big', department: String(technical), priority: String(low), message: 'x' }, s.cookie, {
      bytes: big,
      name: 'big.bin',
    });
    expect((await failure(res)).status).toBe(413);
    expect((await listed(s)).total).toBe(0);
  });

  it('adds the school’s reply to the thread (Awaiting reply), closes and reopens; a closed ticket takes no reply', async () => {
    const s = await staff();
    const ticket = await newTicket(s);
    ctx().clock.advance(3600);
    const res = await postForm(replyPath(ticket.number), { message: 'It is back now.' }, s.cookie, {
      bytes: await makeImage('png', 30, 20),
      name: 'after.png',
    });
    const reply = replyResponseSchema.parse(await bodyOf(res));
    expect(reply.ticket).toMatchObject({
      number: ticket.number,
      status: { name: 'Awaiting reply', colour: '#ae3ec9' },
      date_updated: ctx().clock.now,
      closed: false,
    });
    expect(reply.message).toMatchObject({ author: 'staff', body: 'It is back now.', attachments: [{ name: 'after.png', mime_type: 'image/png' }] });
    expect((await thread(s, ticket.number)).messages.map((m) => m.body)).toEqual(['Since 9am.\nPlease help.', 'It is back now.']);

    ctx().clock.advance(60);
    const closed = ticketStatusResponseSchema.parse(
      await bodyOf(await post(ctx().app, statusPath(ticket.number), JSON.stringify({ action: 'close' }), { cookie: s.cookie })),
    );
    expect(closed.ticket).toMatchObject({ status: { name: 'Closed' }, closed: true, date_updated: ctx().clock.now });
    expect(await failure(await postForm(replyPath(ticket.number), { message: 'One more thing' }, s.cookie))).toEqual({
      status: 409,
      message: TICKET_CLOSED,
      isAuthFailed: false,
    });
    // Closing again changes nothing.
    ctx().clock.advance(60);
    const again = ticketStatusResponseSchema.parse(
      await bodyOf(await post(ctx().app, statusPath(ticket.number), JSON.stringify({ action: 'close' }), { cookie: s.cookie })),
    );
    expect(again.ticket.date_updated).toBe(closed.ticket.date_updated);

    const reopened = ticketStatusResponseSchema.parse(
      await bodyOf(await post(ctx().app, statusPath(ticket.number), JSON.stringify({ action: 'reopen' }), { cookie: s.cookie })),
    );
    expect(reopened.ticket).toMatchObject({ status: { name: 'Open' }, closed: false });
    expect(await failure(await post(ctx().app, statusPath(ticket.number), JSON.stringify({ action: 'delete' }), { cookie: s.cookie }))).toMatchObject({
      status: 400,
    });
  });

  it('answers another school’s ticket number exactly as a number nobody has, and changes nothing of it', async () => {
    const a = await staff();
    const b = await staff();
    const ticket = await newTicket(a);
    const before = await thread(a, ticket.number);
    const unknown = 999_999_999;
    const attempts = [
      (n: number) => get(ctx().app, ticketPath(n), { cookie: b.cookie }),
      (n: number) => postForm(replyPath(n), { message: 'From B' }, b.cookie),
      (n: number) => post(ctx().app, statusPath(n), JSON.stringify({ action: 'close' }), { cookie: b.cookie }),
    ];
    for (const attempt of attempts) {
      expect(await failure(await attempt(ticket.number))).toEqual({ status: 404, message: TICKET_NOT_FOUND, isAuthFailed: false });
      expect(await failure(await attempt(unknown))).toEqual({ status: 404, message: TICKET_NOT_FOUND, isAuthFailed: false });
    }
    expect(await thread(a, ticket.number)).toEqual(before);
    // Nor can B download A's attachment.
    const withFile = await newTicket(a, {}, { bytes: await makeImage('png', 10, 10), name: 'a.png' });
    const attachment = (await thread(a, withFile.number)).messages[0]!.attachments[0]!;
    expect(await findAttachmentFile(schoolContext(ctx().db, b.school, ctx().clock.now), withFile.number, attachment.id)).toBeNull();
    expect(await findAttachmentFile(schoolContext(ctx().db, a.school, ctx().clock.now), withFile.number, attachment.id)).not.toBeNull();
  });

  it('the provider’s reply joins the thread (Answered), and the author is emailed once with the reply and a link to the ticket', async () => {
    const s = await staff();
    const ticket = await newTicket(s, { subject: 'Newsletter bounced' });
    ctx().clock.advance(7200);
    const { ticket: answered } = await replyAsProvider(rt, ticket.number, {
      message: 'We have fixed your mail settings.\nPlease try again.',
      authorName: 'Sam at Example Provider',
    });
    expect(answered.status.name).toBe('Answered');

    const { ticket: now, messages } = await thread(s, ticket.number);
    expect(now).toMatchObject({ status: { name: 'Answered', colour: '#2fb344' }, date_updated: ctx().clock.now });
    expect(messages.at(-1)).toMatchObject({
      author: 'provider',
      author_name: 'Sam at Example Provider',
      body: 'We have fixed your mail settings.\nPlease try again.',
    });

    const mails = await mailTo(s.user.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!.parsed;
    expect(mail.subject).toBe(`Re: [Ticket #${ticket.number}] Newsletter bounced`);
    expect(mail.from?.value[0]).toMatchObject({ name: 'Example Provider', address: 'help@portal.example.org' });
    expect(mail.text).toContain(`Hello ${s.user.name},`);
    expect(mail.text).toContain('We have fixed your mail settings.\nPlease try again.');
    expect(mail.text).toContain('The ticket is now: Answered.');
    expect(mail.text).toContain(`http://localhost/support/tickets?ticket=${ticket.number}`);
    expect(mail.html).toContain(`href="http://localhost/support/tickets?ticket=${ticket.number}"`);
    // The job ran once: no second copy.
    expect(await mailTo(s.user.email)).toHaveLength(1);

    // The provider may leave the ticket waiting for the school instead, and set a status alone.
    await replyAsProvider(rt, ticket.number, { message: 'Which browser do you use?', authorName: 'Sam', status: 'Awaiting reply' });
    expect((await thread(s, ticket.number)).ticket.status.name).toBe('Awaiting reply');
    expect((await setStatusAsProvider(rt, ticket.number, 'closed')).status.name).toBe('Closed');
    expect((await thread(s, ticket.number)).ticket.closed).toBe(true);
    await expect(setStatusAsProvider(rt, ticket.number, 'Pending')).rejects.toThrow(/The status is one of "Open", "Awaiting reply", "Answered", "Closed"/);
  });

  it('the provider’s reply refuses an empty message and a ticket nobody has, and sends nothing', async () => {
    const s = await staff();
    const ticket = await newTicket(s);
    await expect(replyAsProvider(rt, ticket.number, { message: '  ', authorName: 'Sam' })).rejects.toThrow(MESSAGE_REQUIRED);
    await expect(replyAsProvider(rt, 999_999_999, { message: 'Hello', authorName: 'Sam' })).rejects.toThrow('There is no ticket #999999999.');
    expect(await mailTo(s.user.email)).toHaveLength(0);
    expect((await thread(s, ticket.number)).messages).toHaveLength(1);
  });
});
