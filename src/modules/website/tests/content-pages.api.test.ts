import { beforeAll, describe, expect, it } from 'vitest';
import { menuResponseSchema, pageResponseSchema, pageSchema, pagesResponseSchema, saveResponseSchema } from '../contract';
import { runDueJobs } from '../../../platform/jobs';
import { JOBS, SCHEDULES } from '../../../app/modules';
import { schoolContext } from '../../../platform/context';
import { publishDuePages, publishDuePagesOf } from '../server/embedded/content/service';
import { addTestUser, bodyOf, createTestContext, createTestSchool, signIn, signedInUser, useTestContext, type TestSchool } from '../../../../tests/factories';
import { addPage, getWith, itemRows, postJson } from '../../../../tests/factories/website-content';

const HOUR = 60 * 60;

async function expectFailure(res: Response, status: number, message?: RegExp): Promise<void> {
  expect(res.status).toBe(status);
  const body = (await bodyOf(res)) as { success: boolean; isAuthFailed: boolean; message?: string };
  expect(body.success).toBe(false);
  expect(body.isAuthFailed).toBe(status === 401);
  if (status === 400) expect(body.message ?? '').not.toBe('');
  if (message) expect(body.message ?? '').toMatch(message);
}

async function statusOf(ctx: { db: import('../../../platform/db').Db }, id: number): Promise<string | undefined> {
  const row = await ctx.db.selectFrom('website_posts').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status;
}

describe('website content: pages and the menu', () => {
  const ctx = useTestContext();
  let school: TestSchool;
  let cookie = '';
  let other: TestSchool;
  let otherCookie = '';

  beforeAll(async () => {
    ({ school, cookie } = await signedInUser(ctx(), { website: true }));
    ({ school: other, cookie: otherCookie } = await signedInUser(ctx(), { website: true }));
  });

  async function freshSchool(): Promise<{ s: TestSchool; c: string }> {
    const s = await createTestSchool(ctx(), { products: { website: true } });
    return { s, c: await signIn(ctx().app, await addTestUser(ctx(), s)) };
  }

  describe('GET /api/website/wordpress/pages', () => {
    it('pages by last modified, newest first, in the contract’s shape', async () => {
      const { s, c } = await freshSchool();
      const ids: number[] = [];
      for (let i = 1; i <= 12; i += 1) {
        ids.push((await addPage(ctx(), s, { title: `Page ${String(i).padStart(2, '0')}` })).id);
        ctx().clock.advance(HOUR);
      }
      // Editing the oldest page makes it the most recently modified.
      const first = ids[0] ?? 0;
      await postJson(ctx().app, '/api/website/pages/update', { id: first, title: 'Page 01 edited', content: '<p>new</p>' }, c);

      const res = await getWith(ctx().app, '/api/website/wordpress/pages?page=1&limit=10', c);
      expect(res.status).toBe(200);
      const body = pagesResponseSchema.parse(await bodyOf(res));
      expect(body.total_pages).toBe(2);
      expect(body.pages.map((p) => p.post_title)).toEqual(['Page 01 edited', 'Page 12', 'Page 11', 'Page 10', 'Page 09', 'Page 08', 'Page 07', 'Page 06', 'Page 05', 'Page 04']);
      expect(body.pages[0]).toEqual({
        id: first,
        post_title: 'Page 01 edited',
        post_content: '<p>new</p>',
        post_modified: new Date(ctx().clock.now * 1000).toISOString(),
        post_url: `/sites/${s.label}/page-01`,
        post_status: 'publish',
        locked: false,
      });
      // A published page has every field but `publishes_at` (pending pages only).
      for (const p of body.pages) expect(Object.keys(p).sort()).toEqual(Object.keys(pageSchema.shape).filter((k) => k !== 'publishes_at').sort());

      const second = pagesResponseSchema.parse(await bodyOf(await getWith(ctx().app, '/api/website/wordpress/pages?page=2&limit=10', c)));
      expect(second.pages.map((p) => p.post_title)).toEqual(['Page 03', 'Page 02']);
      const past = pagesResponseSchema.parse(await bodyOf(await getWith(ctx().app, '/api/website/wordpress/pages?page=3&limit=10', c)));
      expect(past).toMatchObject({ pages: [], total_pages: 2 });
    });

    it('searches titles case-insensitively, % and _ literally, and lists pending pages too', async () => {
      const { s, c } = await freshSchool();
      await addPage(ctx(), s, { title: 'Term Dates' });
      await addPage(ctx(), s, { title: 'Uniform', status: 'pending' });
      await addPage(ctx(), s, { title: '50% off_uniform' });
      const titles = async (query: string) =>
        pagesResponseSchema
          .parse(await bodyOf(await getWith(ctx().app, `/api/website/wordpress/pages?query=${encodeURIComponent(query)}`, c)))
          .pages.map((p) => p.post_title)
          .sort();
      expect(await titles('TERM')).toEqual(['Term Dates']);
      expect(await titles('uniform')).toEqual(['50% off_uniform', 'Uniform']);
      expect(await titles('%')).toEqual(['50% off_uniform']);
      expect(await titles('f_u')).toEqual(['50% off_uniform']);
      expect(await titles('nothing like it')).toEqual([]);
    });

    it('says which pages are held for review and when each publishes itself (PORTAL_PAGE_REVIEW_HOURS after it was created)', async () => {
      const { s, c } = await freshSchool();
      const created = ctx().clock.now;
      const pending = await addPage(ctx(), s, { title: 'Held', status: 'pending' });
      const draft = await addPage(ctx(), s, { title: 'Drafted', status: 'draft' });
      const published = await addPage(ctx(), s, { title: 'Out' });
      const body = pagesResponseSchema.parse(await bodyOf(await getWith(ctx().app, '/api/website/wordpress/pages?limit=100', c)));
      const byId = new Map(body.pages.map((p) => [p.id, p]));
      const hours = ctx().config.PORTAL_PAGE_REVIEW_HOURS;
      expect(byId.get(pending.id)).toMatchObject({ post_status: 'pending', publishes_at: new Date((created + hours * HOUR) * 1000).toISOString() });
      expect(byId.get(draft.id)?.post_status).toBe('draft');
      expect(byId.get(draft.id)).not.toHaveProperty('publishes_at');
      expect(byId.get(published.id)?.post_status).toBe('publish');
      expect(byId.get(published.id)).not.toHaveProperty('publishes_at');
      // The moment it names is the one the sweep publishes it at.
      expect(await publishDuePagesOf(schoolContext(ctx().db, s, created + hours * HOUR - 1), hours)).toBe(0);
      expect(await publishDuePagesOf(schoolContext(ctx().db, s, created + hours * HOUR), hours)).toBe(1);
      const after = pagesResponseSchema.parse(await bodyOf(await getWith(ctx().app, '/api/website/wordpress/pages?limit=100', c)));
      expect(after.pages.find((p) => p.id === pending.id)?.post_status).toBe('publish');
    });

    it("never lists another school's pages", async () => {
      const theirs = await addPage(ctx(), other, { title: 'Their page' });
      const body = pagesResponseSchema.parse(await bodyOf(await getWith(ctx().app, '/api/website/wordpress/pages?limit=100', cookie)));
      expect(body.pages.map((p) => p.id)).not.toContain(theirs.id);
    });

    it.each(['page=0', 'page=abc', 'limit=101', 'limit=-1', `query=${'q'.repeat(201)}`])('answers 400 with a message for %s', async (params) => {
      await expectFailure(await getWith(ctx().app, `/api/website/wordpress/pages?${params}`, cookie), 400, /page|limit|query/);
    });
  });

  describe('GET /api/website/wordpress/pages/{id}', () => {
    it('answers a page with its parent’s title', async () => {
      const parent = await addPage(ctx(), school, { title: 'About us' });
      const child = await addPage(ctx(), school, { title: 'Our staff', parent: 'About us' });
      const res = await getWith(ctx().app, `/api/website/wordpress/pages/${child.id}`, cookie);
      expect(res.status).toBe(200);
      expect(pageResponseSchema.parse(await bodyOf(res)).page).toMatchObject({ id: child.id, post_title: 'Our staff', parent: 'About us' });
      const top = pageResponseSchema.parse(await bodyOf(await getWith(ctx().app, `/api/website/wordpress/pages/${parent.id}`, cookie))).page;
      expect(top.parent).toBeNull();
    });

    it("is 404 for another school's page and an unknown id, 400 for a bad id", async () => {
      const theirs = await addPage(ctx(), other, { title: 'Private page' });
      await expectFailure(await getWith(ctx().app, `/api/website/wordpress/pages/${theirs.id}`, cookie), 404);
      await expectFailure(await getWith(ctx().app, '/api/website/wordpress/pages/987654', cookie), 404);
      await expectFailure(await getWith(ctx().app, '/api/website/wordpress/pages/abc', cookie), 400, /id/);
      expect((await getWith(ctx().app, `/api/website/wordpress/pages/${theirs.id}`, otherCookie)).status).toBe(200);
    });
  });

  describe('POST /api/website/pages/create', () => {
    it('creates a page held for review, under the named parent', async () => {
      const { s, c } = await freshSchool();
      await addPage(ctx(), s, { title: 'Parents' });
      const res = await postJson(
        ctx().app,
        '/api/website/pages/create',
        { id: null, title: 'Term dates', content: '<p>Autumn</p><img src="x.png" onerror="alert(1)" alt="">', category: {}, parent: 'Parents' },
        c,
      );
      expect(res.status).toBe(200);
      const saved = saveResponseSchema.parse(await bodyOf(res));
      expect(saved.post_url).toBe(`/sites/${s.label}/term-dates`);
      expect(await statusOf(ctx(), saved.id)).toBe('pending');
      const page = pageResponseSchema.parse(await bodyOf(await getWith(ctx().app, `/api/website/wordpress/pages/${saved.id}`, c))).page;
      expect(page).toMatchObject({ post_title: 'Term dates', parent: 'Parents', post_content: '<p>Autumn</p><img src="x.png" alt="" />' });
      // Pending pages are not in the menu.
      const menu = menuResponseSchema.parse(await bodyOf(await getWith(ctx().app, '/api/website/menu', c))).menu;
      expect(JSON.stringify(menu)).not.toContain('Term dates');
    });

    it('creates a top-level page for a null or empty parent, with unique slugs', async () => {
      const { s, c } = await freshSchool();
      const a = saveResponseSchema.parse(await bodyOf(await postJson(ctx().app, '/api/website/pages/create', { title: 'Clubs', content: '', parent: null }, c)));
      const b = saveResponseSchema.parse(await bodyOf(await postJson(ctx().app, '/api/website/pages/create', { title: 'Clubs', content: '', parent: '' }, c)));
      expect([a.post_url, b.post_url]).toEqual([`/sites/${s.label}/clubs`, `/sites/${s.label}/clubs-2`]);
      for (const id of [a.id, b.id]) {
        expect(pageResponseSchema.parse(await bodyOf(await getWith(ctx().app, `/api/website/wordpress/pages/${id}`, c))).page.parent).toBeNull();
      }
    });

    it("refuses an unknown parent or another school's page as parent, creating nothing", async () => {
      const { s, c } = await freshSchool();
      await addPage(ctx(), other, { title: 'Foreign parent' });
      await expectFailure(await postJson(ctx().app, '/api/website/pages/create', { title: 'Orphan', content: '', parent: 'No such page' }, c), 400, /parent/);
      await expectFailure(await postJson(ctx().app, '/api/website/pages/create', { title: 'Orphan', content: '', parent: 'Foreign parent' }, c), 400, /parent/);
      expect(await itemRows(ctx(), s.id, 'page')).toEqual([]);
    });

    it.each([
      [{ content: '' }, /title/],
      [{ title: 'x' }, /content/],
      [{ title: 'x', content: '', parent: 7 }, /parent/],
      [{ title: null, content: '' }, /title/],
    ])('answers 400 for %j', async (payload, message) => {
      await expectFailure(await postJson(ctx().app, '/api/website/pages/create', payload, cookie), 400, message);
    });
  });

  describe('POST /api/website/pages/update', () => {
    it('changes title and content but keeps status, address and (for a null parent) the parent', async () => {
      const { c, s } = await freshSchool();
      await addPage(ctx(), s, { title: 'Home' });
      const created = saveResponseSchema.parse(await bodyOf(await postJson(ctx().app, '/api/website/pages/create', { title: 'Draft page', content: '', parent: 'Home' }, c)));
      const res = await postJson(ctx().app, '/api/website/pages/update', { id: created.id, title: 'Renamed page', content: '<p>Edited</p>', parent: null }, c);
      expect(res.status).toBe(200);
      expect(saveResponseSchema.parse(await bodyOf(res))).toEqual({ success: true, isAuthFailed: false, id: created.id, post_url: created.post_url });
      expect(await statusOf(ctx(), created.id)).toBe('pending');
      const page = pageResponseSchema.parse(await bodyOf(await getWith(ctx().app, `/api/website/wordpress/pages/${created.id}`, c))).page;
      expect(page).toMatchObject({ post_title: 'Renamed page', post_content: '<p>Edited</p>', parent: 'Home', post_url: created.post_url });

      const published = await addPage(ctx(), s, { title: 'Published page' });
      await postJson(ctx().app, '/api/website/pages/update', { id: published.id, title: 'Published page', content: 'x' }, c);
      expect(await statusOf(ctx(), published.id)).toBe('publish');
    });

    it('moves a page under another by title, but never under itself or its own sub-page', async () => {
      const { c, s } = await freshSchool();
      const a = await addPage(ctx(), s, { title: 'A' });
      const b = await addPage(ctx(), s, { title: 'B', parent: 'A' });
      await addPage(ctx(), s, { title: 'C', parent: 'B' });
      await addPage(ctx(), s, { title: 'D' });
      await expectFailure(await postJson(ctx().app, '/api/website/pages/update', { id: a.id, title: 'A', content: '', parent: 'A' }, c), 400, /parent/);
      await expectFailure(await postJson(ctx().app, '/api/website/pages/update', { id: a.id, title: 'A', content: '', parent: 'C' }, c), 400, /parent/);
      expect((await postJson(ctx().app, '/api/website/pages/update', { id: b.id, title: 'B', content: '', parent: 'D' }, c)).status).toBe(200);
      expect(pageResponseSchema.parse(await bodyOf(await getWith(ctx().app, `/api/website/wordpress/pages/${b.id}`, c))).page.parent).toBe('D');
    });

    it("is 404 for another school's page and changes nothing", async () => {
      const theirs = await addPage(ctx(), other, { title: 'Their about page' });
      const before = await itemRows(ctx(), other.id, 'page');
      await expectFailure(await postJson(ctx().app, '/api/website/pages/update', { id: theirs.id, title: 'Defaced', content: '' }, cookie), 404);
      expect(await itemRows(ctx(), other.id, 'page')).toEqual(before);
    });

    it('answers 400 without an id and for wrong types', async () => {
      await expectFailure(await postJson(ctx().app, '/api/website/pages/update', { title: 'x', content: '' }, cookie), 400, /id/);
      await expectFailure(await postJson(ctx().app, '/api/website/pages/update', { id: 1, title: {}, content: '' }, cookie), 400, /title/);
    });
  });

  describe('publishing pending pages', () => {
    it('publishes a new page once the review hours are over, and not before', async () => {
      const { s, c } = await freshSchool();
      const saved = saveResponseSchema.parse(await bodyOf(await postJson(ctx().app, '/api/website/pages/create', { title: 'Later', content: '' }, c)));
      const now = ctx().clock.now;
      expect(await publishDuePages(ctx().db, now + 23 * HOUR, 24)).toBe(0);
      expect(await statusOf(ctx(), saved.id)).toBe('pending');
      expect(await publishDuePagesOf(schoolContext(ctx().db, other, now + 24 * HOUR), 24)).toBe(0);
      expect(await statusOf(ctx(), saved.id)).toBe('pending');
      expect(await publishDuePagesOf(schoolContext(ctx().db, s, now + 24 * HOUR), 24)).toBe(1);
      expect(await statusOf(ctx(), saved.id)).toBe('publish');
      const menu = menuResponseSchema.parse(await bodyOf(await getWith(ctx().app, '/api/website/menu', c))).menu;
      expect(menu.map((m) => m.title)).toEqual(['Later']);
    });

    it('runs as a job with PORTAL_PAGE_REVIEW_HOURS from the configuration', async () => {
      const local = await createTestContext({ env: { PORTAL_PAGE_REVIEW_HOURS: '2' } });
      try {
        const { school: s } = await signedInUser(local, { website: true });
        const due = await addPage(local, s, { title: 'Due', status: 'pending' });
        local.clock.advance(HOUR);
        const notYet = await addPage(local, s, { title: 'Not yet', status: 'pending' });
        local.clock.advance(HOUR);
        await runDueJobs(local.runtime, JOBS, { schedules: SCHEDULES });
        expect(await statusOf(local, due.id)).toBe('publish');
        expect(await statusOf(local, notYet.id)).toBe('pending');
      } finally {
        await local.close();
      }
    });
  });

  describe('GET /api/website/menu', () => {
    it('answers published top-level pages by menu order then title, each with its published sub-pages', async () => {
      const { s, c } = await freshSchool();
      await addPage(ctx(), s, { title: 'Zebra', menuOrder: 1 });
      await addPage(ctx(), s, { title: 'Contact', menuOrder: 2 });
      await addPage(ctx(), s, { title: 'About', menuOrder: 1 });
      await addPage(ctx(), s, { title: 'Hidden', status: 'pending' });
      await addPage(ctx(), s, { title: 'Team', parent: 'About', menuOrder: 2 });
      await addPage(ctx(), s, { title: 'History', parent: 'About', menuOrder: 1 });
      await addPage(ctx(), s, { title: 'Governors', parent: 'Team' });
      await addPage(ctx(), s, { title: 'Draft child', parent: 'About', status: 'draft' });
      await addPage(ctx(), s, { title: 'Under hidden', parent: 'Hidden' });

      const res = await getWith(ctx().app, '/api/website/menu', c);
      expect(res.status).toBe(200);
      const { menu } = menuResponseSchema.parse(await bodyOf(res));
      const shape = (items: typeof menu): unknown => items.map((i) => [i.title, shape(i.children)]);
      expect(shape(menu)).toEqual([
        ['About', [['History', []], ['Team', [['Governors', []]]]]],
        ['Zebra', []],
        ['Contact', []],
      ]);
      expect(menu[0]?.url).toBe(`/sites/${s.label}/about`);
    });

    it("shows only the school's own pages", async () => {
      await addPage(ctx(), other, { title: 'Other menu page' });
      const { menu } = menuResponseSchema.parse(await bodyOf(await getWith(ctx().app, '/api/website/menu', cookie)));
      expect(JSON.stringify(menu)).not.toContain('Other menu page');
    });
  });
});
