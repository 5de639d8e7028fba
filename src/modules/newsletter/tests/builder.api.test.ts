import { beforeAll, describe, expect, it } from 'vitest';
import {
  COLUMN_IN_COLUMN,
  defaultSettings,
  frameResponseSchema,
  loadResponseSchema,
  loadTemplateResponseSchema,
  MAX_BLOCKS,
  NEW_BUILD_NAME,
  saveBuildResponseSchema,
  type TextBlock,
  type Build,
} from '../builder-contract';
import { bodyOf, failure, get, postJson, signedInUser, useTestContext } from '../../../../tests/factories';
import { specBlocks } from './spec-blocks';

/**
 * The builder's documents (spec section 7: `send/builder/template`, `load`, `load/{templateId}`,
 * `new`, `save`) on a real database, both kinds: the build last saved opens first, a school gets
 * a starter build the first time, a crafted column in a column is refused, and one school never
 * reaches another's builds.
 */
const FRAME = '/api/newsletter/send/builder/template';
const LOAD = '/api/newsletter/send/builder/load';
const NEW = '/api/newsletter/send/builder/new';
const SAVE = '/api/newsletter/send/builder/save';

const text = (id: string, html: string): TextBlock => ({ id, type: 'text', data: { html }, settings: defaultSettings('text') });

/** Every block's id, those in column cells too, in the build's order. */
function idsOf(build: Build): string[] {
  return build.flatMap((list) => list.flatMap((block) => [block.id, ...(block.type === 'columns' ? block.data.elements.flat().map((inner) => inner.id) : [])]));
}

describe('newsletter builder: builds and templates', () => {
  const ctx = useTestContext();
  let cookie = '';
  let otherCookie = '';
  let schoolName = '';

  beforeAll(async () => {
    const staff = await signedInUser(ctx(), { newsletter: true, builder: true });
    cookie = staff.cookie;
    schoolName = staff.school.name;
    ({ cookie: otherCookie } = await signedInUser(ctx(), { newsletter: true, builder: true }));
  });

  async function load(c = cookie) {
    const res = await get(ctx().app, LOAD, { cookie: c });
    expect(res.status).toBe(200);
    return loadResponseSchema.parse(await bodyOf(res));
  }

  async function loadTemplate(id: number, c = cookie) {
    return get(ctx().app, `/api/newsletter/send/builder/load/${id}`, { cookie: c });
  }

  it('opens a starter build named New Newsletter the first time, and the same one after', async () => {
    const first = await load();
    expect(first.build.name).toBe(NEW_BUILD_NAME);
    expect(first.build.build[1].length).toBeGreaterThan(0);
    expect(first.templates).toEqual([{ id: first.build.id, name: NEW_BUILD_NAME }]);
    expect((await load()).build.id).toBe(first.build.id);
  });

  it('saves a build and loads it back the same, the three lists and column cells in order', async () => {
    const { build } = await load();
    const doc: Build = [
      [text('h1', '<p>Header</p>')],
      [
        text('b1', '<p>One</p>'),
        { id: 'c1', type: 'columns', data: { elements: [[text('c1a', '<p>Left</p>')], [{ id: 'c1b', type: 'image', data: { url: '', alt: 'A placeholder', href: '' }, settings: defaultSettings('image') }]] }, settings: { ...defaultSettings('columns'), columnSize: '4,8' } },
        { id: 'sp', type: 'spacer', data: {}, settings: { ...defaultSettings('spacer'), height: 40 } },
      ],
      [{ id: 'f1', type: 'divider', data: {}, settings: { ...defaultSettings('divider'), showDivider: 0 } }],
    ];
    ctx().clock.advance(30);
    const res = await postJson(ctx().app, SAVE, { id: build.id, build: doc }, cookie);
    expect(res.status).toBe(200);
    expect(saveBuildResponseSchema.parse(await bodyOf(res))).toMatchObject({ id: build.id, updated_at: ctx().clock.now });
    const again = loadTemplateResponseSchema.parse(await bodyOf(await loadTemplate(build.id)));
    expect(again.build.build).toEqual(doc);
  });

  it('saves the spec’s blocks (type, data, settings: no id), giving each block an id unique within the build', async () => {
    const { build } = await load();
    const doc: Build = [
      [text('h1', '<p>Header</p>')],
      [
        text('b1', '<p>One</p>'),
        { id: 'c1', type: 'columns', data: { elements: [[text('c1a', '<p>Left</p>'), text('c1c', '<p>Below</p>')], [{ id: 'c1b', type: 'divider', data: {}, settings: defaultSettings('divider') }]] }, settings: defaultSettings('columns') },
        { id: 'sp', type: 'spacer', data: {}, settings: { ...defaultSettings('spacer'), height: 40 } },
      ],
      [text('f1', '<p>Footer</p>')],
    ];
    const res = await postJson(ctx().app, SAVE, { build: specBlocks(doc), id: build.id }, cookie);
    expect(res.status, JSON.stringify(await bodyOf(res.clone()))).toBe(200);
    const stored = loadTemplateResponseSchema.parse(await bodyOf(await loadTemplate(build.id))).build.build;
    const ids = idsOf(stored);
    expect(ids).toHaveLength(8);
    expect(new Set(ids).size).toBe(8);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    // Apart from the ids, the build is what was sent (the settings' index is the list's order, not kept).
    expect(specBlocks(stored)).toEqual(specBlocks(doc));
    // Saved again as loaded, it keeps its ids.
    expect((await postJson(ctx().app, SAVE, { build: stored, id: build.id }, cookie)).status).toBe(200);
    expect(idsOf(loadTemplateResponseSchema.parse(await bodyOf(await loadTemplate(build.id))).build.build)).toEqual(ids);

    // An older client's mix: the ids it sends are kept, and a block without one never gets an id the build already has.
    const mixed = specBlocks(doc) as Array<Array<Record<string, unknown>>>;
    mixed[1]![1] = { ...mixed[1]![1], id: ids[0] };
    mixed[2]![0] = { ...mixed[2]![0], id: ids[1] };
    expect((await postJson(ctx().app, SAVE, { build: mixed, id: build.id }, cookie)).status).toBe(200);
    const again = idsOf(loadTemplateResponseSchema.parse(await bodyOf(await loadTemplate(build.id))).build.build);
    expect(new Set(again).size).toBe(8);
    expect(again[2]).toBe(ids[0]);
    expect(again[7]).toBe(ids[1]);
  });

  it('stores text blocks cut to the toolbar’s tags and styles, in column cells too', async () => {
    const { build } = await load();
    const dirty = '<p style="color:#ff0000;position:fixed">Hi <img src=x onerror="alert(1)"><a href="javascript:alert(1)">link</a><script>alert(2)</script><b>bold</b></p>';
    const doc: Build = [[], [text('d1', dirty), { id: 'dc', type: 'columns', data: { elements: [[text('d2', dirty)], []] }, settings: defaultSettings('columns') }], []];
    expect((await postJson(ctx().app, SAVE, { id: build.id, build: doc }, cookie)).status).toBe(200);
    const stored = loadTemplateResponseSchema.parse(await bodyOf(await loadTemplate(build.id))).build.build[1];
    const cell = stored[1]!.type === 'columns' ? stored[1]!.data.elements[0][0] : undefined;
    for (const block of [stored[0], cell]) {
      const html = block?.type === 'text' ? block.data.html : '';
      expect(html).toContain('<b>bold</b>');
      expect(html).toContain('color:#ff0000');
      for (const gone of ['onerror', 'javascript:', '<script', 'position', '<img']) expect(html).not.toContain(gone);
    }
  });

  it('fills in settings a block leaves out with the defaults', async () => {
    const { build } = await load();
    const res = await postJson(ctx().app, SAVE, { id: build.id, build: [[], [{ id: 'x', type: 'text', data: { html: '<p>x</p>' } }], []] }, cookie);
    expect(res.status).toBe(200);
    const again = loadTemplateResponseSchema.parse(await bodyOf(await loadTemplate(build.id)));
    expect(again.build.build[1][0]!.settings).toEqual(defaultSettings('text'));
  });

  it('makes a new named build, which then opens first; the templates list both by name', async () => {
    const before = await load();
    ctx().clock.advance(30);
    const res = await postJson(ctx().app, NEW, { name: '  Autumn term  ' }, cookie);
    expect(res.status).toBe(200);
    const created = loadTemplateResponseSchema.parse(await bodyOf(res)).build;
    expect(created.name).toBe('Autumn term');
    const after = await load();
    expect(after.build.id).toBe(created.id);
    expect(after.templates.map((t) => t.name)).toEqual(['Autumn term', NEW_BUILD_NAME]);
    // Saving the older one makes it the one that opens.
    ctx().clock.advance(30);
    await postJson(ctx().app, SAVE, { id: before.build.id, build: before.build.build }, cookie);
    expect((await load()).build.id).toBe(before.build.id);
  });

  it('refuses a crafted column within a column, too many blocks and bad shapes, changing nothing', async () => {
    const { build } = await load();
    const nested: unknown = [[], [{ id: 'c', type: 'columns', data: { elements: [[{ id: 'n', type: 'columns', data: { elements: [[], []] } }], []] } }], []];
    const refused = await failure(await postJson(ctx().app, SAVE, { id: build.id, build: nested }, cookie));
    expect(refused).toEqual({ status: 400, message: COLUMN_IN_COLUMN, isAuthFailed: false });
    const many = Array.from({ length: MAX_BLOCKS + 1 }, (_, i) => text(`t${i}`, '<p>x</p>'));
    expect((await failure(await postJson(ctx().app, SAVE, { id: build.id, build: [[], many, []] }, cookie))).status).toBe(400);
    for (const bad of [[[], []], { header: [] }, [[{ id: 'q', type: 'video', data: {} }], [], []], [[{ id: 'bad id!', type: 'spacer', data: {} }], [], []]]) {
      expect((await failure(await postJson(ctx().app, SAVE, { id: build.id, build: bad }, cookie))).status).toBe(400);
    }
    expect((await failure(await postJson(ctx().app, NEW, { name: '   ' }, cookie))).status).toBe(400);
    expect((await load()).build).toEqual(build);
  });

  it('gives the school’s header and footer, its name until it edits them', async () => {
    const res = await get(ctx().app, FRAME, { cookie });
    expect(res.status).toBe(200);
    const frame = frameResponseSchema.parse(await bodyOf(res));
    expect(frame.header).toContain(schoolName);
    expect(frame.footer).toContain(schoolName);
  });

  it('keeps the school’s edited header and footer, sanitised, for its own emails only', async () => {
    const header = '<img src="/uploads/1/logo.png" alt="Greenfield crest"><h1 onclick="alert(1)">Greenfield <script>alert(2)</script>News</h1>';
    const footer = '<p>1 School Lane, Greenfield</p><form action="/x"><input name="q"></form>';
    const res = await postJson(ctx().app, FRAME, { header, footer }, cookie);
    expect(res.status).toBe(200);
    const kept = frameResponseSchema.parse(await bodyOf(res));
    expect(kept.header).toContain('alt="Greenfield crest"');
    expect(kept.header).toContain('Greenfield');
    expect(kept.footer).toContain('1 School Lane, Greenfield');
    for (const gone of ['onclick', '<script', 'alert(2)', '<form', '<input']) expect(`${kept.header}${kept.footer}`).not.toContain(gone);
    // Kept as it was answered; saving what was kept keeps it the same.
    expect(frameResponseSchema.parse(await bodyOf(await get(ctx().app, FRAME, { cookie })))).toEqual(kept);
    const again = frameResponseSchema.parse(await bodyOf(await postJson(ctx().app, FRAME, kept, cookie)));
    expect(again).toEqual(kept);
    // The email is framed by it; another school's is not.
    const { build } = await load();
    const rendered = (await bodyOf(await postJson(ctx().app, '/api/newsletter/send/builder/build', { build: build.build }, cookie))) as { html: string };
    expect(rendered.html).toContain('1 School Lane, Greenfield');
    expect(frameResponseSchema.parse(await bodyOf(await get(ctx().app, FRAME, { cookie: otherCookie }))).footer).not.toContain('School Lane');
    expect((await failure(await postJson(ctx().app, FRAME, { header: 'x'.repeat(20_001), footer: '' }, cookie))).status).toBe(400);
    expect((await failure(await postJson(ctx().app, FRAME, { header: '' }, cookie))).status).toBe(400);
  });

  it('keeps each school to its own builds: another school’s id is a 404 and changes nothing', async () => {
    const mine = (await load()).build;
    const theirs = (await load(otherCookie)).build;
    expect(theirs.id).not.toBe(mine.id);
    expect((await load(otherCookie)).templates.map((t) => t.id)).not.toContain(mine.id);
    expect((await failure(await loadTemplate(mine.id, otherCookie))).status).toBe(404);
    expect((await failure(await postJson(ctx().app, SAVE, { id: mine.id, build: [[], [], []] }, otherCookie))).status).toBe(404);
    expect((await load()).build).toEqual(mine);
    expect((await failure(await loadTemplate(999_999))).status).toBe(404);
    expect((await failure(await get(ctx().app, '/api/newsletter/send/builder/load/abc', { cookie }))).status).toBe(400);
  });
});
