import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS, signedInUser, useTestContext, type TestSchool } from '../../../../tests/factories';
import { addCategory, addPage, addPost } from '../../../../tests/factories/website-content';
import { SVG_AS_PNG, makeImage } from '../../../../tests/factories/media-images';

/**
 * Property: whatever body a state-changing website call receives, the answer is never a 5xx,
 * always the JSON envelope, and a refusal changes nothing (no row of the school's website tables
 * and no stored file). Bodies are generated: arbitrary JSON, the call's own fields with
 * arbitrary values, near-valid bodies, raw text and bytes under odd content types.
 */

// 500 bodies a call on SQLite (12 calls, about 25 s) and 100 on PostgreSQL, where the same bodies
// reach the same code and each costs five times as much (500 took two minutes there); FUZZ_RUNS=5000
// for a deeper search on either.
const RUNS_PER_CALL = Number(process.env.FUZZ_RUNS) || (process.env.PORTAL_TEST_DATABASE === 'postgres' ? 100 : 500);

const JSON_CALLS = ['/posts/toggle', '/posts/delete', '/posts/create', '/posts/update', '/pages/create', '/pages/update', '/gallery/new', '/gallery/update', '/gallery/remove'] as const;
const UPLOAD_CALLS = ['/media/upload', '/media/upload/builder', '/gallery/upload'] as const;

/** The field names of each JSON call (contracts), so generated bodies reach the deeper rules. */
const FIELDS: Record<(typeof JSON_CALLS)[number], string[]> = {
  '/posts/toggle': ['id', 'isPublic'],
  '/posts/delete': ['id'],
  '/posts/create': ['id', 'title', 'content', 'category', 'parent'],
  '/posts/update': ['id', 'title', 'content', 'category', 'parent'],
  '/pages/create': ['id', 'title', 'content', 'category', 'parent'],
  '/pages/update': ['id', 'title', 'content', 'category', 'parent'],
  '/gallery/new': ['title'],
  '/gallery/update': ['galleryID', 'uploaded'],
  '/gallery/remove': ['id', 'galleryID'],
};

const WEBSITE_TABLES = ['website_posts', 'website_categories', 'website_post_categories', 'website_galleries', 'website_media'] as const;

/** Values that tend to break parsers and rules: ids near the edges, hostile strings, deep nesting. */
const edgeValue = fc.oneof(
  fc.constantFrom(0, -1, 1, 2, 3, 1.5, Number.MAX_SAFE_INTEGER, 1e308, '1', '01', '1e3', '', ' ', null, true, false, '__proto__', 'constructor'),
  fc.constantFrom('<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>', '[gallery_slider id="1"]', '<div>'.repeat(300), '\u0000', '\uD800', '%00'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);

const anyJson = fc.jsonValue({ maxDepth: 4 });

const fieldsBody = (fields: string[]) =>
  fc.dictionary(fc.constantFrom(...fields, 'extra'), fc.oneof(edgeValue, anyJson, fc.dictionary(fc.string({ maxLength: 6 }), edgeValue, { maxKeys: 3 }), fc.array(edgeValue, { maxLength: 4 })), {
    maxKeys: fields.length + 1,
  });

/** A raw body and its content type. */
const jsonCallBody = (call: (typeof JSON_CALLS)[number]) =>
  fc.oneof(
    { weight: 4, arbitrary: fieldsBody(FIELDS[call]).map((value) => ({ text: JSON.stringify(value), type: 'application/json' })) },
    { weight: 2, arbitrary: anyJson.map((value) => ({ text: JSON.stringify(value), type: 'application/json' })) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }).map((text) => ({ text, type: 'application/json' })) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.string({ maxLength: 100 }), fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '', 'application/json; charset=utf-16')).map(([text, type]) => ({ text, type })),
    },
  );

describe('state-changing website calls under generated bodies', () => {
  const ctx = useTestContext();
  let school: TestSchool;
  let cookie = '';
  let realPng = new Uint8Array();

  beforeAll(async () => {
    ({ school, cookie } = await signedInUser(ctx(), { website: true }));
    realPng = new Uint8Array(await makeImage('png', 40, 30));
    // Something to act on: ids 1-3 exist in many forms, so generated ids hit real rows.
    const news = await addCategory(ctx(), school, 'Newsflash');
    await addPost(ctx(), school, { title: 'A post', categories: [news] });
    await addPage(ctx(), school, { title: 'A page' });
  });

  /** Every row of the school's website tables, and the stored files: what a refusal must not change. */
  async function snapshot(): Promise<string> {
    const rows: Record<string, unknown[]> = {};
    for (const table of WEBSITE_TABLES) {
      const query = ctx().db.selectFrom(table).selectAll();
      rows[table] = table === 'website_post_categories' ? await query.execute() : await query.where('domain_id', '=', school.id).execute();
    }
    const uploads = path.join(ctx().config.PORTAL_DATA_DIR, 'uploads');
    const files = fs.existsSync(uploads) ? fs.readdirSync(uploads, { recursive: true }).map(String).sort() : [];
    return JSON.stringify({ rows, files });
  }

  async function send(call: string, body: BodyInit, type: string): Promise<Response> {
    const headers: Record<string, string> = { cookie };
    if (type) headers['content-type'] = type;
    return ctx().app.request(`/api/website${call}`, { method: 'POST', body, headers }, { clientAddress: CLIENT_ADDRESS });
  }

  /** The property for one answer: envelope, no 5xx, and nothing changed on refusal. */
  async function check(res: Response, before: string): Promise<void> {
    expect(res.status).toBeLessThan(500);
    const body = (await res.json()) as { success: unknown; isAuthFailed: unknown; message?: unknown };
    expect(typeof body.success).toBe('boolean');
    expect(body.isAuthFailed).toBe(false);
    if (body.success === false) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(typeof body.message).toBe('string');
      expect(await snapshot()).toBe(before);
    }
  }

  it.each(JSON_CALLS)(`POST /api/website%s: ${RUNS_PER_CALL} generated bodies, no 5xx, refusals change nothing`, async (call) => {
    await fc.assert(
      fc.asyncProperty(jsonCallBody(call), async ({ text, type }) => {
        const before = await snapshot();
        await check(await send(call, text, type), before);
      }),
      { numRuns: RUNS_PER_CALL },
    );
  });

  /** A multipart body: a file part of generated bytes (sometimes a real image) and generated text fields. */
  const multipartBody = fc.record({
    fileBytes: fc.oneof(fc.uint8Array({ maxLength: 256 }), fc.constant('real-png' as const), fc.constant(new Uint8Array(SVG_AS_PNG))),
    fileName: fc.oneof(fc.constantFrom('a.png', 'a.svg', '../../etc/passwd', 'a.php.png', ''), fc.string({ maxLength: 20 })),
    fieldName: fc.constantFrom('file', 'files', 'galleryID', ''),
    galleryID: fc.option(fc.oneof(edgeValue.map(String), fc.constantFrom('1', '2', '999999')), { nil: undefined }),
    mangle: fc.constantFrom('none', 'truncate', 'no-boundary', 'wrong-type'),
  });

  type MultipartInput = typeof multipartBody extends fc.Arbitrary<infer T> ? T : never;

  function encodeMultipart(input: MultipartInput): { body: Uint8Array<ArrayBuffer>; type: string } {
    const boundary = 'fuzzboundary';
    const encoder = new TextEncoder();
    const parts: Uint8Array[] = [];
    if (input.galleryID !== undefined) {
      parts.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="galleryID"\r\n\r\n${input.galleryID}\r\n`));
    }
    parts.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${input.fieldName}"; filename="${input.fileName.replace(/["\r\n]/g, '')}"\r\nContent-Type: image/png\r\n\r\n`));
    parts.push(input.fileBytes === 'real-png' ? realPng : input.fileBytes, encoder.encode(`\r\n--${boundary}--\r\n`));
    let body: Uint8Array<ArrayBuffer> = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
    let offset = 0;
    for (const part of parts) {
      body.set(part, offset);
      offset += part.byteLength;
    }
    if (input.mangle === 'truncate') body = body.subarray(0, Math.floor(body.byteLength / 2));
    const type = input.mangle === 'no-boundary' ? 'multipart/form-data' : input.mangle === 'wrong-type' ? 'application/json' : `multipart/form-data; boundary=${boundary}`;
    return { body, type };
  }

  it.each(UPLOAD_CALLS)(`POST /api/website%s: ${RUNS_PER_CALL} generated uploads, no 5xx, refusals change nothing`, async (call) => {
    await fc.assert(
      fc.asyncProperty(multipartBody, async (input) => {
        const { body, type } = encodeMultipart(input);
        const before = await snapshot();
        await check(await send(call, body, type), before);
      }),
      { numRuns: RUNS_PER_CALL },
    );
  });
});
