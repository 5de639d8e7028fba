import { beforeAll, describe, expect, it } from 'vitest';
import {
  bulkPostsResponseSchema,
  categoriesResponseSchema,
  postResponseSchema,
  postSchema,
  postsResponseSchema,
  saveResponseSchema,
  toggleResponseSchema,
} from '../contract';
import { bodyOf, createTestSchool, addTestUser, signIn, signedInUser, useTestContext, type TestSchool } from '../../../../tests/factories';
import { addCategory, addPost, getWith, itemRows, postJson } from '../../../../tests/factories/website-content';

const HOUR = 60 * 60;

async function expectFailure(res: Response, status: number, message?: RegExp): Promise<void> {
  expect(res.status).toBe(status);
  const body = (await bodyOf(res)) as { success: boolean; isAuthFailed: boolean; message?: string };
  expect(body.success).toBe(false);
  expect(body.isAuthFailed).toBe(status === 401);
  if (status === 400) expect(body.message ?? '').not.toBe('');
  if (message) expect(body.message ?? '').toMatch(message);
}

describe('website content: categories and posts', () => {
  const ctx = useTestContext();
  let school: TestSchool;
  let cookie = '';
  let other: TestSchool;
  let otherCookie = '';

  beforeAll(async () => {
    ({ school, cookie } = await signedInUser(ctx(), { website: true }));
    ({ school: other, cookie: otherCookie } = await signedInUser(ctx(), { website: true }));
  });

  describe('GET /api/website/wordpress/categories', () => {
    it("answers the school's categories sorted by name, and none of another school's", async () => {
      const s = await createTestSchool(ctx(), { products: { website: true } });
      const u = await addTestUser(ctx(), s);
      const c = await signIn(ctx().app, u);
      await addCategory(ctx(), s, 'cherry');
      await addCategory(ctx(), s, 'Banana');
      await addCategory(ctx(), s, 'apple');
      await addCategory(ctx(), other, 'Not mine');

      const res = await getWith(ctx().app, '/api/website/wordpress/categories', c);
      expect(res.status).toBe(200);
      const body = categoriesResponseSchema.parse(await bodyOf(res));
      expect(body.categories.map((x) => x.name)).toEqual(['apple', 'Banana', 'cherry']);
      for (const category of body.categories) expect(Object.keys(category).sort()).toEqual(['id', 'name']);
    });
  });

  describe('GET /api/website/wordpress/posts', () => {
    let pager: TestSchool;
    let pagerCookie = '';

    beforeAll(async () => {
      pager = await createTestSchool(ctx(), { products: { website: true } });
      pagerCookie = await signIn(ctx().app, await addTestUser(ctx(), pager));
      for (let i = 1; i <= 25; i += 1) {
        await addPost(ctx(), pager, { title: `Post ${String(i).padStart(2, '0')}` });
        ctx().clock.advance(HOUR);
      }
    });

    it('pages newest first: 25 posts make 3 pages, the third with 5', async () => {
      const first = postsResponseSchema.parse(await bodyOf(await getWith(ctx().app, '/api/website/wordpress/posts?page=1&limit=10', pagerCookie)));
      expect(first.total_pages).toBe(3);
      expect(first.posts.map((p) => p.post_title)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16].map((n) => `Post ${n}`));

      const third = postsResponseSchema.parse(await bodyOf(await getWith(ctx().app, '/api/website/wordpress/posts?page=3&limit=10', pagerCookie)));
      expect(third.total_pages).toBe(3);
      expect(third.posts.map((p) => p.post_title)).toEqual(['Post 05', 'Post 04', 'Post 03', 'Post 02', 'Post 01']);
      const dates = [...first.posts, ...third.posts].map((p) => Date.parse(p.post_date));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
    });

    it('uses 10 a page by default and answers an empty list past the end with the right total_pages', async () => {
      const byDefault = postsResponseSchema.parse(await bodyOf(await getWith(ctx().app, '/api/website/wordpress/posts', pagerCookie)));
      expect(byDefault.posts).toHaveLength(10);
      expect(byDefault.total_pages).toBe(3);

      const past = await getWith(ctx().app, '/api/website/wordpress/posts?page=4&limit=10', pagerCookie);
      expect(past.status).toBe(200);
      const body = postsResponseSchema.parse(await bodyOf(past));
      expect(body.posts).toEqual([]);
      expect(body.total_pages).toBe(3);

      const all = postsResponseSchema.parse(await bodyOf(await getWith(ctx().app, '/api/website/wordpress/posts?limit=100', pagerCookie)));
      expect(all.posts).toHaveLength(25);
      expect(all.total_pages).toBe(1);
    });

    it('answers page 1 of 1 for a school without posts', async () => {
      const empty = await createTestSchool(ctx(), { products: { website: true } });
      const c = await signIn(ctx().app, await addTestUser(ctx(), empty));
      const body = postsResponseSchema.parse(await bodyOf(await getWith(ctx().app, '/api/website/wordpress/posts?page=1&limit=10', c)));
      expect(body.posts).toEqual([]);
      expect(body.total_pages).toBe(1);
      expect(body.categories).toEqual([]);
    });

    it('answers each post in the contract’s shape, with its categories, status and address', async () => {
      const news = await addCategory(ctx(), school, 'News');
      const events = await addCategory(ctx(), school, 'Events');
      const created = await addPost(ctx(), school, { title: 'Sports day', content: '<p>Bring <strong>water</strong>.</p>', categories: [news, events] });
      const draft = await addPost(ctx(), school, { title: 'Secret plans', status: 'draft' });

      const body = postsResponseSchema.parse(await bodyOf(await getWith(ctx().app, '/api/website/wordpress/posts?limit=100', cookie)));
      const sports = body.posts.find((p) => p.id === created.id);
      expect(sports).toEqual({
        id: created.id,
        post_title: 'Sports day',
        post_content: '<p>Bring <strong>water</strong>.</p>',
        post_category: 'Events, News',
        post_date: new Date(ctx().clock.now * 1000).toISOString(),
        post_status: 'publish',
        post_url: `/sites/${school.label}/posts/sports-day`,
        locked: false,
      });
      expect(body.posts.find((p) => p.id === draft.id)?.post_status).toBe('draft');
      // The category ids are the one-post answer's (the editor's), not the list's.
      const listKeys = Object.keys(postSchema.shape).filter((key) => key !== 'post_category_ids');
      for (const p of body.posts) expect(Object.keys(p).sort()).toEqual(listKeys.sort());
      expect(body.categories.map((c) => c.name)).toEqual(expect.arrayContaining(['Events', 'News']));
      expect(body.categories.map((c) => c.name)).not.toContain('Not mine');
    });

    it("never lists another school's posts", async () => {
      const theirs = await addPost(ctx(), other, { title: 'Other school news' });
      const body = postsResponseSchema.parse(await bodyOf(await getWith(ctx().app, '/api/website/wordpress/posts?limit=100', cookie)));
      expect(body.posts.map((p) => p.id)).not.toContain(theirs.id);
      const search = postsResponseSchema.parse(await bodyOf(await getWith(ctx().app, '/api/website/wordpress/posts?query=other%20school', cookie)));
      expect(search.posts).toEqual([]);
    });

    it('searches titles case-insensitively', async () => {
      await addPost(ctx(), school, { title: 'Hello world' });
      await addPost(ctx(), school, { title: 'Goodbye' });
      const body = postsResponseSchema.parse(await bodyOf(await getWith(ctx().app, '/api/website/wordpress/posts?query=HELLO', cookie)));
      expect(body.posts.map((p) => p.post_title)).toEqual(['Hello world']);
      expect(body.total_pages).toBe(1);
      const lower = postsResponseSchema.parse(await bodyOf(await getWith(ctx().app, '/api/website/wordpress/posts?query=wOrLd', cookie)));
      expect(lower.posts.map((p) => p.post_title)).toEqual(['Hello world']);
    });

    it('matches % and _ in a query literally', async () => {
      const s = await createTestSchool(ctx(), { products: { website: true } });
      const c = await signIn(ctx().app, await addTestUser(ctx(), s));
      for (const title of ['100% sure', '100 sure', 'a_b', 'axb', 'back\\slash', 'backslash']) await addPost(ctx(), s, { title });

      const titles = async (query: string) => {
        const res = await getWith(ctx().app, `/api/website/wordpress/posts?query=${encodeURIComponent(query)}`, c);
        return postsResponseSchema
          .parse(await bodyOf(res))
          .posts.map((p) => p.post_title)
          .sort();
      };
      expect(await titles('%')).toEqual(['100% sure']);
      expect(await titles('0% s')).toEqual(['100% sure']);
      expect(await titles('_')).toEqual(['a_b']);
      expect(await titles('a_b')).toEqual(['a_b']);
      expect(await titles('\\')).toEqual(['back\\slash']);
      expect(await titles('  sure ')).toEqual(['100 sure', '100% sure']);
    });

    it.each([
      ['page=0', /page/],
      ['page=abc', /page/],
      ['page=1.5', /page/],
      ['page=-2', /page/],
      ['limit=101', /limit/],
      ['limit=-1', /limit/],
      ['limit=0', /limit/],
      ['limit=abc', /limit/],
      [`query=${'x'.repeat(201)}`, /query/],
    ])('answers 400 with a message for %s', async (params, message) => {
      await expectFailure(await getWith(ctx().app, `/api/website/wordpress/posts?${params}`, cookie), 400, message);
    });
  });

  describe('GET /api/website/wordpress/posts with status and sort', () => {
    let lister: TestSchool;
    let listerCookie = '';
    const titles = async (params: string) => {
      const res = await getWith(ctx().app, `/api/website/wordpress/posts?${params}`, listerCookie);
      expect(res.status).toBe(200);
      const body = postsResponseSchema.parse(await bodyOf(res));
      return { titles: body.posts.map((p) => p.post_title), total: body.total, totalPages: body.total_pages };
    };

    beforeAll(async () => {
      lister = await createTestSchool(ctx(), { products: { website: true } });
      listerCookie = await signIn(ctx().app, await addTestUser(ctx(), lister));
      // Oldest to newest; two hidden. Titles in mixed case: A–Z ignores case.
      for (const [title, status] of [
        ['cherry', 'publish'],
        ['Apple', 'draft'],
        ['banana', 'publish'],
        ['Date', 'draft'],
        ['elderberry', 'publish'],
      ] as const) {
        await addPost(ctx(), lister, { title, status });
        ctx().clock.advance(HOUR);
      }
      await addPost(ctx(), other, { title: 'Other school apple', status: 'draft' });
    });

    it('answers as before without them: every post, newest first', async () => {
      expect(await titles('page=1&limit=10')).toEqual({ titles: ['elderberry', 'Date', 'banana', 'Apple', 'cherry'], total: 5, totalPages: 1 });
      expect(await titles('status=all&sort=date')).toEqual(await titles(''));
    });

    it('filters Public and Hidden, counting only those (and only the school’s)', async () => {
      expect(await titles('status=public')).toEqual({ titles: ['elderberry', 'banana', 'cherry'], total: 3, totalPages: 1 });
      expect(await titles('status=hidden')).toEqual({ titles: ['Date', 'Apple'], total: 2, totalPages: 1 });
      expect(await titles('status=hidden&limit=1&page=2')).toEqual({ titles: ['Apple'], total: 2, totalPages: 2 });
      expect(await titles('status=hidden&query=APP')).toEqual({ titles: ['Apple'], total: 1, totalPages: 1 });
    });

    it('sorts by title A–Z and Z–A ignoring case, and oldest first', async () => {
      expect((await titles('sort=title')).titles).toEqual(['Apple', 'banana', 'cherry', 'Date', 'elderberry']);
      expect((await titles('sort=title-desc')).titles).toEqual(['elderberry', 'Date', 'cherry', 'banana', 'Apple']);
      expect((await titles('sort=date-asc')).titles).toEqual(['cherry', 'Apple', 'banana', 'Date', 'elderberry']);
      expect((await titles('sort=title&status=public&limit=2&page=2')).titles).toEqual(['elderberry']);
    });

    it.each([
      ['status=archived', /status must be one of: all, public, hidden/],
      ['status=', /status must be one of/],
      ['sort=author', /sort must be one of: date, date-asc, title, title-desc/],
    ])('answers 400 with a message for %s', async (params, message) => {
      await expectFailure(await getWith(ctx().app, `/api/website/wordpress/posts?${params}`, listerCookie), 400, message);
    });
  });

  describe('GET /api/website/wordpress/posts/{id}', () => {
    it('answers its category ids, which tell two categories of one name apart', async () => {
      const first = await addCategory(ctx(), school, 'Foo A');
      const second = await addCategory(ctx(), school, 'Foo A');
      const created = await addPost(ctx(), school, { title: 'Second Foo A', categories: [second] });
      const body = postResponseSchema.parse(await bodyOf(await getWith(ctx().app, `/api/website/wordpress/posts/${created.id}`, cookie)));
      expect(body.post.post_category).toBe('Foo A');
      expect(body.post.post_category_ids).toEqual([second.id]);
      expect(body.post.post_category_ids).not.toContain(first.id);
    });

    it('answers one post of the school', async () => {
      const news = await addCategory(ctx(), school, 'Newsflash');
      const created = await addPost(ctx(), school, { title: 'One post', content: '<p>One</p>', categories: [news] });
      const res = await getWith(ctx().app, `/api/website/wordpress/posts/${created.id}`, cookie);
      expect(res.status).toBe(200);
      const body = postResponseSchema.parse(await bodyOf(res));
      expect(body.post).toMatchObject({ id: created.id, post_title: 'One post', post_content: '<p>One</p>', post_category: 'Newsflash', post_status: 'publish' });
    });

    it("is 404 for another school's post and for an unknown id, 400 for a bad id", async () => {
      const theirs = await addPost(ctx(), other, { title: 'Their post', content: '<p>their secret</p>' });
      const res = await getWith(ctx().app, `/api/website/wordpress/posts/${theirs.id}`, cookie);
      await expectFailure(res, 404);
      await expectFailure(await getWith(ctx().app, '/api/website/wordpress/posts/999999', cookie), 404);
      await expectFailure(await getWith(ctx().app, '/api/website/wordpress/posts/abc', cookie), 400, /id/);
      await expectFailure(await getWith(ctx().app, '/api/website/wordpress/posts/0', cookie), 400, /id/);
      // The owner still sees it.
      expect((await getWith(ctx().app, `/api/website/wordpress/posts/${theirs.id}`, otherCookie)).status).toBe(200);
    });
  });

  describe('POST /api/website/posts/toggle', () => {
    it('hides and publishes a post, answering the updated post', async () => {
      const created = await addPost(ctx(), school, { title: 'Toggle me' });
      const hidden = await postJson(ctx().app, '/api/website/posts/toggle', { id: created.id, isPublic: false }, cookie);
      expect(hidden.status).toBe(200);
      expect(toggleResponseSchema.parse(await bodyOf(hidden)).post).toMatchObject({ id: created.id, post_status: 'draft' });

      const shown = await postJson(ctx().app, '/api/website/posts/toggle', { id: created.id, isPublic: true }, cookie);
      expect(toggleResponseSchema.parse(await bodyOf(shown)).post).toMatchObject({ id: created.id, post_status: 'publish' });
    });

    it("is 404 for another school's post and changes nothing", async () => {
      const theirs = await addPost(ctx(), other, { title: 'Theirs to toggle' });
      const before = await itemRows(ctx(), other.id, 'post');
      await expectFailure(await postJson(ctx().app, '/api/website/posts/toggle', { id: theirs.id, isPublic: false }, cookie), 404);
      expect(await itemRows(ctx(), other.id, 'post')).toEqual(before);
    });

    it.each([
      [{ id: 1 }, /isPublic/],
      [{ isPublic: true }, /id/],
      [{ id: 'abc', isPublic: true }, /id/],
      [{ id: 1, isPublic: 'yes' }, /isPublic/],
      [{ id: -4, isPublic: true }, /id/],
    ])('answers 400 for %j', async (payload, message) => {
      await expectFailure(await postJson(ctx().app, '/api/website/posts/toggle', payload, cookie), 400, message);
    });

    it('answers 400 for a body that is not JSON', async () => {
      const res = await postJson(ctx().app, '/api/website/posts/toggle', '', cookie);
      expect(res.status).toBe(400);
      const raw = await ctx().app.request('/api/website/posts/toggle', { method: 'POST', body: '{"id":', headers: { cookie, 'content-type': 'application/json' } });
      await expectFailure(raw, 400);
    });
  });

  describe('POST /api/website/posts/delete', () => {
    it('deletes a post of the school', async () => {
      const news = await addCategory(ctx(), school, 'Deleted news');
      const created = await addPost(ctx(), school, { title: 'Delete me', categories: [news] });
      const res = await postJson(ctx().app, '/api/website/posts/delete', { id: created.id }, cookie);
      expect(res.status).toBe(200);
      expect(await bodyOf(res)).toEqual({ success: true, isAuthFailed: false });
      await expectFailure(await getWith(ctx().app, `/api/website/wordpress/posts/${created.id}`, cookie), 404);
      const links = await ctx().db.selectFrom('website_post_categories').selectAll().where('post_id', '=', created.id).execute();
      expect(links).toEqual([]);
      await expectFailure(await postJson(ctx().app, '/api/website/posts/delete', { id: created.id }, cookie), 404);
    });

    it("is 404 for another school's post and deletes nothing", async () => {
      const theirs = await addPost(ctx(), other, { title: 'Keep me' });
      await expectFailure(await postJson(ctx().app, '/api/website/posts/delete', { id: theirs.id }, cookie), 404);
      expect((await getWith(ctx().app, `/api/website/wordpress/posts/${theirs.id}`, otherCookie)).status).toBe(200);
    });

    it.each([[{}], [{ id: 'x' }], [{ id: 1.5 }], [[1]]])('answers 400 for %j', async (payload) => {
      await expectFailure(await postJson(ctx().app, '/api/website/posts/delete', payload, cookie), 400, /id|expected/i);
    });
  });

  describe('POST /api/website/posts/bulk', () => {
    const bulk = (body: unknown, c = cookie) => postJson(ctx().app, '/api/website/posts/bulk', body, c);
    const statuses = async (ids: number[]) => {
      const rows = await itemRows(ctx(), school.id, 'post');
      return ids.map((id) => rows.find((r) => r.id === id)?.status ?? 'gone');
    };

    it('hides, publishes and deletes several posts in one call, answering the count', async () => {
      const news = await addCategory(ctx(), school, 'Bulk news');
      const ids = [];
      for (const title of ['Bulk one', 'Bulk two', 'Bulk three']) ids.push((await addPost(ctx(), school, { title, categories: [news] })).id);

      const hidden = await bulk({ ids, action: 'hide' });
      expect(hidden.status).toBe(200);
      expect(bulkPostsResponseSchema.parse(await bodyOf(hidden)).count).toBe(3);
      expect(await statuses(ids)).toEqual(['draft', 'draft', 'draft']);

      const published = await bulk({ ids: ids.slice(0, 2), action: 'publish' });
      expect(bulkPostsResponseSchema.parse(await bodyOf(published)).count).toBe(2);
      expect(await statuses(ids)).toEqual(['publish', 'publish', 'draft']);

      // The same id twice counts once.
      const deleted = await bulk({ ids: [...ids, ids[0]], action: 'delete' });
      expect(bulkPostsResponseSchema.parse(await bodyOf(deleted)).count).toBe(3);
      expect(await statuses(ids)).toEqual(['gone', 'gone', 'gone']);
      const links = await ctx().db.selectFrom('website_post_categories').selectAll().where('post_id', 'in', ids).execute();
      expect(links).toEqual([]);
    });

    it.each(['hide', 'publish', 'delete'] as const)("%s: an id of another school's post refuses the whole call with 404 and changes nothing", async (action) => {
      const mine = await addPost(ctx(), school, { title: `Mine to ${action}`, status: action === 'publish' ? 'draft' : 'publish' });
      const theirs = await addPost(ctx(), other, { title: `Theirs to ${action}`, status: action === 'publish' ? 'draft' : 'publish' });
      const [myBefore, theirBefore] = [await itemRows(ctx(), school.id, 'post'), await itemRows(ctx(), other.id, 'post')];
      await expectFailure(await bulk({ ids: [mine.id, theirs.id], action }), 404, /One of those posts does not exist, so none were/);
      expect(await itemRows(ctx(), school.id, 'post')).toEqual(myBefore);
      expect(await itemRows(ctx(), other.id, 'post')).toEqual(theirBefore);
    });

    it('an unknown id refuses the whole call too, naming how many were missing', async () => {
      const mine = await addPost(ctx(), school, { title: 'Kept by the refusal' });
      const before = await itemRows(ctx(), school.id, 'post');
      await expectFailure(await bulk({ ids: [mine.id, 999_998, 999_999], action: 'delete' }), 404, /^2 of those posts do not exist, so none were deleted\.$/);
      expect(await itemRows(ctx(), school.id, 'post')).toEqual(before);
    });

    it.each([
      [{}, /ids/],
      [{ ids: [], action: 'hide' }, /Choose at least one post\./],
      [{ ids: Array.from({ length: 101 }, (_, i) => i + 1), action: 'hide' }, /At most 100 posts can be changed at once\./],
      [{ ids: [1], action: 'archive' }, /action must be one of: hide, publish, delete\./],
      [{ ids: [1] }, /action must be one of/],
      [{ ids: 'all', action: 'delete' }, /ids must be a list of post ids\./],
      [{ ids: ['x'], action: 'delete' }, /id must be a number\./],
      [{ ids: [0], action: 'delete' }, /id must be positive\./],
    ])('answers 400 for %j and changes nothing', async (payload, message) => {
      const before = await itemRows(ctx(), school.id, 'post');
      await expectFailure(await bulk(payload), 400, message);
      expect(await itemRows(ctx(), school.id, 'post')).toEqual(before);
    });
  });

  describe('POST /api/website/posts/create', () => {
    it('creates a published post with its categories and a sanitised body', async () => {
      const news = await addCategory(ctx(), school, 'Create news');
      const res = await postJson(
        ctx().app,
        '/api/website/posts/create',
        {
          id: null,
          title: 'Summer fair',
          content: '<p onclick="steal()">Come!</p><script>alert(1)</script><a href="javascript:alert(1)">x</a> [gallery_slider id="4"]',
          category: { [String(news.id)]: news.name },
          parent: null,
        },
        cookie,
      );
      expect(res.status).toBe(200);
      const saved = saveResponseSchema.parse(await bodyOf(res));
      expect(saved.post_url).toBe(`/sites/${school.label}/posts/summer-fair`);

      const post = postResponseSchema.parse(await bodyOf(await getWith(ctx().app, `/api/website/wordpress/posts/${saved.id}`, cookie))).post;
      expect(post).toMatchObject({ post_title: 'Summer fair', post_status: 'publish', post_category: 'Create news', post_url: saved.post_url });
      expect(post.post_content).toBe('<p>Come!</p><a>x</a> [gallery_slider id="4"]');
      expect(post.post_date).toBe(new Date(ctx().clock.now * 1000).toISOString());
    });

    it('gives a repeated title the next free slug, and an empty title one too', async () => {
      const urls: string[] = [];
      for (const title of ['Open evening', 'Open evening', 'Open  Evening!', '']) {
        const res = await postJson(ctx().app, '/api/website/posts/create', { title, content: '' }, cookie);
        urls.push(saveResponseSchema.parse(await bodyOf(res)).post_url);
      }
      expect(urls).toEqual([
        `/sites/${school.label}/posts/open-evening`,
        `/sites/${school.label}/posts/open-evening-2`,
        `/sites/${school.label}/posts/open-evening-3`,
        `/sites/${school.label}/posts/untitled`,
      ]);
    });

    it("refuses another school's or an unknown category with 400 and creates nothing", async () => {
      const theirs = await addCategory(ctx(), other, 'Their category');
      const before = await itemRows(ctx(), school.id, 'post');
      await expectFailure(
        await postJson(ctx().app, '/api/website/posts/create', { title: 'Nope', content: '', category: { [String(theirs.id)]: theirs.name } }, cookie),
        400,
        /categor/i,
      );
      await expectFailure(await postJson(ctx().app, '/api/website/posts/create', { title: 'Nope', content: '', category: { '999999': 'Ghost' } }, cookie), 400, /categor/i);
      expect(await itemRows(ctx(), school.id, 'post')).toEqual(before);
    });

    it.each([
      [{ content: '' }, /title/],
      [{ title: 'x' }, /content/],
      [{ title: 5, content: '' }, /title/],
      [{ title: 'x', content: ['a'] }, /content/],
      [{ title: 'x', content: '', category: { abc: 'Bad' } }, /category/],
      [{ title: 'x', content: '', category: ['News'] }, /category/],
      [{ title: 'x'.repeat(1001), content: '' }, /title/],
    ])('answers 400 for %j', async (payload, message) => {
      await expectFailure(await postJson(ctx().app, '/api/website/posts/create', payload, cookie), 400, message);
    });
  });

  describe('POST /api/website/posts/update', () => {
    it('changes title, content and categories; keeps the status and the address', async () => {
      const a = await addCategory(ctx(), school, 'Update A');
      const b = await addCategory(ctx(), school, 'Update B');
      const created = await addPost(ctx(), school, { title: 'Before', categories: [a], status: 'draft' });
      ctx().clock.advance(HOUR);
      const res = await postJson(
        ctx().app,
        '/api/website/posts/update',
        { id: created.id, title: 'After', content: '<table><tr><td colspan="2" style="color: red;">x</td></tr></table>', category: { [String(b.id)]: b.name }, parent: null },
        cookie,
      );
      expect(res.status).toBe(200);
      expect(saveResponseSchema.parse(await bodyOf(res))).toMatchObject({ id: created.id, post_url: created.post_url });

      const post = postResponseSchema.parse(await bodyOf(await getWith(ctx().app, `/api/website/wordpress/posts/${created.id}`, cookie))).post;
      expect(post).toMatchObject({ post_title: 'After', post_status: 'draft', post_category: 'Update B', post_url: created.post_url });
      expect(post.post_content).toBe('<table><tr><td colspan="2" style="color: red;">x</td></tr></table>');
    });

    it('answers 400 without an id', async () => {
      await expectFailure(await postJson(ctx().app, '/api/website/posts/update', { title: 'x', content: '' }, cookie), 400, /id/);
      await expectFailure(await postJson(ctx().app, '/api/website/posts/update', { id: null, title: 'x', content: '' }, cookie), 400, /id/);
      await expectFailure(await postJson(ctx().app, '/api/website/posts/update', { id: 'one', title: 'x', content: '' }, cookie), 400, /id/);
    });

    it("is 404 for another school's post and changes nothing", async () => {
      const theirs = await addPost(ctx(), other, { title: 'Their title' });
      const before = await itemRows(ctx(), other.id, 'post');
      await expectFailure(await postJson(ctx().app, '/api/website/posts/update', { id: theirs.id, title: 'Hacked', content: 'x' }, cookie), 404);
      expect(await itemRows(ctx(), other.id, 'post')).toEqual(before);
    });

    it("refuses another school's category and changes nothing", async () => {
      const created = await addPost(ctx(), school, { title: 'Category guard' });
      const theirs = await addCategory(ctx(), other, 'Foreign');
      const before = await itemRows(ctx(), school.id, 'post');
      await expectFailure(
        await postJson(ctx().app, '/api/website/posts/update', { id: created.id, title: 'Changed', content: 'x', category: { [String(theirs.id)]: 'Foreign' } }, cookie),
        400,
      );
      expect(await itemRows(ctx(), school.id, 'post')).toEqual(before);
    });
  });
});
