import { beforeAll, describe, expect, it } from 'vitest';
import { COLUMN_IN_COLUMN, defaultSettings, frameResponseSchema, renderResponseSchema, type Block, type Build } from '../builder-contract';
import { bodyOf, failure, get, postJson, signedInUser, useTestContext } from '../../../../tests/factories';

/**
 * The school's header and footer built with blocks (issue 29 §3) through the spec's
 * `send/builder/template` on a real database, both kinds: a new school starts with blocks, blocks
 * are saved sanitised with the HTML they make (the spec's strings), the email is framed by them;
 * a frame of HTML stays HTML; a bad block changes nothing.
 */
const FRAME = '/api/newsletter/send/builder/template';
const RENDER = '/api/newsletter/send/builder/build';

const BUILD: Build = [[], [{ id: 'b', type: 'text', data: { html: '<p>Sports day was a great success.</p>' }, settings: defaultSettings('text') }], []];

const LOGO = 'https://cdn.example.org/kowhai-logo.png';
const header: Block[] = [
  {
    type: 'columns',
    data: {
      elements: [
        [{ type: 'image', data: { url: LOGO, alt: 'Kowhai School logo', href: 'https://kowhai.example.org/' }, settings: defaultSettings('image') }],
        [{ type: 'text', data: { html: '<h1>Kowhai Weekly<script>alert(1)</script></h1>' }, settings: defaultSettings('text') }],
      ],
    },
    settings: { ...defaultSettings('columns'), columnSize: '4,8', backgroundColor: '#fff4d6' },
  },
  // An image block without a picture: shown nowhere in an email.
  { type: 'image', data: { url: '', alt: 'Banner', href: '' }, settings: defaultSettings('image') },
] as unknown as Block[];
const footer: Block[] = [
  { type: 'text', data: { html: '<p>12 Orchard Road · <a href="https://kowhai.example.org/">Our website</a></p>' }, settings: { ...defaultSettings('text'), backgroundColor: '#eef2f7' } },
] as unknown as Block[];

describe('newsletter builder: the header and footer as blocks', () => {
  const ctx = useTestContext();
  let cookie = '';
  let schoolName = '';

  beforeAll(async () => {
    const staff = await signedInUser(ctx(), { newsletter: true, builder: true });
    cookie = staff.cookie;
    schoolName = staff.school.name;
  });

  const frame = async () => frameResponseSchema.parse(await bodyOf(await get(ctx().app, FRAME, { cookie })));
  const render = async () => renderResponseSchema.parse(await bodyOf(await postJson(ctx().app, RENDER, { build: BUILD }, cookie)));

  it('starts a new school with blocks: a place for its logo and its name, the strings their HTML', async () => {
    const first = await frame();
    expect(first.blocks?.header.map((block) => block.type)).toEqual(['image', 'text']);
    expect(first.blocks?.header[0]?.data).toMatchObject({ url: '' });
    expect(JSON.stringify(first.blocks?.header[1]?.data)).toContain(schoolName);
    expect(first.header).toContain(schoolName);
    expect(first.footer).toContain(schoolName);
    // The empty logo makes no grey 'Image' box in an email.
    expect(first.header).not.toContain('Image');
    expect((await render()).html).not.toMatch(/>Image</);
  });

  it('saves blocks sanitised, with the HTML they make, and frames the email with them', async () => {
    const res = await postJson(ctx().app, FRAME, { blocks: { header, footer } }, cookie);
    expect(res.status).toBe(200);
    const kept = frameResponseSchema.parse(await bodyOf(res));
    expect(kept.blocks?.header).toHaveLength(2);
    expect(JSON.stringify(kept.blocks)).not.toContain('script');
    for (const html of [kept.header, kept.footer]) expect(html).not.toMatch(/script|alert/);
    expect(kept.header).toContain('Kowhai Weekly');
    expect(kept.header).toContain(`src="${LOGO}"`);
    expect(kept.footer).toContain('href="https://kowhai.example.org/"');
    expect(await frame()).toEqual(kept);

    const email = await render();
    // In the email's article (the hidden preview line before it starts with the newsletter's words, never the frame's).
    const article = email.html.slice(email.html.indexOf('role="article"'));
    const order = ['Kowhai Weekly', 'Sports day was a great success.', '12 Orchard Road'].map((needle) => article.indexOf(needle));
    expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    expect(email.html).toContain(`src="${LOGO}"`);
    expect(email.html.toLowerCase()).toContain('#fff4d6');
    expect(email.html).not.toMatch(/alert\(1\)|>Image</);
    // Blocks save the ids a build's blocks get.
    expect(kept.blocks?.header.every((block) => block.id.length > 0)).toBe(true);
  });

  it('keeps a frame of HTML as HTML (the spec’s {header, footer}), until blocks are saved again', async () => {
    const res = await postJson(ctx().app, FRAME, { header: '<table><tr><td><h1>Kowhai News</h1></td></tr></table>', footer: '<p>PO Box 12</p>' }, cookie);
    const kept = frameResponseSchema.parse(await bodyOf(res));
    expect(kept).toMatchObject({ blocks: null, header: '<table><tr><td><h1>Kowhai News</h1></td></tr></table>', footer: '<p>PO Box 12</p>' });
    expect(await frame()).toEqual(kept);
    const email = await render();
    expect(email.html).toContain('Kowhai News');
    expect(email.html).toContain('PO Box 12');
    expect(email.html).not.toContain('Kowhai Weekly');
    // blocks: null is the same HTML frame.
    expect(frameResponseSchema.parse(await bodyOf(await postJson(ctx().app, FRAME, { ...kept, blocks: null }, cookie)))).toEqual(kept);
  });

  it('refuses a bad header block or a frame with neither HTML nor blocks, and changes nothing', async () => {
    const before = await frame();
    const columnInColumn = { type: 'columns', data: { elements: [[], []] }, settings: {} };
    const cases: Array<[unknown, string]> = [
      [{ blocks: { header: [{ type: 'columns', data: { elements: [[columnInColumn], []] }, settings: {} }], footer: [] } }, COLUMN_IN_COLUMN],
      [{ blocks: { header: [{ type: 'image', data: { url: 'javascript:alert(1)', alt: '' }, settings: {} }], footer: [] } }, 'An address must start with https://, http:// or /.'],
      [{ blocks: { header: Array.from({ length: 41 }, () => ({ type: 'spacer', data: {}, settings: {} })), footer: [] } }, 'The header and footer can hold at most 40 blocks.'],
      [{ footer: '<p>Only a footer</p>' }, 'header is required.'],
    ];
    for (const [body, message] of cases) {
      const refused = await failure(await postJson(ctx().app, FRAME, body, cookie));
      expect(refused.status).toBe(400);
      expect(refused.message).toContain(message);
    }
    expect(await frame()).toEqual(before);
  });
});
