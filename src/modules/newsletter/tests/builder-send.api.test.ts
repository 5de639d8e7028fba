import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  builderSendResponseSchema,
  builderUploadResponseSchema,
  builderWebsiteResponseSchema,
  COLUMN_IN_COLUMN,
  defaultSettings,
  PDF_FAILED,
  PDFS_HOURLY_LIMITED,
  PDFS_PENDING_LIMITED,
  PDFS_PENDING_PER_SCHOOL,
  PDFS_PER_HOUR,
  SUBJECT_REQUIRED,
  type Build,
} from '../builder-contract';
import { emailKey, SEND_FIELDS_REQUIRED, sendDetailResponseSchema, sendsResponseSchema } from '../contract';
import { createApi, type Api } from '../../../app/api';
import { runDueJobs } from '../../../platform/jobs';
import { mailTransportOf } from '../../../platform/mail';
import { JOBS } from '../../../app/modules';
import { insertMember } from '../server/embedded/members/repository';
import { renderEmail } from '../server/embedded/builder/render';
import { builderFrame, loadBuilder } from '../server/embedded/builder/service';
import { loadConfirmScreen as confirmScreen } from '../server/screens';
import { embeddedNewsletterBackend } from '../server/embedded/backend';
import { chromiumPath } from '../server/embedded/builder/pdf/chromium';
import { PDF_JOB } from '../server/embedded/builder/pdf/job';
import type { RequestContext } from '../../../platform/context';
import type { Runtime } from '../../../platform/runtime';
import { bodyOf, CLIENT_ADDRESS, post, signedInUser, useTestContext, type TestSchool } from '../../../../tests/factories';
import { addCategory, schoolCtx } from '../../../../tests/factories/website-content';
import { makeImage } from '../../../../tests/factories/media-images';
import { startSmtpSink, type SmtpSink } from '../../../../tests/factories/smtp-sink';
import { specBlocks } from './spec-blocks';

/**
 * The builder's send calls (spec section 7: `send/builder`, `send/builder/website`,
 * `send/builder/download`, `send/builder/upload`) on a real database, a real SMTP server and the
 * system's Chromium: a test reaches the signed-in user only, a real send the whole list with the
 * website post, the PDF arrives as an attachment holding the newsletter's text, and the printing
 * Chromium requests nothing from the network.
 */
const ORIGIN = 'http://portal.example.org';
const SEND = '/api/newsletter/send/builder';
const WEBSITE = '/api/newsletter/send/builder/website';
const DOWNLOAD = '/api/newsletter/send/builder/download';
const UPLOAD = '/api/newsletter/send/builder/upload';
const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
/** A Windows executable's first bytes: what file-type knows as application/x-msdownload. */
const EXE_BYTES = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(64),
  Buffer.from('PE\0\0'),
  Buffer.alloc(200),
]);
const silent = { log: () => undefined };

function text(id: string, html: string): Build[number][number] {
  return {
    id,
    type: 'text',
    data: { html },
    settings: defaultSettings('text'),
  };
}

/** A PDF's document title: its Info dictionary's /Title, a literal or a UTF-16 hex string. */
function pdfTitle(pdf: Buffer): string | undefined {
  const m = /\/Title\s*(?:\(((?:[^()\\]|\\.)*)\)|<([0-9A-Fa-f]+)>)/.exec(pdf.toString('latin1'));
  if (!m) return undefined;
  if (m[1] !== undefined) return m[1].replace(/\\(.)/g, '$1');
  const bytes = Buffer.from(m[2]!, 'hex');
  const utf16 = bytes[0] === 0xfe && bytes[1] === 0xff ? bytes.subarray(2) : bytes;
  return Buffer.from(utf16).swap16().toString('utf16le');
}

/**
 * The text of a PDF that headless Chromium (Skia) wrote: its content streams' glyph strings
 * decoded through each font's ToUnicode map. Skia writes plain objects (no object streams) with
 * Flate-compressed streams and Identity-H fonts, two bytes a glyph; that is all this reads.
 */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const objects = new Map<string, { dict: string; stream: Buffer | null }>();
  for (const m of raw.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = m[2]!;
    const at = body.indexOf('stream');
    if (at < 0) {
      objects.set(m[1]!, { dict: body, stream: null });
      continue;
    }
    const start = m.index + m[0].indexOf(body) + at + 'stream'.length + (body[at + 6] === '\r' ? 2 : 1);
    const end = raw.indexOf('endstream', start);
    const data = pdf.subarray(start, end);
    const dict = body.slice(0, at);
    let stream: Buffer = data;
    if (dict.includes('/FlateDecode')) {
      try {
        stream = inflateSync(data);
      } catch {
        stream = Buffer.alloc(0);
      }
    }
    objects.set(m[1]!, { dict, stream });
  }
  const unicodeOf = new Map<string, Map<string, string>>();
  const hexText = (hex: string) => String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16)));
  for (const [id, obj] of objects) {
    const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(obj.dict)?.[1];
    const cmap = toUnicode ? objects.get(toUnicode)?.stream?.toString('latin1') : undefined;
    if (!cmap) continue;
    const map = new Map<string, string>();
    for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const pair of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(pair[1]!.toUpperCase(), hexText(pair[2]!));
    }
    for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const range of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
        const lo = Number.parseInt(range[1]!, 16);
        const first = Number.parseInt(range[3]!, 16);
        for (let code = lo; code <= Number.parseInt(range[2]!, 16); code += 1)
          map.set(code.toString(16).toUpperCase().padStart(4, '0'), String.fromCodePoint(first + code - lo));
      }
    }
    unicodeOf.set(id, map);
  }
  const out: string[] = [];
  for (const page of objects.values()) {
    if (!/\/Type \/Page\b/.test(page.dict)) continue;
    const fonts = new Map<string, string>();
    for (const f of (/\/Font\s*<<([^>]*)>>/.exec(page.dict)?.[1] ?? '').matchAll(/\/(\w+) (\d+) 0 R/g)) fonts.set(f[1]!, f[2]!);
    const contents = /\/Contents (\d+) 0 R/.exec(page.dict)?.[1];
    const ops = contents ? (objects.get(contents)?.stream?.toString('latin1') ?? '') : '';
    let map = new Map<string, string>();
    for (const token of ops.matchAll(/\/(\w+) [\d.]+ Tf|<([0-9A-Fa-f]*)>|\bET\b/g)) {
      if (token[1]) map = unicodeOf.get(fonts.get(token[1]) ?? '') ?? new Map();
      else if (token[2] !== undefined) out.push((token[2].toUpperCase().match(/.{4}/g) ?? []).map((g) => map.get(g) ?? '').join(''));
      else out.push(' ');
    }
  }
  return out.join('').replace(/\s+/g, ' ');
}

describe('newsletter builder: send, test, publish, PDF, upload', () => {
  // The portal answers at ORIGIN: its links (unsubscribe, posts, uploads) say so.
  const ctx = useTestContext({ env: { PORTAL_URL: ORIGIN } });
  let sink: SmtpSink;
  let rt: Runtime;
  let app: Api;
  let school: TestSchool;
  let staff: RequestContext;
  let cookie = '';
  let newsletters: { id: number; name: string };
  let imageUrl = '';

  beforeAll(async () => {
    sink = await startSmtpSink();
    rt = {
      ...ctx().runtime,
      config: {
        ...ctx().runtime.config,
        MAIL_URL: sink.url,
        PORTAL_MAIL_FROM: 'news@portal.example.org',
      },
    };
    app = createApi(rt);
    const signed = await signedInUser(ctx(), {
      newsletter: true,
      builder: true,
      website: true,
    });
    ({ school, cookie } = signed);
    staff = {
      ...schoolCtx(ctx(), school),
      user: { id: signed.user.id, email: signed.user.email },
    };
    newsletters = await addCategory(ctx(), school, 'Newsletters');
    for (const email of ['mum@parents.example.org', 'dad@parents.example.org']) {
      await insertMember(ctx().db, school.id, {
        email,
        key: emailKey(email),
        name: 'A Parent',
        createdAt: ctx().clock.now,
      });
    }
  });
  afterAll(async () => {
    mailTransportOf(rt).close();
    await sink.close();
  });

  function multipart(
    path: string,
    fields: Record<string, string>,
    file?: { field: string; bytes: Uint8Array; name: string },
    c = cookie,
    api = app,
  ): Promise<Response> {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    if (file) form.append(file.field, new Blob([new Uint8Array(file.bytes)]), file.name);
    return Promise.resolve(api.request(`${ORIGIN}${path}`, { method: 'POST', body: form, headers: { cookie: c } }, { clientAddress: CLIENT_ADDRESS }));
  }

  async function failure(res: Response): Promise<{
    status: number;
    message: string | undefined;
    isAuthFailed: boolean;
  }> {
    const body = (await bodyOf(res)) as {
      success: boolean;
      isAuthFailed: boolean;
      message?: string;
    };
    expect(body.success).toBe(false);
    return {
      status: res.status,
      message: body.message,
      isAuthFailed: body.isAuthFailed,
    };
  }

  async function counts() {
    const posts = await ctx().db.selectFrom('website_posts').select('id').where('domain_id', '=', school.id).execute();
    const sends = await ctx().db.selectFrom('newsletter_sends').select('id').where('domain_id', '=', school.id).execute();
    const media = await ctx().db.selectFrom('website_media').select('id').where('domain_id', '=', school.id).execute();
    return { posts: posts.length, sends: sends.length, media: media.length };
  }

  function newsletter(words: string): Build {
    return [
      [text('h', `<p>Greenfield Weekly</p>`)],
      [
        text('t', `<h2>${words}</h2><p>Sports day is on Friday.</p>`),
        ...(imageUrl
          ? [
              {
                id: 'i',
                type: 'image' as const,
                data: { url: imageUrl, alt: 'The field', href: '' },
                settings: defaultSettings('image'),
              },
            ]
          : []),
      ],
      [],
    ];
  }

  describe('upload (section-image-file)', () => {
    it('stores an image and answers its public address and its clean name', async () => {
      const res = await multipart(
        UPLOAD,
        {},
        {
          field: 'section-image-file',
          bytes: await makeImage('png', 40, 30),
          name: 'Sports field.png',
        },
      );
      expect(res.status).toBe(200);
      const body = builderUploadResponseSchema.parse(await bodyOf(res));
      expect(body.url).toMatch(new RegExp(`^/uploads/${school.label}/[^/]+\\.png$`));
      expect(body.text).toBe('Sports field.png');
      imageUrl = body.url;
    });

    it('stores an attachment of any type under its name', async () => {
      const res = await multipart(
        UPLOAD,
        {},
        {
          field: 'section-image-file',
          bytes: PDF_BYTES,
          name: 'C:\\fakepath\\Term dates.pdf',
        },
      );
      expect(res.status).toBe(200);
      const body = builderUploadResponseSchema.parse(await bodyOf(res));
      expect(body.url).toMatch(/^\/uploads\/[^/]+\/[^/]+\.pdf$/);
      expect(body.text).toBe('Term dates.pdf');
    });

    it('refuses a program renamed .png (its bytes are not an image), an empty file and no file, storing nothing', async () => {
      const before = await counts();
      const exe = await failure(await multipart(UPLOAD, {}, { field: 'section-image-file', bytes: EXE_BYTES, name: 'photo.png' }));
      expect(exe).toMatchObject({
        status: 400,
        message: 'Only image files can be uploaded (PNG, JPEG, GIF, WebP or AVIF).',
      });
      expect(
        (
          await failure(
            await multipart(
              UPLOAD,
              {},
              {
                field: 'section-image-file',
                bytes: new Uint8Array(0),
                name: 'empty.pdf',
              },
            ),
          )
        ).message,
      ).toBe('The file is empty.');
      expect((await failure(await multipart(UPLOAD, {}))).message).toContain('Choose a file to upload.');
      expect(await counts()).toEqual(before);
    });
  });

  describe('send', () => {
    it('sends a test to the signed-in user only: the preview’s HTML plus only the unsubscribe footer and headers', async () => {
      const before = { mails: sink.received.length, ...(await counts()) };
      const build = newsletter('Test edition');
      const res = await multipart(
        SEND,
        {
          from: 'Greenfield Office',
          subject: 'Test edition',
          build: JSON.stringify(build),
          test: '1',
        },
        { field: 'attachment', bytes: PDF_BYTES, name: 'Menu.pdf' },
      );
      expect(res.status).toBe(200);
      expect(builderSendResponseSchema.parse(await bodyOf(res))).toMatchObject({
        id: null,
        total: 1,
        post_url: null,
      });

      const [mail] = (await sink.waitFor(before.mails + 1)).slice(before.mails);
      expect(mail!.envelopeTo).toEqual([staff.user.email]);
      const rendered = await renderEmail(build, await builderFrame(staff));
      const html = (mail!.parsed.html || '').replace(/\r\n/g, '\n');
      const footer =
        /<div style="max-width:600px;margin:0 auto;padding:0 25px 24px"><p [^>]*>You receive this newsletter because you are on Greenfield Office’s mailing list\. <a href="([^"]+)"[^>]*>Unsubscribe<\/a><\/p><\/div>/.exec(
          html,
        );
      expect(footer).not.toBeNull();
      // Only the footer and the subject as its title were added; site-relative addresses became absolute.
      expect(html).toContain('<title>Test edition</title>');
      expect(mail!.parsed.text ?? '').not.toMatch(/\[\/(?!\/)/);
      const expected = rendered.html
        .replace(/(\s(?:src|href)=")\/(?!\/)/g, `$1${ORIGIN}/`)
        .replace('<title></title>', '<title>Test edition</title>')
        .replace(/\r\n/g, '\n');
      expect(html.replace(footer![0], '')).toBe(expected);
      expect(html.indexOf(footer![0])).toBeLessThan(html.toLowerCase().lastIndexOf('</body>'));
      if (imageUrl) expect(html).toContain(`src="${ORIGIN}${imageUrl}"`);
      // The footer's link is a sample (a test reaches no member), the same in the header.
      expect(footer![1]).toBe(`${ORIGIN}/unsubscribe/test`);
      expect(mail!.raw).toMatch(/^List-Unsubscribe: <http:\/\/portal\.example\.org\/unsubscribe\/test>\r?$/m);
      expect(mail!.raw.replace(/\r?\n[ \t]+/g, ' ')).toMatch(/^List-ID: .+ <[a-z0-9-]+\.list-id\.portal\.example\.org>\r?$/m);
      expect(mail!.parsed.subject).toBe('Test edition');
      expect(mail!.parsed.from?.value[0]).toEqual({
        name: 'Greenfield Office',
        address: 'news@portal.example.org',
      });
      expect(mail!.parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([['Menu.pdf', 'application/pdf']]);
      // No post, no send, no stored upload; the list got nothing.
      await runDueJobs(rt, JOBS, silent);
      expect(sink.received.length).toBe(before.mails + 1);
      expect(await counts()).toEqual({
        posts: before.posts,
        sends: before.sends,
        media: before.media,
      });
    });

    it('sends for real to the whole list, on Sent newsletters, with its website post in the chosen categories', async () => {
      const before = sink.received.length;
      const build = newsletter('Summer edition');
      const res = await multipart(
        SEND,
        {
          from: 'Greenfield Office',
          subject: 'Summer edition',
          build: JSON.stringify(build),
          category: JSON.stringify({ [newsletters.id]: 'Newsletters' }),
          test: '0',
        },
        { field: 'attachment', bytes: PDF_BYTES, name: 'Fair programme.pdf' },
      );
      expect(res.status).toBe(200);
      const body = builderSendResponseSchema.parse(await bodyOf(res));
      expect(body.total).toBe(2);
      expect(body.post_url).toMatch(new RegExp(`^${ORIGIN}/sites/${school.label}/posts/summer-edition$`));

      await runDueJobs(rt, JOBS, silent);
      const mails = (await sink.waitFor(before + 2)).slice(before);
      expect(mails.flatMap((m) => m.envelopeTo).sort()).toEqual(['dad@parents.example.org', 'mum@parents.example.org']);
      for (const m of mails) {
        expect(m.parsed.html).toContain('Summer edition');
        expect(m.parsed.html).toMatch(
          /<a href="http:\/\/portal\.example\.org\/unsubscribe\/\d+\.[\w-]+"[^>]*>Unsubscribe<\/a><\/p><\/div>\s*(<\/div>\s*)*<\/body>/i,
        );
        expect(m.parsed.attachments.map((a) => a.filename)).toEqual(['Fair programme.pdf']);
      }

      const list = sendsResponseSchema.parse(
        await bodyOf(await app.request(`${ORIGIN}/api/newsletter/sends`, { headers: { cookie } }, { clientAddress: CLIENT_ADDRESS })),
      );
      expect(list.sends[0]).toMatchObject({
        id: body.id,
        subject: 'Summer edition',
        from: 'Greenfield Office',
        status: 'done',
        counts: { sent: 2 },
      });
      const detail = sendDetailResponseSchema.parse(
        await bodyOf(await app.request(`${ORIGIN}/api/newsletter/sends/${body.id}`, { headers: { cookie } }, { clientAddress: CLIENT_ADDRESS })),
      );
      expect(detail.send.attachment).toBe('Fair programme.pdf');

      const postRow = await ctx()
        .db.selectFrom('website_posts')
        .select(['id', 'content', 'status'])
        .where('domain_id', '=', school.id)
        .where('title', '=', 'Summer edition')
        .executeTakeFirstOrThrow();
      expect(postRow.status).toBe('publish');
      expect(postRow.content).toContain('Summer edition');
      expect(postRow.content).toContain('Sports day is on Friday.');
      expect(postRow.content).not.toMatch(/<\/?(html|head|body)\b/i);
      // The inbox preheader (hidden in the email) stays out of the post.
      expect(postRow.content).not.toContain('display:none');
      expect(postRow.content).toMatch(/<a href="\/uploads\/[^"]+\.pdf">Fair programme<\/a>/);
      const links = await ctx().db.selectFrom('website_post_categories').select('category_id').where('post_id', '=', postRow.id).execute();
      expect(links.map((l) => Number(l.category_id))).toEqual([newsletters.id]);
    });

    it('sends a test of the spec’s blocks (type, data, settings: no id), the same email as the builder’s own', async () => {
      const before = sink.received.length;
      const build = newsletter('Spec edition');
      const res = await multipart(SEND, { from: 'Greenfield Office', subject: 'Spec edition', build: JSON.stringify(specBlocks(build)), test: '1' });
      const body = await bodyOf(res);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(builderSendResponseSchema.parse(body)).toMatchObject({ id: null, total: 1, post_url: null });
      const [mail] = (await sink.waitFor(before + 1)).slice(before);
      expect(mail!.envelopeTo).toEqual([staff.user.email]);
      const rendered = await renderEmail(build, await builderFrame(staff));
      const html = (mail!.parsed.html || '').replace(/\r\n/g, '\n');
      expect(html).toContain('Sports day is on Friday.');
      // The builder's own render of the same build (with ids), as the test above checks it: the unsubscribe footer and the title added.
      const footer = /<div style="max-width:600px;margin:0 auto;padding:0 25px 24px"><p [^>]*>You receive this newsletter [\s\S]*?<\/p><\/div>/.exec(html);
      expect(footer).not.toBeNull();
      const expected = rendered.html
        .replace(/(\s(?:src|href)=")\/(?!\/)/g, `$1${ORIGIN}/`)
        .replace('<title></title>', '<title>Spec edition</title>')
        .replace(/\r\n/g, '\n');
      expect(html.replace(footer![0], '')).toBe(expected);
    });

    it('needs a from name and a subject (the spec’s text), refuses a column in a column, and writes or sends nothing', async () => {
      const before = { mails: sink.received.length, ...(await counts()) };
      const build = JSON.stringify(newsletter('x'));
      const cases: Record<string, string>[] = [
        { from: '', subject: 'Hello', build },
        { from: 'Office', subject: '  ', build },
        { subject: 'Hello', build },
        { from: 'Office', build, test: '1' },
      ];
      for (const fields of cases) {
        expect(await failure(await multipart(SEND, fields))).toMatchObject({
          status: 400,
          message: SEND_FIELDS_REQUIRED,
        });
      }
      const cell = text('c', '<p>x</p>');
      const nested = [
        [],
        [
          {
            id: 'outer',
            type: 'columns',
            data: {
              elements: [
                [
                  {
                    id: 'inner',
                    type: 'columns',
                    data: { elements: [[], []] },
                    settings: {},
                  },
                ],
                [cell],
              ],
            },
            settings: {},
          },
        ],
        [],
      ];
      expect(
        (
          await failure(
            await multipart(SEND, {
              from: 'Office',
              subject: 'Hi',
              build: JSON.stringify(nested),
            }),
          )
        ).message,
      ).toContain(COLUMN_IN_COLUMN);
      expect(
        (
          await failure(
            await multipart(SEND, {
              from: 'Office',
              subject: 'Hi',
              build: 'not json',
            }),
          )
        ).message,
      ).toContain('build must be JSON.');
      await runDueJobs(rt, JOBS, silent);
      expect({ mails: sink.received.length, ...(await counts()) }).toEqual(before);
    });
  });

  describe('publish to the website', () => {
    it('posts the rendered newsletter in the chosen categories', async () => {
      const res = await multipart(WEBSITE, {
        subject: 'Autumn edition',
        build: JSON.stringify(newsletter('Autumn edition')),
        category: JSON.stringify({ [newsletters.id]: 'Newsletters' }),
      });
      expect(res.status).toBe(200);
      const { post_url } = builderWebsiteResponseSchema.parse(await bodyOf(res));
      expect(post_url).toBe(`${ORIGIN}/sites/${school.label}/posts/autumn-edition`);
      const row = await ctx()
        .db.selectFrom('website_posts')
        .select(['id', 'content'])
        .where('domain_id', '=', school.id)
        .where('title', '=', 'Autumn edition')
        .executeTakeFirstOrThrow();
      expect(row.content).toContain('Sports day is on Friday.');
      const links = await ctx().db.selectFrom('website_post_categories').select('category_id').where('post_id', '=', row.id).execute();
      expect(links.map((l) => Number(l.category_id))).toEqual([newsletters.id]);
    });

    it('publishes the spec’s blocks (type, data, settings: no id)', async () => {
      const res = await multipart(WEBSITE, {
        subject: 'Spec blocks edition',
        build: JSON.stringify(specBlocks(newsletter('Spec blocks edition'))),
        category: JSON.stringify({ [newsletters.id]: 'Newsletters' }),
      });
      const body = await bodyOf(res);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(builderWebsiteResponseSchema.parse(body).post_url).toBe(`${ORIGIN}/sites/${school.label}/posts/spec-blocks-edition`);
    });

    it('needs a subject (the spec’s text), writing nothing', async () => {
      const before = await counts();
      const build = JSON.stringify(newsletter('x'));
      expect(await failure(await multipart(WEBSITE, { subject: ' ', build, category: '{}' }))).toMatchObject({ status: 400, message: SUBJECT_REQUIRED });
      expect(await failure(await multipart(WEBSITE, { build }))).toMatchObject({
        status: 400,
        message: SUBJECT_REQUIRED,
      });
      expect(await counts()).toEqual(before);
    });
  });

  describe('the confirm screen', () => {
    /** The screen over the embedded backend of the school and user `at` acts for. */
    const loadConfirmScreen = (at: RequestContext, id: number | null) => confirmScreen(embeddedNewsletterBackend(at, rt), id);

    it('loads the school’s own build, and nothing for another school’s id (the page answers 404)', async () => {
      const build = (await loadBuilder(staff)).build.id;
      const screen = await loadConfirmScreen(staff, build);
      expect(screen?.build.id).toBe(build);
      expect(screen?.categories.map((c) => c.name)).toContain('Newsletters');
      expect(screen?.audience).toBe(2);
      expect(screen?.html).toMatch(/<\/body>/i);
      const other = await signedInUser(ctx(), {
        newsletter: true,
        builder: true,
      });
      const theirs = {
        ...schoolCtx(ctx(), other.school),
        user: { id: other.user.id, email: other.user.email },
      };
      expect(await loadConfirmScreen(theirs, build)).toBeNull();
      expect(await loadConfirmScreen(staff, 999_999)).toBeNull();
      expect(await loadConfirmScreen(staff, null)).toBeNull();
    });
  });

  describe('PDF', () => {
    const hasChromium = chromiumPath({ PORTAL_CHROMIUM_PATH: undefined }) !== null;

    it('has the system Chromium to print with (the PDF tests need it)', () => {
      expect(hasChromium).toBe(true);
    });

    it('answers at once, then a job prints the newsletter in Chromium and mails the PDF to the user', async () => {
      const before = sink.received.length;
      const html = (await renderEmail(newsletter('Winter edition'), await builderFrame(staff))).html;
      const started = performance.now();
      const res = await post(app, DOWNLOAD, JSON.stringify({ html, subject: 'Winter edition 2026' }), {
        cookie,
      });
      expect(res.status).toBe(200);
      expect(((await bodyOf(res)) as { success: boolean }).success).toBe(true);
      expect(sink.received.length).toBe(before);
      await runDueJobs(rt, JOBS, silent);
      const [mail] = (await sink.waitFor(before + 1, 30_000)).slice(before);
      const seconds = (performance.now() - started) / 1000;
      console.log(`PDF: ${seconds.toFixed(2)} s from the request to the PDF in the SMTP sink`);
      expect(mail!.envelopeTo).toEqual([staff.user.email]);
      const pdf = mail!.parsed.attachments.find((a) => a.contentType === 'application/pdf');
      expect(pdf?.filename).toBe('newsletter.pdf');
      const content = Buffer.from(pdf!.content);
      expect(content.subarray(0, 5).toString()).toBe('%PDF-');
      // Titled with the subject (it was the internal address the page was printed at).
      expect(pdfTitle(content)).toBe('Winter edition 2026');
      const words = pdfText(content);
      expect(words).toContain('Winter edition');
      expect(words).toContain('Sports day is on Friday.');
      // The uploaded image (40 x 30) came from disk into the PDF.
      if (imageUrl) expect(content.toString('latin1')).toMatch(/\/Subtype \/Image\s*\/Width 40\s*\/Height 30/);
    });

    it('lets the printing Chromium request nothing from the network', async () => {
      let hits = 0;
      const server = http.createServer((_req, res) => {
        hits += 1;
        res.end('x');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const port = (server.address() as AddressInfo).port;
      const target = `http://127.0.0.1:${port}`;
      try {
        const before = sink.received.length;
        const html = [
          '<!doctype html><html><head>',
          `<link rel="stylesheet" href="${target}/style.css"><link rel="preconnect" href="${target}"><link rel="prefetch" href="${target}/prefetch">`,
          `<style>@import url("${target}/import.css"); body { background: url("${target}/bg.png"); }</style>`,
          '</head><body>',
          `<p>Network check</p><img src="${target}/x"><img src="http://localhost:${port}/y"><iframe src="${target}/frame"></iframe>`,
          `<object data="${target}/object"></object><video poster="${target}/poster.png"></video><script src="${target}/script.js"></script>`,
          `<img src="${ORIGIN}/api/api/user"><img src="${ORIGIN}/uploads/${school.label}/../../etc/passwd">`,
          '</body></html>',
        ].join('');
        expect((await post(app, DOWNLOAD, JSON.stringify({ html }), { cookie })).status).toBe(200);
        await runDueJobs(rt, JOBS, silent);
        const [mail] = (await sink.waitFor(before + 1, 30_000)).slice(before);
        expect(pdfText(Buffer.from(mail!.parsed.attachments[0]!.content))).toContain('Network check');
        expect(hits).toBe(0);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('prints as a mail client shows it: screen media, so the columns’ min-width query applies', async () => {
      const before = sink.received.length;
      // MJML's columns sit side by side only under `@media only screen and (min-width:480px)`; printed
      // with print media, that query failed and the columns stacked as on a phone.
      const html = [
        '<!doctype html><html><head><style>',
        '.wide { display: none; } @media only screen and (min-width: 480px) { .wide { display: block; } .narrow { display: none; } }',
        '</style></head><body><p class="wide">Columns side by side</p><p class="narrow">Columns stacked</p></body></html>',
      ].join('');
      expect((await post(app, DOWNLOAD, JSON.stringify({ html }), { cookie })).status).toBe(200);
      await runDueJobs(rt, JOBS, silent);
      const [mail] = (await sink.waitFor(before + 1, 30_000)).slice(before);
      const words = pdfText(Buffer.from(mail!.parsed.attachments[0]!.content));
      expect(words).toContain('Columns side by side');
      expect(words).not.toContain('Columns stacked');
    });

    it('answers the spec’s failure when there is no Chromium, enqueueing nothing', async () => {
      const noChromium = createApi({
        ...rt,
        config: { ...rt.config, PORTAL_CHROMIUM_PATH: '/nonexistent' },
      });
      const jobs = async () => (await ctx().db.selectFrom('jobs').select('id').where('name', '=', 'newsletter-builder-pdf').execute()).length;
      const before = await jobs();
      expect(await failure(await post(noChromium, DOWNLOAD, JSON.stringify({ html: '<p>x</p>' }), { cookie }))).toMatchObject({
        status: 409,
        message: PDF_FAILED,
      });
      expect(await jobs()).toBe(before);
    });

    /** The school's PDF jobs: how many, and what became of them. */
    async function pdfJobsOf(domainId: number) {
      return ctx().db.selectFrom('jobs').select(['status', 'attempts', 'last_error']).where('name', '=', PDF_JOB).where('domain_id', '=', domainId).execute();
    }

    function askForPdf(c: string, html = '<p>Term dates</p>'): Promise<Response> {
      return Promise.resolve(post(app, DOWNLOAD, JSON.stringify({ html }), { cookie: c }));
    }

    it('stops a print that runs past its time limit: nothing is mailed, and it is tried once more, not three times', async () => {
      const { school: printing, cookie: theirs } = await signedInUser(ctx(), { newsletter: true, builder: true });
      const before = sink.received.length;
      expect((await askForPdf(theirs)).status).toBe(200);
      // The PDF job as it is, with a time limit Chromium cannot even start in.
      const hurried = { [PDF_JOB]: { ...JOBS[PDF_JOB]!, timeoutSeconds: 0.05 } };
      expect(await runDueJobs(rt, hurried, silent)).toMatchObject({ done: 0, retried: 1, failed: 0 });
      const [job] = await pdfJobsOf(printing.id);
      expect(job).toMatchObject({ status: 'pending', attempts: 1 });
      expect(job!.last_error).toMatch(/time limit/);

      ctx().clock.advance(30);
      expect(await runDueJobs(rt, hurried, silent)).toMatchObject({ done: 0, retried: 0, failed: 1 });
      expect(await pdfJobsOf(printing.id)).toMatchObject([{ status: 'failed', attempts: 2 }]);
      expect(sink.received.length).toBe(before);
    });

    it(`lets a school have ${PDFS_PENDING_PER_SCHOOL} PDFs on their way and ask for ${PDFS_PER_HOUR} an hour: beyond, 429 with the reason and nothing enqueued, other schools unaffected`, async () => {
      const mine = await signedInUser(ctx(), { newsletter: true, builder: true });
      const theirs = await signedInUser(ctx(), { newsletter: true, builder: true });
      // Whatever becomes of the jobs they count for the hour; here each fails (no Chromium on this worker) after its two tries.
      const worker: Runtime = { ...rt, config: { ...rt.config, PORTAL_CHROMIUM_PATH: '/nonexistent' } };
      const finishPdfs = async () => {
        await runDueJobs(worker, { [PDF_JOB]: JOBS[PDF_JOB]! }, silent);
        ctx().clock.advance(30);
        await runDueJobs(worker, { [PDF_JOB]: JOBS[PDF_JOB]! }, silent);
      };

      for (let i = 0; i < PDFS_PENDING_PER_SCHOOL; i += 1) expect((await askForPdf(mine.cookie)).status).toBe(200);
      expect(await failure(await askForPdf(mine.cookie))).toMatchObject({ status: 429, message: PDFS_PENDING_LIMITED });
      expect(await pdfJobsOf(mine.school.id)).toHaveLength(PDFS_PENDING_PER_SCHOOL);
      expect((await askForPdf(theirs.cookie)).status).toBe(200);

      const firstAsked = ctx().clock.now;
      await finishPdfs();
      let asked = PDFS_PENDING_PER_SCHOOL;
      while (asked < PDFS_PER_HOUR) {
        for (let i = 0; i < PDFS_PENDING_PER_SCHOOL && asked < PDFS_PER_HOUR; i += 1, asked += 1) expect((await askForPdf(mine.cookie)).status).toBe(200);
        await finishPdfs();
      }
      const jobs = await pdfJobsOf(mine.school.id);
      expect(jobs).toHaveLength(PDFS_PER_HOUR);
      expect(jobs.every((j) => j.status === 'failed' && j.attempts === 2)).toBe(true);
      expect(await failure(await askForPdf(mine.cookie))).toMatchObject({ status: 429, message: PDFS_HOURLY_LIMITED });
      expect(await pdfJobsOf(mine.school.id)).toHaveLength(PDFS_PER_HOUR);
      expect((await askForPdf(theirs.cookie)).status).toBe(200);

      // An hour after the first, it may ask again.
      ctx().clock.now = firstAsked + 60 * 60 + 1;
      expect((await askForPdf(mine.cookie)).status).toBe(200);
      await finishPdfs();
    });

    it('mails another school’s invitation while a school’s 30 PDF requests are printed, one PDF at a time', async () => {
      const printing = await signedInUser(ctx(), { newsletter: true, builder: true });
      const inviting = await signedInUser(ctx());
      const statuses = [];
      for (let i = 0; i < 30; i += 1) statuses.push((await askForPdf(printing.cookie, `<p>Copy ${i}</p>`)).status);
      expect(statuses).toEqual([...Array(PDFS_PENDING_PER_SCHOOL).fill(200), ...Array(30 - PDFS_PENDING_PER_SCHOOL).fill(429)]);
      const invited = 'new.teacher@school-a.example.org';
      const invite = await post(app, '/api/account/users/add', JSON.stringify({ email: invited, name: 'New Teacher' }), { cookie: inviting.cookie });
      expect(invite.status).toBe(200);

      const before = sink.received.length;
      expect(await runDueJobs(rt, JOBS, silent)).toMatchObject({ failed: 0, retried: 0 });
      const mails = (await sink.waitFor(before + PDFS_PENDING_PER_SCHOOL + 1, 60_000)).slice(before);
      const order = mails.map((m) => (m.envelopeTo.includes(invited) ? 'invitation' : 'pdf'));
      // Leased with the first PDF, not after the three: the second PDF starts only once the first is done.
      expect([0, 1]).toContain(order.indexOf('invitation'));
      expect(order.filter((o) => o === 'pdf')).toHaveLength(PDFS_PENDING_PER_SCHOOL);
    });
  });
});
