import { describe, expect, it } from 'vitest';
import { useUpstream } from '../factories/upstream';
import { LEGACY_OTHER_ADMIN, LEGACY_SCHOOL, LEGACY_OTHER_SCHOOL } from '../legacy-backend/seed';
import type { LegacyWebsite } from '../legacy-backend/modules/website';
import {
  categoriesResponseSchema,
  menuResponseSchema,
  pageResponseSchema,
  pagesResponseSchema,
  postResponseSchema,
  postsResponseSchema,
  saveResponseSchema,
  toggleResponseSchema,
} from '../../src/modules/website/contract';
import { emptyResponseSchema } from '../../src/lib/contract/envelope';
import { legacyCategoriesAnswer, legacyMenuAnswer, legacyPagesAnswer, legacyPostsAnswer, legacySaveAnswer } from '../../src/modules/website/server/upstream/legacy';
import { toPage, toPost } from '../../src/modules/website/server/upstream/service';
import { loadPostsScreen } from '../../src/modules/website/server/screens';
import { upstreamBackends } from '../../src/app/upstream/backends';
import { UpstreamScope } from '../../src/platform/upstream/client';
import { upstreamSession } from '../../src/platform/upstream/session';
import { isRefusal } from '../../src/platform/errors';

describe('upstream mode: the website posts and pages calls', () => {
  const up = useUpstream();
  const site = (school = LEGACY_SCHOOL): LegacyWebsite => {
    // Reading the slice seeds it, as the backend's first call would.
    const found = up().backend.store.schools.get(school);
    if (!found) throw new Error(`no school ${school}`);
    return (found.slices.get('website') ?? null) as LegacyWebsite;
  };
  const get = async (path: string, cookie = up().signIn()) => up().call(path, { cookie });
  const post = (path: string, json: unknown, cookie = up().signIn()) => up().call(path, { cookie, json });

  it('lists the categories, their ids read from term_id text', async () => {
    const res = await get('/api/website/wordpress/categories');
    expect(res.status).toBe(200);
    const body = categoriesResponseSchema.parse(await res.json());
    expect(body.categories).toEqual([
      { id: 3, name: 'News' },
      { id: 4, name: 'Events' },
      { id: 5, name: 'Sport' },
    ]);
  });

  it('lists the posts page by page, mapped to the contract (ISO dates, names joined by ", ", no extras)', async () => {
    const res = await get('/api/website/wordpress/posts?page=2&limit=10');
    const raw = (await res.json()) as { posts: Array<Record<string, unknown>> };
    const body = postsResponseSchema.parse(raw);
    expect(body.total_pages).toBe(2);
    expect(body.total).toBe(12);
    expect(body.posts).toHaveLength(2);
    expect(body.posts[0]).toMatchObject({ id: 110, post_category: 'News', post_status: 'publish', post_url: 'https://legacy.school/?p=110' });
    expect(body.posts[1]).toMatchObject({ id: 111, post_category: 'Events, Sport' });
    expect(body.posts[0]?.post_date).toMatch(/^2026-03-10T09:30:00\.000Z$/);
    expect(Object.keys(raw.posts[0] ?? {})).not.toContain('guid');
  });

  it('searches the posts through the legacy query', async () => {
    const body = postsResponseSchema.parse(await (await get('/api/website/wordpress/posts?page=1&limit=10&query=camp')).json());
    expect(body.posts.map((p) => p.post_title)).toEqual(['Camp 2025']);
  });

  it('lists the pages (a page past the end comes back as `pages: false`: empty)', async () => {
    const first = pagesResponseSchema.parse(await (await get('/api/website/wordpress/pages?page=1&limit=10')).json());
    expect(first.pages[0]).toMatchObject({ id: 200, post_title: 'About Us', post_status: 'publish', post_url: 'https://legacy.school/about-us/' });
    expect(first.total_pages).toBe(2);
    const past = pagesResponseSchema.parse(await (await get('/api/website/wordpress/pages?page=5&limit=10')).json());
    expect(past.pages).toEqual([]);
  });

  it('answers one post (found in the legacy list) with its category ids, and 404 for an unknown id', async () => {
    const body = postResponseSchema.parse(await (await get('/api/website/wordpress/posts/101')).json());
    expect(body.post).toMatchObject({ id: 101, post_category: 'Events, Sport', post_category_ids: [4, 5] });
    const missing = await get('/api/website/wordpress/posts/999');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ success: false, isAuthFailed: false });
  });

  it('answers one page with its parent title', async () => {
    const body = pageResponseSchema.parse(await (await get('/api/website/wordpress/pages/202')).json());
    expect(body.page).toMatchObject({ id: 202, post_title: 'Our Staff', parent: 'About Us' });
    const top = pageResponseSchema.parse(await (await get('/api/website/wordpress/pages/200')).json());
    expect(top.page.parent).toBeNull();
  });

  it('answers the menu, children missing in the legacy answer as empty lists', async () => {
    const body = menuResponseSchema.parse(await (await get('/api/website/menu')).json());
    const about = body.menu.find((item) => item.title === 'About Us');
    expect(about?.children.map((c) => c.title)).toEqual(['Our Staff']);
    expect(body.menu.find((item) => item.title === 'Contact')?.children).toEqual([]);
  });

  it('toggles a post: the legacy store changes and the post comes back (read from the list)', async () => {
    const res = await post('/api/website/posts/toggle', { id: 102, isPublic: true });
    expect(res.status).toBe(200);
    const body = toggleResponseSchema.parse(await res.json());
    expect(body.post).toMatchObject({ id: 102, post_status: 'publish' });
    expect(site().posts.find((p) => p.ID === '102')?.post_status).toBe('publish');
    await post('/api/website/posts/toggle', { id: 102, isPublic: false });
    expect(site().posts.find((p) => p.ID === '102')?.post_status).toBe('draft');
  });

  it('creates and updates a post: the legacy backend receives the spec JSON', async () => {
    const created = saveResponseSchema.parse(
      await (await post('/api/website/posts/create', { title: 'Upstream news', content: '<p>Hello</p>', category: { '3': 'News', '5': 'Sport' } })).json(),
    );
    const stored = site().posts.find((p) => p.ID === String(created.id));
    expect(stored).toMatchObject({ post_title: 'Upstream news', post_content: '<p>Hello</p>', post_category: 'News,Sport', post_status: 'publish' });
    expect(created.post_url).toBe(`https://legacy.school/?p=${created.id}`);

    const updated = saveResponseSchema.parse(
      await (await post('/api/website/posts/update', { id: created.id, title: 'Upstream news, again', content: '<p>Bye</p>', category: {} })).json(),
    );
    expect(updated.id).toBe(created.id);
    expect(site().posts.find((p) => p.ID === String(created.id))).toMatchObject({
      post_title: 'Upstream news, again',
      post_content: '<p>Bye</p>',
      post_category: '',
    });
  });

  it('creates a page under a parent (pending) and updates it', async () => {
    const created = saveResponseSchema.parse(
      await (await post('/api/website/pages/create', { title: 'Upstream page', content: '<p>P</p>', parent: 'About Us' })).json(),
    );
    expect(site().pages.find((p) => p.ID === String(created.id))).toMatchObject({ post_title: 'Upstream page', post_status: 'pending', post_parent: '200' });
    await post('/api/website/pages/update', { id: created.id, title: 'Upstream page 2', content: '<p>Q</p>' });
    expect(site().pages.find((p) => p.ID === String(created.id))).toMatchObject({ post_title: 'Upstream page 2', post_content: '<p>Q</p>' });
  });

  it('deletes a post; a refusal of the legacy backend is a 400 with its message', async () => {
    const res = await post('/api/website/posts/delete', { id: 111 });
    expect(res.status).toBe(200);
    emptyResponseSchema.parse(await res.json());
    expect(site().posts.some((p) => p.ID === '111')).toBe(false);
    const again = await post('/api/website/posts/delete', { id: 111 });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ success: false, message: 'Post not found' });
  });

  it('refuses an invalid body at the portal (nothing reaches the legacy backend)', async () => {
    up().backend.store.requests.length = 0;
    const res = await post('/api/website/posts/toggle', { id: 'x', isPublic: true });
    expect(res.status).toBe(400);
    expect(up().backend.store.requests.filter((r) => r.includes('/toggle'))).toEqual([]);
  });

  it('turns a malformed legacy answer into a 502 and logs the path, never the body', async () => {
    const path = '/api/website/wordpress/pages';
    up().backend.store.faults.set(path, {
      kind: 'malformed',
      body: { success: 1, pages: [{ ID: 'abc', post_title: 'Secret Person', post_modified: 'x' }], total_pages: 1 },
    });
    try {
      const res = await get(`${path}?page=1&limit=10`);
      expect(res.status).toBe(502);
      const body = (await res.json()) as { success: boolean; isAuthFailed: boolean; message: string };
      expect(body).toMatchObject({ success: false, isAuthFailed: false });
      expect(body.message).toBeTruthy();
      const line = up().logs.find((l) => l.includes(path));
      expect(line).toBeDefined();
      expect(line).not.toContain('Secret Person');
    } finally {
      up().backend.store.faults.delete(path);
    }
  });

  it('Manage Posts’ first screen over a broken legacy posts list: no screen (the page shows the posts failure in its shell), the list call 502', async () => {
    const path = '/api/website/wordpress/posts';
    /** The page's loader as /website/posts calls it, over the upstream backends of one page request. */
    const screen = async (cookie: string) => {
      const scope = new UpstreamScope({ baseUrl: up().backend.url, timeoutMs: 2_000, maxUploadMb: 20, retryDelaysMs: [5, 5], log: () => undefined }, { cookie, clientAddress: '127.0.0.1' });
      const session = await upstreamSession(scope);
      if (!session) throw new Error('not signed in');
      return loadPostsScreen(upstreamBackends(scope, session).website, { page: 1, query: '' }, {});
    };
    const cookie = up().signIn();
    expect((await screen(cookie))?.rows.map((row) => row.post_title)).toContain('Sports day 2026');
    for (const fault of [{ kind: 'status', status: 500 }, { kind: 'malformed', body: { success: 1, posts: 'broken' } }] as const) {
      up().backend.store.faults.set(path, fault);
      try {
        expect(await screen(cookie), JSON.stringify(fault)).toBeNull();
        const res = await get(`${path}?page=1&limit=10`, cookie);
        expect(res.status).toBe(502);
        expect(await res.json()).toMatchObject({ success: false, isAuthFailed: false });
      } finally {
        up().backend.store.faults.delete(path);
      }
    }
    // A session the legacy backend ended still goes to the login (the loader lets it through).
    up().backend.store.faults.set(path, { kind: 'status', status: 401 });
    try {
      const err: unknown = await screen(cookie).catch((caught: unknown) => caught);
      expect(isRefusal(err, 'signed_out')).toBe(true);
    } finally {
      up().backend.store.faults.delete(path);
    }
  });

  it("never shows another school's posts", async () => {
    const other = up().signIn(LEGACY_OTHER_ADMIN.email);
    const body = postsResponseSchema.parse(await (await get('/api/website/wordpress/posts?page=1&limit=100', other)).json());
    // The other school's seed has the same ids: its data says its own school's name.
    const ownPost = site(LEGACY_SCHOOL).posts.find((p) => p.ID === '100');
    expect(body.posts.every((p) => p.post_url.startsWith('https://other.school/'))).toBe(true);
    expect(body.posts.some((p) => p.post_content.includes('Legacy Primary School'))).toBe(false);
    // A toggle by the other school changes its own slice only.
    await post('/api/website/posts/toggle', { id: Number(ownPost?.ID), isPublic: false }, other);
    expect(site(LEGACY_OTHER_SCHOOL).posts.find((p) => p.ID === ownPost?.ID)?.post_status).toBe('draft');
    expect(site(LEGACY_SCHOOL).posts.find((p) => p.ID === ownPost?.ID)?.post_status).toBe(ownPost?.post_status);
  });

  it('is signed out without the legacy cookie', async () => {
    const res = await up().call('/api/website/wordpress/categories');
    expect(res.status).toBe(401);
  });
});

describe('the website legacy schemas read recorded quirky answers', () => {
  it('reads posts with id or ID, numbers, null content and unix dates', () => {
    const answer = legacyPostsAnswer.parse({
      success: 'true',
      posts: {
        0: {
          id: 7,
          post_title: 42,
          post_content: null,
          post_category: ' News , ,Events',
          post_date: 1767225600,
          post_status: 'draft',
          post_url: 'https://s/7',
        },
        1: { ID: '8', post_title: 'B', post_date: '2026-01-02 03:04:05', post_status: 'private', guid: 'https://s/?p=8' },
      },
      categories: null,
      total_pages: '',
    });
    expect(answer.total_pages).toBe(0);
    expect(answer.categories).toEqual([]);
    const [a, b] = answer.posts.map(toPost);
    expect(a).toEqual({
      id: 7,
      post_title: '42',
      post_content: '',
      post_category: 'News, Events',
      post_date: '2026-01-01T00:00:00.000Z',
      post_status: 'draft',
      post_url: 'https://s/7',
      locked: false,
    });
    expect(b).toMatchObject({ id: 8, post_status: 'draft', post_date: '2026-01-02T03:04:05.000Z', post_url: 'https://s/?p=8' });
  });

  it('refuses a post without an id', () => {
    expect(legacyPostsAnswer.safeParse({ posts: [{ post_title: 'x', post_date: 1, post_status: 'publish' }], total_pages: 1 }).success).toBe(false);
  });

  it('reads categories as id or term_id', () => {
    expect(
      legacyCategoriesAnswer.parse({
        categories: [
          { id: '1', name: 'A' },
          { term_id: 2, name: 'B' },
        ],
      }).categories,
    ).toEqual([
      { id: 1, name: 'A' },
      { id: 2, name: 'B' },
    ]);
  });

  it('reads pages with a missing parent, `future` as pending and millisecond dates', () => {
    const answer = legacyPagesAnswer.parse({ pages: [{ id: '3', post_title: 'P', post_modified: '1767225600000', post_status: 'future' }], total_pages: '1' });
    expect(toPage(answer.pages[0]!)).toMatchObject({ id: 3, post_status: 'pending', post_modified: '2026-01-01T00:00:00.000Z', post_url: '', locked: false });
    expect(answer.pages[0]?.post_parent).toBeUndefined();
    expect(legacyPagesAnswer.parse({ pages: false, total_pages: 0 }).pages).toEqual([]);
  });

  it('reads a nested menu with children missing, false or keyed by index', () => {
    const answer = legacyMenuAnswer.parse({
      menu: [
        { ID: '1', title: 'A', url: '/a', children: { 0: { id: 2, title: 'B', url: '/b', children: false } } },
        { id: 3, title: 'C', url: '/c' },
      ],
    });
    expect(answer.menu).toEqual([
      { id: 1, title: 'A', url: '/a', children: [{ id: 2, title: 'B', url: '/b', children: [] }] },
      { id: 3, title: 'C', url: '/c', children: [] },
    ]);
  });

  it('reads a save answer with id or ID and any of its address keys', () => {
    expect(legacySaveAnswer.parse({ id: '5', link: 'https://s/5' })).toMatchObject({ id: 5, link: 'https://s/5' });
    expect(legacySaveAnswer.parse({ ID: 6 })).toMatchObject({ ID: 6 });
    expect(legacySaveAnswer.safeParse({ id: 'five' }).success).toBe(false);
  });
});
