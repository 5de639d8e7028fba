import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builderSendResponseSchema, defaultSettings, type Build } from '../builder-contract';
import { simplePreviewResponseSchema, simpleTestResponseSchema } from '../contract';
import { emailKey, TEST_ADDRESSES_REQUIRED, TEST_ADDRESSES_TOO_MANY, testAddressInvalid } from '../rules';
import { CHECK_TEXTS } from '../send-check';
import { embeddedNewsletterBackend } from '../server/embedded/backend';
import { insertMember } from '../server/embedded/members/repository';
import { createApi, type Api } from '../../../app/api';
import { mailTransportOf } from '../../../platform/mail';
import type { Runtime } from '../../../platform/runtime';
import { addTestUser, bodyOf, CLIENT_ADDRESS, post, signedInUser, signIn, useTestContext, type TestSchool, type TestUser } from '../../../../tests/factories';
import { schoolCtx } from '../../../../tests/factories/website-content';
import { startSmtpSink, type SmtpSink } from '../../../../tests/factories/smtp-sink';

/**
 * Test sends (issue 29 §2) on a real database and a real SMTP server: up to five addresses,
 * remembered per user per school (the user's own until they choose); the Simple Newsletter's
 * test and preview; and the builder's send refusing what its checklist blocks on.
 */
const ORIGIN = 'http://portal.example.org';
const BUILDER_SEND = '/api/newsletter/send/builder';
const SIMPLE_TEST = '/api/newsletter/send/simple/test';
const SIMPLE_PREVIEW = '/api/newsletter/send/simple/preview';
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

const text = (id: string, html: string): Build[number][number] => ({ id, type: 'text', data: { html }, settings: defaultSettings('text') });
const BUILD: Build = [[], [text('t', '<p>Sports day is on Friday.</p>')], []];

describe('newsletter: test sends', () => {
  const ctx = useTestContext({ env: { PORTAL_URL: ORIGIN } });
  let sink: SmtpSink;
  let rt: Runtime;
  let app: Api;
  let school: TestSchool;
  let user: TestUser;
  let cookie = '';

  beforeAll(async () => {
    sink = await startSmtpSink();
    rt = { ...ctx().runtime, config: { ...ctx().runtime.config, MAIL_URL: sink.url, PORTAL_MAIL_FROM: 'news@portal.example.org' } };
    app = createApi(rt);
    ({ school, user, cookie } = await signedInUser(ctx(), { newsletter: true, builder: true, website: true }));
    await insertMember(ctx().db, school.id, { email: 'mum@parents.example.org', key: emailKey('mum@parents.example.org'), name: 'A Parent', createdAt: ctx().clock.now });
  });
  afterAll(async () => {
    mailTransportOf(rt).close();
    await sink.close();
  });

  function multipart(path: string, fields: Record<string, string>, file?: { bytes: Uint8Array; name: string }, c = cookie): Promise<Response> {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    if (file) form.append('attachment', new Blob([new Uint8Array(file.bytes)]), file.name);
    return Promise.resolve(app.request(`${ORIGIN}${path}`, { method: 'POST', body: form, headers: { cookie: c } }, { clientAddress: CLIENT_ADDRESS }));
  }
  const builderTest = (fields: Record<string, string> = {}, c = cookie) => multipart(BUILDER_SEND, { from: 'Greenfield Office', subject: 'Test edition', build: JSON.stringify(BUILD), test: '1', ...fields }, undefined, c);
  /** Where the send forms say this user's tests go (the confirm and Simple Newsletter screens' first HTML). */
  const shownAddresses = async (who: TestUser = user) => (await embeddedNewsletterBackend({ ...schoolCtx(ctx(), school), user: { id: who.id, email: who.email } }, rt).loadSendForm()).testAddresses;
  async function state() {
    const posts = await ctx().db.selectFrom('website_posts').select('id').where('domain_id', '=', school.id).execute();
    const sends = await ctx().db.selectFrom('newsletter_sends').select('id').where('domain_id', '=', school.id).execute();
    return { posts: posts.length, sends: sends.length, mails: sink.received.length };
  }

  it('sends a builder test to up to five addresses, remembers them for the user, and uses them when none are given', async () => {
    expect(await shownAddresses()).toEqual([user.email]);
    const before = sink.received.length;
    const res = await builderTest({ test_to: ` head@greenfield.example, deputy@greenfield.example\noffice@greenfield.example;HEAD@greenfield.example ` });
    expect(res.status).toBe(200);
    expect(builderSendResponseSchema.parse(await bodyOf(res))).toMatchObject({ id: null, total: 3, post_url: null });
    const mails = (await sink.waitFor(before + 3)).slice(before);
    expect(mails.flatMap((m) => m.envelopeTo).sort()).toEqual(['deputy@greenfield.example', 'head@greenfield.example', 'office@greenfield.example']);
    for (const mail of mails) expect(mail.parsed.html).toContain('Sports day is on Friday.');
    expect(await shownAddresses()).toEqual(['head@greenfield.example', 'deputy@greenfield.example', 'office@greenfield.example']);

    // The next test without test_to goes to the same three; the list got nothing.
    const later = sink.received.length;
    expect((await builderTest()).status).toBe(200);
    expect(((await sink.waitFor(later + 3)).slice(later)).flatMap((m) => m.envelopeTo).sort()).toEqual(['deputy@greenfield.example', 'head@greenfield.example', 'office@greenfield.example']);
    expect(sink.received.flatMap((m) => m.envelopeTo)).not.toContain('mum@parents.example.org');
  });

  it('keeps each user’s addresses apart: a colleague’s tests still go to their own address', async () => {
    const colleague = await addTestUser(ctx(), school);
    const theirCookie = await signIn(ctx().app, colleague);
    expect(await shownAddresses(colleague)).toEqual([colleague.email]);
    const before = sink.received.length;
    expect((await builderTest({}, theirCookie)).status).toBe(200);
    expect((await sink.waitFor(before + 1)).slice(before).flatMap((m) => m.envelopeTo)).toEqual([colleague.email]);
    expect(await shownAddresses()).toHaveLength(3);
  });

  it('refuses more than five addresses, one that is not an address, or none, naming the field; nothing is sent or remembered', async () => {
    const remembered = await shownAddresses();
    const before = await state();
    const six = Array.from({ length: 6 }, (_, i) => `t${i}@greenfield.example`).join(', ');
    const cases: [string, string][] = [
      [six, TEST_ADDRESSES_TOO_MANY],
      ['head@greenfield.example, the office', testAddressInvalid('the')],
      ['head@greenfield.example not-an-address', testAddressInvalid('not-an-address')],
      [' , ', TEST_ADDRESSES_REQUIRED],
    ];
    for (const [testTo, message] of cases) {
      for (const res of [await builderTest({ test_to: testTo }), await multipart(SIMPLE_TEST, { from: 'Office', subject: 'Hi', message: '<p>x</p>', test_to: testTo })]) {
        expect(res.status, testTo).toBe(400);
        expect(await bodyOf(res)).toMatchObject({ success: false, message, field: 'test_to' });
      }
    }
    expect(await state()).toEqual(before);
    expect(await shownAddresses()).toEqual(remembered);
  });

  it('sends the Simple Newsletter as a test: the message and the file to the test addresses, no post and no send', async () => {
    const before = await state();
    const res = await multipart(
      SIMPLE_TEST,
      { from: 'Greenfield Office', subject: 'Fair (test)', message: '<p>Come to the <strong>fair</strong> <img src="/uploads/x/a.png" alt="Map"></p><script>alert(1)</script>', test_to: 'head@greenfield.example, office@greenfield.example', category: '{"1":"Newsletters"}' },
      { bytes: PDF, name: 'Programme.pdf' },
    );
    expect(res.status).toBe(200);
    expect(simpleTestResponseSchema.parse(await bodyOf(res))).toMatchObject({ total: 2, to: ['head@greenfield.example', 'office@greenfield.example'] });
    const mails = (await sink.waitFor(before.mails + 2)).slice(before.mails);
    expect(mails.flatMap((m) => m.envelopeTo).sort()).toEqual(['head@greenfield.example', 'office@greenfield.example']);
    const mail = mails[0]!.parsed;
    expect(mail.subject).toBe('Fair (test)');
    expect(mail.html).toContain('<strong>fair</strong>');
    expect(mail.html).toContain(`src="${ORIGIN}/uploads/x/a.png"`);
    expect(mail.html).not.toContain('<script');
    expect(mail.html).toContain(`${ORIGIN}/unsubscribe/test`);
    expect(mail.attachments.map((a) => a.filename)).toEqual(['Programme.pdf']);
    expect({ ...(await state()), mails: before.mails }).toEqual(before);
    expect(await shownAddresses()).toEqual(['head@greenfield.example', 'office@greenfield.example']);
  });

  it('previews the Simple Newsletter as a member gets it, with its size, sending nothing', async () => {
    const before = await state();
    const res = await post(app, SIMPLE_PREVIEW, JSON.stringify({ message: '<p>Hello <em>families</em></p><img src="x" onerror="alert(1)">', subject: 'Hello', from: 'Greenfield Office' }), { cookie });
    expect(res.status).toBe(200);
    const { html, bytes } = simplePreviewResponseSchema.parse(await bodyOf(res));
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<title>Hello</title>');
    expect(html).toContain('Greenfield Office');
    expect(html).toContain('Hello <em>families</em>');
    expect(html).toContain('View in your browser');
    expect(html).not.toContain('onerror');
    expect(bytes).toBe(Buffer.byteLength(html));
    expect(await state()).toEqual(before);
  });

  it('refuses a builder send or test with an empty image, file or text block, naming it; nothing is sent', async () => {
    const image = { id: 'img', type: 'image' as const, data: { url: '', alt: '', href: '' }, settings: defaultSettings('image') };
    const file = { id: 'file', type: 'attachment' as const, data: { url: '', text: 'Upload a file' }, settings: defaultSettings('attachment') };
    const cases: [Build, string][] = [
      [[[], [text('t', '<p>Hi</p>'), image], []], `Failed! Body, block 2 (image): ${CHECK_TEXTS['empty-image']}`],
      [[[file], [text('t', '<p>Hi</p>')], []], `Failed! Header, block 1 (attachment): ${CHECK_TEXTS['empty-attachment']}`],
      [[[], [text('t', '<p>&nbsp;</p>')], []], `Failed! Body, block 1 (text): ${CHECK_TEXTS['empty-text']}`],
      [[[], [], []], `Failed! ${CHECK_TEXTS['empty-newsletter']}`],
    ];
    const before = await state();
    for (const [build, message] of cases) {
      for (const test of ['1', '0']) {
        const res = await multipart(BUILDER_SEND, { from: 'Office', subject: 'Broken', build: JSON.stringify(build), test, category: '{}' });
        expect(res.status).toBe(400);
        expect(await bodyOf(res)).toMatchObject({ success: false, message, field: 'build' });
      }
    }
    expect(await state()).toEqual(before);
  });
});
