import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendChangeResponseSchema, sendDetailResponseSchema, sendsResponseSchema, simpleSendResponseSchema, SEND_FIELDS_REQUIRED } from '../contract';
import { emailKey, REPLY_TO_INVALID } from '../rules';
import { loadSimpleSendScreen } from '../server/embedded/sends/simple';
import { serveUpload } from '../../website/server';
import { schoolContext } from '../../../platform/context';
import { createApi, type Api } from '../../../app/api';
import { runDueJobs } from '../../../platform/jobs';
import { mailTransportOf } from '../../../platform/mail';
import { JOBS } from '../../../app/modules';
import { insertMember } from '../server/embedded/members/repository';
import type { Runtime } from '../../../platform/runtime';
import { bodyOf, CLIENT_ADDRESS, get, post, signedInUser, useTestContext, type TestSchool } from '../../../../tests/factories';
import { addCategory } from '../../../../tests/factories/website-content';
import { startSmtpSink, type SmtpSink } from '../../../../tests/factories/smtp-sink';

/**
 * POST /api/newsletter/send/simple on a real database and a real SMTP server: the message is
 * published as a website post in the ticked categories and mailed to every subscribed member
 * with its attachment and a 'View in your browser' link; bad input writes nothing.
 */
const SEND = '/api/newsletter/send/simple';
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('newsletter: simple send', () => {
  // The portal answers at http://portal.example.org: its links (unsubscribe, the post, uploads) say so.
  const ctx = useTestContext({ env: { PORTAL_URL: 'http://portal.example.org' } });
  let sink: SmtpSink;
  let rt: Runtime;
  let app: Api;
  let school: TestSchool;
  let cookie = '';
  let newsletters: { id: number; name: string };

  beforeAll(async () => {
    sink = await startSmtpSink();
    rt = { ...ctx().runtime, config: { ...ctx().runtime.config, MAIL_URL: sink.url, PORTAL_MAIL_FROM: 'news@portal.example.org' } };
    app = createApi(rt);
    ({ school, cookie } = await signedInUser(ctx(), { newsletter: true, website: true }));
    newsletters = await addCategory(ctx(), school, 'Newsletters');
    for (const email of ['mum@parents.example.org', 'dad@parents.example.org']) {
      await insertMember(ctx().db, school.id, { email, key: emailKey(email), name: 'A Parent', createdAt: ctx().clock.now });
    }
  });
  afterAll(async () => {
    mailTransportOf(rt).close();
    await sink.close();
  });

  function send(fields: Record<string, string>, attachment?: { bytes: Uint8Array; name: string }, c = cookie): Promise<Response> {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    if (attachment) form.append('attachment', new Blob([new Uint8Array(attachment.bytes)]), attachment.name);
    return Promise.resolve(app.request(`http://portal.example.org${SEND}`, { method: 'POST', body: form, headers: { cookie: c } }, { clientAddress: CLIENT_ADDRESS }));
  }

  async function counts() {
    const posts = await ctx().db.selectFrom('website_posts').select('id').where('domain_id', '=', school.id).execute();
    const sends = await ctx().db.selectFrom('newsletter_sends').select('id').where('domain_id', '=', school.id).execute();
    return { posts: posts.length, sends: sends.length };
  }

  it('publishes the post in its categories and mails every member the same content, attachment and view link', async () => {
    const before = sink.received.length;
    const res = await send(
      { from: 'Greenfield Office', subject: 'Summer fair', message: '<p>Come to the <strong>summer fair</strong>! <img src="/uploads/x/a.png" alt="Map"></p>', category: JSON.stringify({ [newsletters.id]: 'Newsletters' }), attachment_mode: 'attach' },
      { bytes: PDF, name: 'Fair programme.pdf' },
    );
    expect(res.status).toBe(200);
    const body = simpleSendResponseSchema.parse(await bodyOf(res));
    expect(body.total).toBe(2);
    expect(body.post_url).toMatch(/^http:\/\/portal\.example\.org\/sites\/[^/]+\/posts\/summer-fair$/);

    const post = await ctx().db.selectFrom('website_posts').select(['id', 'title', 'content', 'status']).where('domain_id', '=', school.id).where('title', '=', 'Summer fair').executeTakeFirstOrThrow();
    expect(post.status).toBe('publish');
    expect(post.content).toMatch(/<a href="\/uploads\/[^"]+\.pdf">Fair programme<\/a>/);
    const links = await ctx().db.selectFrom('website_post_categories').select('category_id').where('post_id', '=', post.id).execute();
    expect(links.map((l) => Number(l.category_id))).toEqual([newsletters.id]);

    await runDueJobs(rt, JOBS, { log: () => undefined });
    const mails = (await sink.waitFor(before + 2)).slice(before);
    expect(mails.flatMap((m) => m.envelopeTo).sort()).toEqual(['dad@parents.example.org', 'mum@parents.example.org']);
    const mail = mails[0]!.parsed;
    expect(mail.subject).toBe('Summer fair');
    expect(mail.from?.value[0]).toEqual({ name: 'Greenfield Office', address: 'news@portal.example.org' });
    expect(mail.html).toContain(`<a href="${body.post_url}"`);
    expect(mail.html).toContain('View in your browser');
    // A whole email document, titled with the subject, the unsubscribe footer inside its body.
    expect(mail.html).toMatch(/^<!doctype html>/i);
    expect(mail.html).toContain('<title>Summer fair</title>');
    expect((mail.html || '').indexOf('Unsubscribe</a>')).toBeLessThan((mail.html || '').indexOf('</body>'));
    expect(mail.html).toContain('<strong>summer fair</strong>');
    // Site-relative addresses are made absolute for mail clients.
    expect(mail.html).toContain('src="http://portal.example.org/uploads/x/a.png"');
    expect(mail.text).toContain(`View in your browser: ${body.post_url}`);
    expect(mail.text).toContain('Come to the summer fair!');
    // The attachment's link in the text part is absolute too (it was `[/uploads/…]`).
    expect(mail.text).toMatch(/Fair programme\s+\[http:\/\/portal\.example\.org\/uploads\/[^\]]+\.pdf\]/);
    expect(mail.text).not.toMatch(/\[\/(?!\/)/);
    expect(mail.attachments.map((a) => [a.filename, a.contentType, Buffer.from(a.content).equals(Buffer.from(PDF))])).toEqual([['Fair programme.pdf', 'application/pdf', true]]);
  });

  it('needs a from name and a subject (the spec’s text), refuses line breaks, and writes nothing', async () => {
    const before = await counts();
    const cases: [Record<string, string>, string][] = [
      [{ from: '', subject: 'Hello' }, SEND_FIELDS_REQUIRED],
      [{ from: 'Office', subject: '   ' }, SEND_FIELDS_REQUIRED],
      [{ subject: 'Hello' }, SEND_FIELDS_REQUIRED],
      [{ from: 'Office' }, SEND_FIELDS_REQUIRED],
      [{ from: 'Office', subject: 'Hi\r\nBcc: all@example.org' }, 'subject: The subject cannot contain line breaks or control characters.'],
      [{ from: 'Office', subject: 'Hi', category: 'not json' }, 'category: category must be a JSON map of category id to name.'],
      [{ from: 'Office', subject: 'Hi', category: '{"x":"Newsletters"}' }, 'category: category keys are category ids.'],
      [{ from: 'Office', subject: 'Hi', reply_to: 'the office' }, `reply_to: ${REPLY_TO_INVALID}`],
      [{ from: 'Office', subject: 'Hi', attachment_mode: 'inline' }, 'attachment_mode: attachment_mode must be link or attach.'],
      [{ from: 'Office', subject: 'Hi', reply_to: 'office@school.example\r\nBcc: all@example.org' }, `reply_to: ${REPLY_TO_INVALID}`],
    ];
    for (const [fields, message] of cases) {
      const res = await send(fields, { bytes: PDF, name: 'a.pdf' });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      const body = (await bodyOf(res)) as { message?: string; field?: string };
      expect(body.message).toBe(message);
      if (fields.reply_to) expect(body.field).toBe('reply_to');
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses another school’s category and writes nothing', async () => {
    const { school: other } = await signedInUser(ctx(), { newsletter: true, website: true });
    const theirs = await addCategory(ctx(), other, 'Their news');
    const before = await counts();
    const res = await send({ from: 'Office', subject: 'Wrong category', message: '<p>x</p>', category: JSON.stringify({ [theirs.id]: 'Their news' }) });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await counts()).toEqual(before);
  });

  it('lists every send with its progress, and shows one with its message and the failed addresses and answers', async () => {
    await insertMember(ctx().db, school.id, { email: 'perm-fail@parents.example.org', key: 'perm-fail@parents.example.org', name: 'Gone', createdAt: ctx().clock.now });
    const res = await send({ from: 'Office', subject: 'With a bounce', message: '<p>Term dates</p>', category: '{}' });
    const { id } = simpleSendResponseSchema.parse(await bodyOf(res));
    await runDueJobs(rt, JOBS, { log: () => undefined });
    const list = sendsResponseSchema.parse(await bodyOf(await get(app, '/api/newsletter/sends', { cookie })));
    expect(list.outbox).toBe(false);
    expect(list.sends[0]).toMatchObject({ id, subject: 'With a bounce', from: 'Office', status: 'done', total: 3, counts: { sent: 2, failed: 1, pending: 0 } });
    expect(list.sends.map((s) => s.subject)).toEqual(['With a bounce', 'Summer fair']);
    const detail = sendDetailResponseSchema.parse(await bodyOf(await get(app, `/api/newsletter/sends/${id}`, { cookie })));
    expect(detail.send.html).toContain('<p>Term dates</p>');
    expect(detail.send.attachment).toBeNull();
    expect(detail.failures).toHaveLength(1);
    expect(detail.failures[0]!.email).toBe('perm-fail@parents.example.org');
    expect(detail.failures[0]!.response).toMatch(/550/);
    // Without MAIL_URL the same calls say mail is kept in the outbox.
    expect(sendsResponseSchema.parse(await bodyOf(await get(ctx().app, '/api/newsletter/sends', { cookie }))).outbox).toBe(true);
  });

  it('pauses, resumes and cancels a running send through the API', async () => {
    const res = await send({ from: 'Office', subject: 'Paused one', message: '<p>x</p>' });
    const { id } = simpleSendResponseSchema.parse(await bodyOf(res));
    const change = async (what: string) => {
      const answer = await post(app, `/api/newsletter/sends/${id}/${what}`, '{}', { cookie });
      return { status: answer.status, body: (await bodyOf(answer)) as unknown };
    };
    const paused = await change('pause');
    expect(sendChangeResponseSchema.parse(paused.body).send.status).toBe('paused');
    await runDueJobs(rt, JOBS, { log: () => undefined });
    expect(sendDetailResponseSchema.parse(await bodyOf(await get(app, `/api/newsletter/sends/${id}`, { cookie }))).send.counts.sent).toBe(0);
    expect(sendChangeResponseSchema.parse((await change('resume')).body).send.status).toBe('sending');
    expect(sendChangeResponseSchema.parse((await change('cancel')).body).send).toMatchObject({ status: 'cancelled', counts: { cancelled: 3, sent: 0 } });
    expect((await change('resume')).status).toBe(409);
    expect((await post(app, '/api/newsletter/sends/999999/pause', '{}', { cookie })).status).toBe(404);
  });

  it('sends every copy with the school’s Reply-To, and the next send form starts with it; an empty one sends none', async () => {
    const screen = () => loadSimpleSendScreen(schoolContext(ctx().db, school, ctx().clock.now), ctx().config);
    const before = sink.received.length;
    const res = await send({ from: 'Greenfield Office', subject: 'Replies welcome', reply_to: ' office@greenfield.example ', message: '<p>Tell us</p>' });
    expect(res.status).toBe(200);
    await runDueJobs(rt, JOBS, { log: () => undefined });
    const mails = (await sink.waitFor(before + 2)).slice(before);
    for (const mail of mails) expect(mail.parsed.replyTo?.value).toEqual([{ name: '', address: 'office@greenfield.example' }]);
    expect((await screen()).replyTo).toBe('office@greenfield.example');

    // A send without one leaves the school's address for the next form; its copies have no Reply-To.
    const later = sink.received.length;
    expect((await send({ from: 'Greenfield Office', subject: 'No replies', message: '<p>FYI</p>' })).status).toBe(200);
    await runDueJobs(rt, JOBS, { log: () => undefined });
    for (const mail of (await sink.waitFor(later + 2)).slice(later)) expect(mail.raw).not.toMatch(/^Reply-To:/im);
    expect((await screen()).replyTo).toBe('office@greenfield.example');
  });

  it('links the attachment by default: no copy carries the file, each links the school’s upload, which serves it', async () => {
    const before = sink.received.length;
    const res = await send({ from: 'Greenfield Office', subject: 'Linked letter', message: '<p>See the letter.</p>' }, { bytes: PDF, name: 'Letter.pdf' });
    expect(res.status).toBe(200);
    await runDueJobs(rt, JOBS, { log: () => undefined });
    const mails = (await sink.waitFor(before + 2)).slice(before);
    for (const { parsed } of mails) {
      expect(parsed.attachments).toEqual([]);
      expect(parsed.html).toMatch(/<a href="http:\/\/portal\.example\.org\/uploads\/[^"]+\.pdf">Letter<\/a>/);
      expect(parsed.text).toMatch(/Letter\s+\[http:\/\/portal\.example\.org\/uploads\/[^\]]+\.pdf\]/);
    }
    // The link works: the school's upload behind it serves the file's bytes.
    const [label, name] = /<a href="http:\/\/portal\.example\.org\/uploads\/([^/"]+)\/([^"]+\.pdf)">Letter<\/a>/.exec(mails[0]!.parsed.html || '')!.slice(1) as [string, string];
    expect(label).toBe(school.label);
    const file = await serveUpload(ctx().db, ctx().config.PORTAL_DATA_DIR, label, name);
    expect(file?.status).toBe(200);
    expect(Buffer.from(await file!.arrayBuffer()).equals(Buffer.from(PDF))).toBe(true);
  });
});
