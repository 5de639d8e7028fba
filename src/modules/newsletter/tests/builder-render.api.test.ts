import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { COLUMN_IN_COLUMN, defaultSettings, renderResponseSchema, type Build, type TextBlock } from '../builder-contract';
import type { Api } from '../../../app/api';
import { bodyOf, failure, post, signedInUser, type TestSchool, useTestContext } from '../../../../tests/factories';
import { specBlocks } from './spec-blocks';

/**
 * POST /api/newsletter/send/builder/build (spec section 7: `{build}` -> the email's HTML for the
 * preview) on a real database, both kinds: the email framed by the school's own header and
 * footer, the column-in-column refusal, the gates and the body limits.
 */
const RENDER = '/api/newsletter/send/builder/build';

function postJson(app: Api, body: unknown, cookie: string): Promise<Response> {
  return post(app, RENDER, JSON.stringify(body), { cookie });
}

const text = (id: string, html: string): TextBlock => ({ id, type: 'text', data: { html }, settings: defaultSettings('text') });

const BUILD: Build = [
  [text('h', '<p>From the head teacher</p>')],
  [
    text('b', '<h2>Sports day</h2><p>Thank you to every family who came.</p>'),
    {
      id: 'c',
      type: 'columns',
      data: { elements: [[{ id: 'i', type: 'image', data: { url: 'https://cdn.example.org/race.jpg', alt: 'The relay race', href: '' }, settings: defaultSettings('image') }], [text('r', '<p>Results inside</p>')]] },
      settings: { ...defaultSettings('columns'), columnSize: '4,8' },
    },
  ],
  [text('f', '<p>See you next week</p>')],
];

describe('newsletter builder: the email render', () => {
  const ctx = useTestContext();
  let school: TestSchool;
  let cookie = '';
  let otherSchool: TestSchool;
  let otherCookie = '';

  beforeAll(async () => {
    ({ school, cookie } = await signedInUser(ctx(), { newsletter: true, builder: true }));
    ({ school: otherSchool, cookie: otherCookie } = await signedInUser(ctx(), { newsletter: true, builder: true }));
  });

  async function rendered(c: string, build: Build = BUILD) {
    const res = await postJson(ctx().app, { build }, c);
    expect(res.status).toBe(200);
    return renderResponseSchema.parse(await bodyOf(res));
  }

  it('renders the build framed by the school’s header and footer, with its size in bytes', async () => {
    const email = await rendered(cookie);
    expect(email.bytes).toBe(Buffer.byteLength(email.html, 'utf8'));
    const document = new JSDOM(email.html).window.document;
    const article = document.querySelector('[role="article"]')!.textContent ?? '';
    const order = [school.name, 'From the head teacher', 'Sports day', 'Thank you to every family who came.', 'Results inside', 'See you next week'];
    const positions = order.map((needle) => article.indexOf(needle));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // The school's name heads the email and closes it (its default header and footer).
    expect(article.lastIndexOf(school.name)).toBeGreaterThan(article.indexOf('See you next week'));
    const img = document.querySelector('img[src="https://cdn.example.org/race.jpg"]')!;
    expect(img.getAttribute('alt')).toBe('The relay race');
    expect(img.getAttribute('width')).toBe('150');
  });

  it('uses the school’s own edited header and footer, sanitised, and never another school’s', async () => {
    await ctx()
      .db.insertInto('newsletter_frames')
      .values({
        domain_id: school.id,
        header_html: '<p><img src="https://cdn.example.org/crest.png" alt="School crest" width="80" onerror="alert(1)"> Hillside Weekly</p><script>alert(2)</script>',
        footer_html: '<p>12 Hill Road · <a href="https://hillside.example.org">hillside.example.org</a></p>',
        updated_at: ctx().clock.now,
      })
      .execute();
    const mine = await rendered(cookie);
    expect(mine.html).toContain('Hillside Weekly');
    expect(mine.html).toContain('<img src="https://cdn.example.org/crest.png" alt="School crest" width="80" style="max-width:100%;height:auto" />');
    expect(mine.html).toContain('<a href="https://hillside.example.org">hillside.example.org</a>');
    expect(mine.html).not.toMatch(/onerror|<script|alert\(/);
    const theirs = await rendered(otherCookie);
    expect(theirs.html).toContain(otherSchool.name);
    expect(theirs.html).not.toContain('Hillside Weekly');
  });

  it('renders the spec’s blocks (type, data, settings: no id) as the builder’s own', async () => {
    const res = await postJson(ctx().app, { build: specBlocks(BUILD) }, cookie);
    const body = await bodyOf(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    const email = renderResponseSchema.parse(body);
    expect(email.html).toContain('Results inside');
    expect(email).toEqual(await rendered(cookie));
  });

  it('refuses a crafted column within a column with the spec’s text', async () => {
    const nested: unknown = [[], [{ id: 'c', type: 'columns', data: { elements: [[{ id: 'n', type: 'columns', data: { elements: [[], []] } }], []] } }], []];
    expect(await failure(await postJson(ctx().app, { build: nested }, cookie))).toEqual({ status: 400, message: COLUMN_IN_COLUMN, isAuthFailed: false });
  });

  it('refuses a malformed build or body with 400 and an oversized body with 413', async () => {
    for (const bad of [{}, { build: [[], []] }, { build: [[{ id: 'x', type: 'video', data: {} }], [], []] }, { build: [[{ id: 'x', type: 'image', data: { url: 'javascript:alert(1)', alt: '' } }], [], []] }]) {
      expect((await failure(await postJson(ctx().app, bad, cookie))).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await failure(await post(ctx().app, RENDER, '{"build": [', { cookie }))).status).toBe(400);
    const huge = JSON.stringify({ build: [[], [text('t', 'x'.repeat(1000))], []], padding: 'x'.repeat(5 * 1024 * 1024) });
    expect((await failure(await post(ctx().app, RENDER, huge, { cookie }))).status).toBe(413);
  });
});
