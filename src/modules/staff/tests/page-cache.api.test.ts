import { describe, expect, it } from 'vitest';
import { setSchoolProducts } from '../../account/server/service';
import { createSession, loadSession } from '../../../platform/auth/sessions';
import { requestContext } from '../../../platform/context';
import { StaffPageCache } from '../../../platform/http/pages/staff-page-cache';
import { CACHED_PAGES } from '../../../app/modules';
import { addAnnouncement, listUpdates } from '../../support/server/embedded/service';
import { loadPostsScreen, togglePost } from '../../website/server/embedded/content/service';
import { postState } from '../../website/lists';
import { addTestUser, createTestSchool, NO_PRODUCTS, useTestContext, type TestSchool, type TestUser } from '../../../../tests/factories';
import { addCategory, addPost, schoolCtx } from '../../../../tests/factories/website-content';

/**
 * The staff pages kept per user (http/staff-page-cache.ts) with the versions the modules declare
 * for them (their manifests' `cachedPages`): a kept page is sent again only to the user it was
 * rendered for, and only while nothing it shows has changed.
 *
 * Pages are rendered here from the real loaders, as the Astro pages do, into a small page that
 * also shows what the shell shows of the session; every test counts renders to tell a kept page
 * from a fresh one.
 */
describe('staff page cache', () => {
  const ctx = useTestContext();
  const HOME = CACHED_PAGES.get('/home');
  const POSTS = CACHED_PAGES.get('/website/posts');

  it('lists the home page and Manage Posts, and no other page', () => {
    expect([...CACHED_PAGES.keys()].sort()).toEqual(['/home', '/website/posts']);
  });

  class Browser {
    renders = 0;
    /** The Set-Cookie of the last answer. */
    setCookie: string | null = null;
    constructor(
      readonly user: TestUser,
      readonly cache: StaffPageCache,
    ) {}

    async token(): Promise<string> {
      const school = (await ctx().db.selectFrom('users').select('domain_id').where('id', '=', this.user.id).executeTakeFirstOrThrow()).domain_id;
      return createSession(ctx().db, { userId: this.user.id, domainId: school, now: ctx().clock.now, lifetimeSeconds: 3600 });
    }

    async get(path: string, status = 200): Promise<string> {
      this.session ??= await this.token();
      const session = await loadSession(ctx().db, this.session, ctx().clock.now);
      if (!session) throw new Error('signed out');
      const request = requestContext({ db: ctx().db, clock: () => ctx().clock.now }, session);
      const url = new URL(path, 'http://localhost');
      const page = CACHED_PAGES.get(url.pathname);
      if (!page) throw new Error(`${url.pathname} is not a cached page`);
      const res = await this.cache.serve(session, request, page, `${url.pathname}${url.search}`, async () => {
        this.renders += 1;
        const shell = `<header>${session.user.name} · ${session.domain.name} · app:${session.domain.products.app}</header>`;
        if (url.pathname === '/home') {
          const updates = await listUpdates(request.db);
          return html(`${shell}<ol>${updates.map((u) => `<li>${u.title}</li>`).join('')}</ol>`, status);
        }
        const screen = await loadPostsScreen(request, { page: Number(url.searchParams.get('page') ?? 1), query: '', filters: {} });
        const rows = screen.rows.map((p) => `<tr><td>${p.post_title}</td><td>${p.post_category}</td><td>${postState(p, request.now * 1000)}</td></tr>`);
        return html(`${shell}<table>${rows.join('')}</table>`, status);
      });
      this.setCookie = res.headers.get('set-cookie');
      return res.text();
    }

    private session: string | undefined;

    /** The page is rendered again and shows `shows`. */
    async expectFresh(path: string, ...shows: string[]): Promise<string> {
      const before = this.renders;
      const body = await this.get(path);
      expect(this.renders, `${path} is rendered again`).toBe(before + 1);
      for (const text of shows) expect(body).toContain(text);
      return body;
    }

    /** The page comes from the cache, exactly as it was. */
    async expectKept(path: string, body: string): Promise<void> {
      const before = this.renders;
      expect(await this.get(path)).toBe(body);
      expect(this.renders, `${path} is kept`).toBe(before);
    }
  }

  function html(body: string, status: number): Response {
    return new Response(`<!doctype html>${body}`, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'set-cookie': 'render=one' } });
  }

  async function school(): Promise<TestSchool> {
    return createTestSchool(ctx(), { products: { website: true } });
  }

  let slugs = 0;
  const announce = (title: string) => addAnnouncement(ctx().db, { slug: `news-${++slugs}`, title, excerpt: 'Text', published_at: ctx().clock.now });

  it('keeps the home page per user until an announcement is added', async () => {
    expect(HOME).toBeDefined();
    const mine = await school();
    const cache = new StaffPageCache();
    const me = new Browser(await addTestUser(ctx(), mine, { name: 'Aroha' }), cache);
    const colleague = new Browser(await addTestUser(ctx(), mine, { name: 'Ben' }), cache);

    await announce('First news');
    const first = await me.expectFresh('/home', 'Aroha', 'First news');
    await me.expectKept('/home', first);
    // Another user of the same school never gets my page.
    const theirs = await colleague.expectFresh('/home', 'Ben', 'First news');
    expect(theirs).not.toContain('Aroha');
    await colleague.expectKept('/home', theirs);

    await announce('Second news');
    await me.expectFresh('/home', 'Second news', 'First news');
    await colleague.expectFresh('/home', 'Second news');
  });

  it("shows a change of the user's name or of the school's products at once", async () => {
    const mine = await school();
    const me = new Browser(await addTestUser(ctx(), mine, { name: 'Aroha' }), new StaffPageCache());
    const first = await me.expectFresh('/home', 'Aroha', 'app:false');
    await me.expectKept('/home', first);

    await ctx().db.updateTable('users').set({ name: 'Aroha Ngata' }).where('id', '=', me.user.id).execute();
    await me.expectFresh('/home', 'Aroha Ngata');
    await setSchoolProducts(ctx().db, mine.label, { ...NO_PRODUCTS, website: true, app: true });
    const renamed = await me.expectFresh('/home', 'app:true');
    await me.expectKept('/home', renamed);
  });

  it('keeps Manage Posts per address until the school changes a post or a category', async () => {
    expect(POSTS).toBeDefined();
    const mine = await school();
    const other = await school();
    const me = new Browser(await addTestUser(ctx(), mine), new StaffPageCache());
    const news = await addCategory(ctx(), mine, 'News');
    const post = await addPost(ctx(), mine, { title: 'Sports day', categories: [news] });

    const list = await me.expectFresh('/website/posts', 'Sports day', 'News', 'public');
    await me.expectKept('/website/posts', list);
    const second = await me.expectFresh('/website/posts?page=2');
    await me.expectKept('/website/posts?page=2', second);

    // Another school's change does not touch my pages.
    await addPost(ctx(), other, { title: 'Their post' });
    await me.expectKept('/website/posts', list);

    await togglePost(schoolCtx(ctx(), mine), { id: post.id, isPublic: false });
    const hidden = await me.expectFresh('/website/posts', 'hidden');
    await me.expectKept('/website/posts', hidden);

    await ctx().db.updateTable('website_categories').set({ name: 'Notices' }).where('id', '=', news.id).execute();
    await me.expectFresh('/website/posts', 'Notices');
    await addPost(ctx(), mine, { title: 'Book week' });
    await me.expectFresh('/website/posts', 'Book week');
  });

  it('renders Manage Posts again when a post dated in the future falls due', async () => {
    const mine = await school();
    const me = new Browser(await addTestUser(ctx(), mine), new StaffPageCache());
    const post = await addPost(ctx(), mine, { title: 'Camp notice' });
    await ctx()
      .db.updateTable('website_posts')
      .set({ created_at: ctx().clock.now + 600 })
      .where('id', '=', post.id)
      .execute();

    const scheduled = await me.expectFresh('/website/posts', 'scheduled');
    ctx().clock.advance(599);
    await me.expectKept('/website/posts', scheduled);
    ctx().clock.advance(2);
    const due = await me.expectFresh('/website/posts', 'Camp notice');
    expect(due).toContain('public');
    expect(due).not.toContain('scheduled');
  });

  it('never keeps an answer that is not a 200, nor sends again the cookie a render set', async () => {
    const mine = await school();
    const me = new Browser(await addTestUser(ctx(), mine), new StaffPageCache());
    await me.get('/home', 500);
    await me.get('/home', 500);
    expect(me.renders).toBe(2);
    expect(me.cache.size.pages).toBe(0);

    const body = await me.expectFresh('/home');
    expect(me.setCookie).toBe('render=one');
    await me.expectKept('/home', body);
    expect(me.setCookie).toBeNull();
    expect(me.cache.size.pages).toBe(1);
  });
});
