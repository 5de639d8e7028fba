import { describe, expect, it } from 'vitest';
import { setSchoolProducts } from '../../account/server/service';
import { schoolContext } from '../../../platform/context';
import { createPost, deletePost, publishDuePages, togglePost, updatePost } from '../server/embedded/content/service';
import { createGallery, removeGalleryImage, updateGallery, uploadGalleryImage } from '../server/embedded/galleries/service';
import { SitePageCache, siteLabelOf, sitePageCache } from '../server/embedded/site/page-cache';
import { findPublicSite, loadSiteHome, loadSitePage, loadSitePost } from '../server/embedded/site/service';
import { createTestSchool, NO_PRODUCTS, useTestContext, type TestSchool } from '../../../../tests/factories';
import { makeImage } from '../../../../tests/factories/media-images';
import { addCategory, addPage, addPost, schoolCtx } from '../../../../tests/factories/website-content';

/**
 * The public sites' page cache (site/page-cache.ts) and the triggers that keep it honest
 * (migration 0005): a kept page is served again only while its school's site has not changed,
 * whoever changed it and however (services, the cross-school sweep, plain SQL).
 *
 * Pages are rendered by `render` below from the real loaders (home, post, page), as the site's
 * Astro pages do, into a small HTML page: the school's name, its menu, and the content. Every
 * test counts how often it renders to tell a kept page from a fresh one.
 */

const CSP = "default-src 'none'; img-src 'self'";
const HTML = 'text/html; charset=utf-8';

function notFound(): Response {
  return new Response('<h1>Not found</h1>', {
    status: 404,
    headers: { 'content-type': HTML },
  });
}

function page(body: string): Response {
  return new Response(`<!doctype html>${body}`, {
    status: 200,
    // A Set-Cookie of one visitor's render must never be sent to the next visitor.
    headers: {
      'content-type': HTML,
      'content-security-policy': CSP,
      'set-cookie': 'visitor=first; Path=/',
    },
  });
}

interface Seen {
  status: number;
  body: string;
  contentType: string | null;
  csp: string | null;
  setCookie: string | null;
}

describe('public site page cache', () => {
  const ctx = useTestContext();

  /** The site's pages as the Astro pages load them: `/sites/<label>[?page=N]`, `/sites/<label>/posts/<slug>`, `/sites/<label>/<slug>`. */
  async function render(url: URL): Promise<Response> {
    const { db, clock } = ctx();
    const label = siteLabelOf(url.pathname);
    const site = label === null ? null : await findPublicSite(db, label);
    if (!site) return notFound();
    const at = schoolContext(db, site, clock.now);
    const rest = url.pathname.split('/').slice(3).filter(Boolean).map(decodeURIComponent);
    const menuOf = (items: Array<{ title: string }>) => `<nav>${items.map((item) => `<a>${item.title}</a>`).join('')}</nav>`;
    if (rest.length === 0) {
      const pageParam = url.searchParams.get('page');
      const home = await loadSiteHome(at, pageParam === null ? 1 : Number(pageParam));
      if (!home) return notFound();
      const posts = home.posts.map((post) => `<li>${post.title} [${post.categories.join(', ')}]</li>`).join('');
      return page(`<h1>${site.name}</h1>${menuOf(home.menu)}<p>page of ${home.total_pages}</p><ul>${posts}</ul>`);
    }
    if (rest.length === 2 && rest[0] === 'posts') {
      const screen = await loadSitePost(at, rest[1] ?? '');
      if (!screen) return notFound();
      return page(
        `<title>${site.name}</title>${menuOf(screen.menu)}<h1>${screen.post.title}</h1><p>${screen.post.categories.join(', ')}</p>${screen.html}`,
      );
    }
    if (rest.length === 1) {
      const screen = await loadSitePage(at, rest[0] ?? '');
      if (!screen) return notFound();
      return page(`<title>${site.name}</title>${menuOf(screen.menu)}<h1>${screen.page.title}</h1>${screen.html}`);
    }
    return notFound();
  }

  /** A visitor's browser on one cache, as the middleware calls it; `renders` counts the pages rendered rather than kept. */
  class Visitor {
    renders = 0;
    constructor(readonly cache: SitePageCache = new SitePageCache()) {}

    async get(path: string, renderWith: (url: URL) => Promise<Response> = render): Promise<Seen> {
      const url = new URL(path, 'http://localhost');
      const label = siteLabelOf(url.pathname);
      if (label === null) throw new Error(`${path} is not a public site page`);
      const res = await this.cache.serve(
        ctx().db,
        label,
        `${url.pathname}${url.search}`,
        () => {
          this.renders += 1;
          return renderWith(url);
        },
        ctx().clock.now,
      );
      return {
        status: res.status,
        body: await res.text(),
        contentType: res.headers.get('content-type'),
        csp: res.headers.get('content-security-policy'),
        setCookie: res.headers.get('set-cookie'),
      };
    }

    /** The page is rendered again (it changed), shows `shows` and not `hides`, and is then kept again. */
    async expectFresh(path: string, expected: { shows?: string[]; hides?: string[] } = {}): Promise<string> {
      const before = this.renders;
      const seen = await this.get(path);
      expect(this.renders, `${path} is rendered again`).toBe(before + 1);
      expect(seen.status).toBe(200);
      for (const text of expected.shows ?? []) expect(seen.body).toContain(text);
      for (const text of expected.hides ?? []) expect(seen.body).not.toContain(text);
      const again = await this.get(path);
      expect(this.renders, `${path} is kept again`).toBe(before + 1);
      expect(again.body).toBe(seen.body);
      return seen.body;
    }

    /** The page is served as it was kept, without rendering. */
    async expectKept(path: string, body?: string): Promise<string> {
      const before = this.renders;
      const seen = await this.get(path);
      expect(this.renders, `${path} is served from the cache`).toBe(before);
      expect(seen.status).toBe(200);
      if (body !== undefined) expect(seen.body).toBe(body);
      return seen.body;
    }
  }

  const website = (name?: string) =>
    createTestSchool(ctx(), {
      products: { website: true },
      ...(name ? { name } : {}),
    });
  const home = (school: TestSchool) => `/sites/${school.label}`;

  describe('serving a kept page', () => {
    it('serves a second visit from the cache with the same body, status and page headers; each query string is its own page', async () => {
      const school = await website('Kept Academy');
      for (let i = 0; i < 11; i += 1) {
        await addPost(ctx(), school, { title: `News ${i}` });
        ctx().clock.advance(60);
      }
      const visitor = new Visitor();

      const first = await visitor.get(home(school));
      expect(visitor.renders).toBe(1);
      expect(first).toMatchObject({
        status: 200,
        contentType: HTML,
        csp: CSP,
        setCookie: 'visitor=first; Path=/',
      });
      expect(first.body).toContain('<h1>Kept Academy</h1>');
      expect(first.body).toContain('News 10');
      expect(first.body).not.toContain('News 0 ');

      const second = await visitor.get(home(school));
      expect(visitor.renders).toBe(1);
      expect(second).toEqual({
        status: 200,
        body: first.body,
        contentType: HTML,
        csp: CSP,
        setCookie: null,
      });

      const secondPage = await visitor.get(`${home(school)}?page=2`);
      expect(visitor.renders).toBe(2);
      expect(secondPage.body).toContain('News 0 ');
      expect(secondPage.body).not.toContain('News 10');
      await visitor.expectKept(`${home(school)}?page=2`, secondPage.body);
      await visitor.expectKept(home(school), first.body);
      expect(visitor.cache.size.pages).toBe(2);
    });

    it('keeps one cache per database handle', () => {
      expect(sitePageCache(ctx().db)).toBe(sitePageCache(ctx().db));
      expect(sitePageCache(ctx().db)).toBeInstanceOf(SitePageCache);
    });
  });

  describe('a change to the site is shown on the next visit', () => {
    it('after posts are created, edited, hidden, shown and deleted through the services', async () => {
      const school = await website();
      const visitor = new Visitor();
      const existing = await addPost(ctx(), school, {
        title: 'Existing story',
      });
      await visitor.expectFresh(home(school), { shows: ['Existing story'] });

      ctx().clock.advance(60);
      const created = await createPost(schoolCtx(ctx(), school), {
        title: 'Brand new story',
        content: '<p>New</p>',
        category: {},
        parent: null,
      });
      await visitor.expectFresh(home(school), {
        shows: ['Brand new story', 'Existing story'],
      });

      await updatePost(schoolCtx(ctx(), school), {
        id: created.id,
        title: 'Retitled story',
        content: '<p>New</p>',
        category: {},
        parent: null,
      });
      await visitor.expectFresh(home(school), {
        shows: ['Retitled story'],
        hides: ['Brand new story'],
      });

      await togglePost(schoolCtx(ctx(), school), {
        id: created.id,
        isPublic: false,
      });
      await visitor.expectFresh(home(school), {
        shows: ['Existing story'],
        hides: ['Retitled story'],
      });

      await togglePost(schoolCtx(ctx(), school), {
        id: created.id,
        isPublic: true,
      });
      await visitor.expectFresh(home(school), { shows: ['Retitled story'] });

      await deletePost(schoolCtx(ctx(), school), existing.id);
      await visitor.expectFresh(home(school), {
        shows: ['Retitled story'],
        hides: ['Existing story'],
      });
    });

    it('after a shown post’s categories are changed, or its category renamed or deleted', async () => {
      const school = await website();
      const visitor = new Visitor();
      const sport = await addCategory(ctx(), school, 'Sport');
      const music = await addCategory(ctx(), school, 'Music');
      const post = await addPost(ctx(), school, {
        title: 'Match report',
        categories: [sport],
      });
      await visitor.expectFresh(home(school), {
        shows: ['Match report [Sport]'],
      });

      await updatePost(schoolCtx(ctx(), school), {
        id: post.id,
        title: 'Match report',
        content: '<p>Body</p>',
        category: {
          [String(sport.id)]: sport.name,
          [String(music.id)]: music.name,
        },
        parent: null,
      });
      await visitor.expectFresh(home(school), {
        shows: ['Match report [Music, Sport]'],
      });

      await ctx().db.updateTable('website_categories').set({ name: 'Athletics' }).where('id', '=', sport.id).execute();
      await visitor.expectFresh(home(school), {
        shows: ['Match report [Athletics, Music]'],
        hides: ['Sport'],
      });

      await ctx().db.deleteFrom('website_categories').where('id', '=', music.id).execute();
      await visitor.expectFresh(home(school), {
        shows: ['Match report [Athletics]'],
        hides: ['Music'],
      });

      await updatePost(schoolCtx(ctx(), school), {
        id: post.id,
        title: 'Match report',
        content: '<p>Body</p>',
        category: {},
        parent: null,
      });
      await visitor.expectFresh(home(school), {
        shows: ['Match report []'],
        hides: ['Athletics'],
      });
    });

    it('after a gallery shown in a post is created, filled, retitled and emptied', async () => {
      const school = await website();
      const visitor = new Visitor();
      const gallery = await createGallery(schoolCtx(ctx(), school), 'Sports day photos');
      await addPost(ctx(), school, {
        title: 'Sports day',
        content: `<p>Look:</p><p>[gallery_slider id="${gallery.id}"]</p>`,
      });
      const postPath = `${home(school)}/posts/sports-day`;
      await visitor.expectFresh(postPath, {
        shows: ['<h1>Sports day</h1>'],
        hides: ['gallery-slider'],
      });

      // A new gallery shows nowhere yet, but the site changed: the page is rendered again, not trusted.
      await createGallery(schoolCtx(ctx(), school), 'Another gallery');
      await visitor.expectFresh(postPath, { hides: ['gallery-slider'] });

      const image = await uploadGalleryImage(schoolCtx(ctx(), school), ctx().dir, gallery.id, {
        bytes: await makeImage('png', 40, 30),
        name: 'winners-podium.png',
      });
      // Pending until the gallery is saved: still no slider.
      await visitor.expectFresh(postPath, { hides: ['gallery-slider'] });

      await updateGallery(schoolCtx(ctx(), school), gallery.id, [image.id]);
      await visitor.expectFresh(postPath, {
        shows: ['gallery-slider', 'alt="winners-podium"', 'Sports day photos', image.src],
      });

      // No service renames a gallery yet; any write path must still be seen.
      await ctx().db.updateTable('website_galleries').set({ title: 'Sports day 2025' }).where('id', '=', gallery.id).execute();
      await visitor.expectFresh(postPath, {
        shows: ['Sports day 2025'],
        hides: ['Sports day photos'],
      });

      await ctx().db.updateTable('website_media').set({ title: 'First place' }).where('id', '=', image.id).execute();
      await visitor.expectFresh(postPath, {
        shows: ['alt="First place"'],
        hides: ['winners-podium'],
      });

      await removeGalleryImage(schoolCtx(ctx(), school), ctx().dir, gallery.id, image.id);
      await visitor.expectFresh(postPath, {
        shows: ['<h1>Sports day</h1>'],
        hides: ['gallery-slider', 'First place'],
      });
    });

    it('after the publishing sweep publishes due pages, of every school it touches', async () => {
      const due = await website();
      const other = await website();
      const visitor = new Visitor();
      await addPost(ctx(), due, { title: 'Due school news' });
      await addPost(ctx(), other, { title: 'Other school news' });
      const pending = await addPage(ctx(), due, {
        title: 'Admissions',
        status: 'pending',
      });
      await addPage(ctx(), other, { title: 'Term dates', status: 'pending' });
      await visitor.expectFresh(home(due), { hides: ['Admissions'] });
      await visitor.expectFresh(home(other), { hides: ['Term dates'] });
      const pagePath = pending.post_url;
      expect(pagePath).toBe(`${home(due)}/admissions`);
      expect((await visitor.get(pagePath)).status).toBe(404);

      ctx().clock.advance(48 * 60 * 60);
      expect(await publishDuePages(ctx().db, ctx().clock.now, 24)).toBeGreaterThanOrEqual(2);
      await visitor.expectFresh(home(due), {
        shows: ['<a>Admissions</a>', 'Due school news'],
      });
      await visitor.expectFresh(home(other), {
        shows: ['<a>Term dates</a>', 'Other school news'],
      });
      await visitor.expectFresh(pagePath, { shows: ['<h1>Admissions</h1>'] });
    });

    it('a post dated in the future shows from its date on, not before: a kept page lasts only until then', async () => {
      const school = await website('Scheduled School');
      await addPost(ctx(), school, { title: 'Today news' });
      const fair = await addPost(ctx(), school, { title: 'Summer fair' });
      const due = ctx().clock.now + 3600;
      await ctx().db.updateTable('website_posts').set({ created_at: due }).where('id', '=', fair.id).execute();
      const visitor = new Visitor();
      const before = await visitor.expectFresh(home(school), { shows: ['Today news'], hides: ['Summer fair'] });
      expect((await visitor.get(`${home(school)}/posts/summer-fair`)).status).toBe(404);
      ctx().clock.advance(3599);
      await visitor.expectKept(home(school), before);
      ctx().clock.advance(1);
      await visitor.expectFresh(home(school), { shows: ['Today news', 'Summer fair'] });
      expect((await visitor.get(`${home(school)}/posts/summer-fair`)).status).toBe(200);
    });

    it('after a plain SQL update of a post, without any service (the triggers do the work)', async () => {
      const school = await website();
      const visitor = new Visitor();
      const post = await addPost(ctx(), school, { title: 'Before the update' });
      const postPath = `${home(school)}/posts/before-the-update`;
      await visitor.expectFresh(home(school), { shows: ['Before the update'] });
      await visitor.expectFresh(postPath, { shows: ['<p>Body</p>'] });

      await ctx()
        .db.updateTable('website_posts')
        .set({
          title: 'After the update',
          title_search: 'after the update',
          content: '<p>Rewritten</p>',
        })
        .where('id', '=', post.id)
        .execute();
      await visitor.expectFresh(home(school), {
        shows: ['After the update'],
        hides: ['Before the update'],
      });
      await visitor.expectFresh(postPath, {
        shows: ['<h1>After the update</h1>', '<p>Rewritten</p>'],
        hides: ['<p>Body</p>'],
      });

      await ctx().db.deleteFrom('website_posts').where('id', '=', post.id).execute();
      await visitor.expectFresh(home(school), { hides: ['After the update'] });
      expect((await visitor.get(postPath)).status).toBe(404);
    });

    it('after the school is renamed, never showing the old name', async () => {
      const school = await website('Old Name Primary');
      const visitor = new Visitor();
      await addPost(ctx(), school, { title: 'Welcome' });
      const postPath = `${home(school)}/posts/welcome`;
      await visitor.expectFresh(home(school), {
        shows: ['<h1>Old Name Primary</h1>'],
      });
      await visitor.expectFresh(postPath, {
        shows: ['<title>Old Name Primary</title>'],
      });

      await ctx().db.updateTable('domains').set({ name: 'New Name Primary' }).where('id', '=', school.id).execute();
      await visitor.expectFresh(home(school), {
        shows: ['<h1>New Name Primary</h1>'],
        hides: ['Old Name'],
      });
      await visitor.expectFresh(postPath, {
        shows: ['<title>New Name Primary</title>'],
        hides: ['Old Name'],
      });
    });

    it('after the school gains or loses the app: its pages (the manifest link, the footer’s Get notifications) are rendered again', async () => {
      const school = await website();
      const visitor = new Visitor();
      await visitor.expectFresh(home(school));
      await setSchoolProducts(ctx().db, school.label, { ...NO_PRODUCTS, website: true, app: true });
      await visitor.expectFresh(home(school));
      await visitor.expectKept(home(school));
      await setSchoolProducts(ctx().db, school.label, { ...NO_PRODUCTS, website: true });
      await visitor.expectFresh(home(school));
    });

    it('after the school loses its website: the site answers 404 at once, however often asked', async () => {
      const school = await website();
      const visitor = new Visitor();
      await addPost(ctx(), school, { title: 'Soon gone' });
      await visitor.expectFresh(home(school), { shows: ['Soon gone'] });

      await setSchoolProducts(ctx().db, school.label, { ...NO_PRODUCTS });
      for (let i = 1; i <= 2; i += 1) {
        const seen = await visitor.get(home(school));
        expect(seen.status).toBe(404);
        expect(seen.body).not.toContain('Soon gone');
        expect(visitor.renders).toBe(1 + i);
      }
    });
  });

  describe('schools apart', () => {
    it('a change in one school keeps the other school’s pages, and no school is served another’s page', async () => {
      const first = await website('First School');
      const second = await website('Second School');
      const visitor = new Visitor();
      // The same title, so the same slug and the same path below each label.
      await addPost(ctx(), first, {
        title: 'Open evening',
        content: '<p>First school evening</p>',
      });
      const secondPost = await addPost(ctx(), second, {
        title: 'Open evening',
        content: '<p>Second school evening</p>',
      });

      const firstHome = await visitor.expectFresh(home(first), {
        shows: ['<h1>First School</h1>', 'Open evening'],
        hides: ['Second School'],
      });
      const secondHome = await visitor.expectFresh(home(second), {
        shows: ['<h1>Second School</h1>'],
        hides: ['First School'],
      });
      const firstPost = await visitor.expectFresh(`${home(first)}/posts/open-evening`, { shows: ['First school evening'], hides: ['Second school'] });
      await visitor.expectFresh(`${home(second)}/posts/open-evening`, {
        shows: ['Second school evening'],
        hides: ['First school'],
      });
      expect(firstHome).not.toBe(secondHome);

      const inSecond = schoolCtx(ctx(), second);
      await createPost(inSecond, {
        title: 'Only in second',
        content: '<p>x</p>',
        category: {},
        parent: null,
      });
      await togglePost(inSecond, { id: secondPost.id, isPublic: false });
      const category = await addCategory(ctx(), second, 'Second only');
      await ctx().db.updateTable('website_categories').set({ name: 'Second renamed' }).where('id', '=', category.id).execute();
      await createGallery(inSecond, 'Second gallery');
      await ctx().db.updateTable('website_posts').set({ menu_order: 3 }).where('domain_id', '=', second.id).execute();
      await ctx().db.updateTable('domains').set({ name: 'Second School Renamed' }).where('id', '=', second.id).execute();

      await visitor.expectKept(home(first), firstHome);
      await visitor.expectKept(`${home(first)}/posts/open-evening`, firstPost);
      await visitor.expectFresh(home(second), {
        shows: ['Second School Renamed', 'Only in second'],
        hides: ['Open evening', 'First School'],
      });
      expect((await visitor.get(`${home(second)}/posts/open-evening`)).status).toBe(404);
    });

    it('the publishing sweep keeps the pages of schools it publishes nothing for', async () => {
      const publishing = await website();
      await addPage(ctx(), publishing, {
        title: 'Old pending page',
        status: 'pending',
      });
      ctx().clock.advance(48 * 60 * 60);
      // This school's pending page is too recent for the sweep below.
      const untouched = await website();
      await addPost(ctx(), untouched, { title: 'Quiet school' });
      await addPage(ctx(), untouched, {
        title: 'Recent page',
        status: 'pending',
      });
      const visitor = new Visitor();
      const kept = await visitor.expectFresh(home(untouched), {
        shows: ['Quiet school', '<nav></nav>'],
      });
      await visitor.expectFresh(home(publishing), { shows: ['<nav></nav>'] });

      expect(await publishDuePages(ctx().db, ctx().clock.now, 24)).toBeGreaterThanOrEqual(1);
      await visitor.expectKept(home(untouched), kept);
      await visitor.expectFresh(home(publishing), {
        shows: ['<a>Old pending page</a>'],
      });
      const recent = await ctx()
        .db.selectFrom('website_posts')
        .select('status')
        .where('domain_id', '=', untouched.id)
        .where('type', '=', 'page')
        .executeTakeFirstOrThrow();
      expect(recent.status).toBe('pending');
    });
  });

  describe('what is never kept', () => {
    it('a response other than a 200 is rendered on every visit', async () => {
      const school = await website();
      const visitor = new Visitor();
      for (let i = 1; i <= 2; i += 1) {
        const seen = await visitor.get(`${home(school)}/posts/no-such-post`);
        expect(seen.status).toBe(404);
        expect(visitor.renders).toBe(i);
      }
      let status = 500;
      const failing = () =>
        Promise.resolve(
          new Response(`failure ${status}`, {
            status,
            headers: { 'content-type': HTML },
          }),
        );
      expect(await visitor.get(`${home(school)}/failing`, failing)).toMatchObject({ status: 500, body: 'failure 500' });
      status = 302;
      expect(await visitor.get(`${home(school)}/failing`, failing)).toMatchObject({ status: 302, body: 'failure 302' });
      expect(visitor.renders).toBe(4);
      expect(visitor.cache.size).toEqual({ pages: 0, bytes: 0 });

      // Once it answers a 200 it is kept.
      status = 200;
      await visitor.get(`${home(school)}/failing`, failing);
      status = 404;
      expect(await visitor.get(`${home(school)}/failing`, failing)).toMatchObject({ status: 200, body: 'failure 200' });
      expect(visitor.renders).toBe(5);
    });

    it('a label no school has, or a school without the website, is rendered on every visit even when it answers a 200', async () => {
      const withoutWebsite = await createTestSchool(ctx(), {
        products: { newsletter: true },
      });
      const visitor = new Visitor();
      const always200 = (url: URL) => Promise.resolve(page(`<p>${url.pathname}</p>`));
      for (const path of ['/sites/nobody-here.test', `/sites/${withoutWebsite.label}`, `/sites/${withoutWebsite.label}/posts/x`]) {
        const before = visitor.renders;
        expect((await visitor.get(path, always200)).status).toBe(200);
        expect((await visitor.get(path, always200)).status).toBe(200);
        expect(visitor.renders).toBe(before + 2);
        expect((await visitor.get(path)).status).toBe(404);
      }
      expect(visitor.cache.size).toEqual({ pages: 0, bytes: 0 });
    });
  });

  describe('the byte bound', () => {
    /** A page of `length` characters naming its path. */
    const sized = (length: number) => (url: URL) => Promise.resolve(page(url.pathname.padEnd(length, '.')));

    it('drops the least recently used pages first; a visit keeps a page', async () => {
      const school = await website();
      const path = (name: string) => `${home(school)}/${name}`;
      const probe = new Visitor();
      await probe.get(path('probe'), sized(500));
      const perPage = probe.cache.size.bytes;
      expect(probe.cache.size.pages).toBe(1);
      expect(perPage).toBeGreaterThanOrEqual(500);

      // Room for three pages of that size, not four.
      const visitor = new Visitor(new SitePageCache(Math.floor(perPage * 3.5)));
      const visit = async (name: string, kept: boolean) => {
        const before = visitor.renders;
        const seen = await visitor.get(path(name), sized(500));
        expect(seen.body, name).toContain(`/${name}.`);
        expect(visitor.renders - before, `${name} ${kept ? 'kept' : 'rendered'}`).toBe(kept ? 0 : 1);
      };
      await visit('a', false);
      await visit('b', false);
      await visit('c', false);
      expect(visitor.cache.size).toEqual({ pages: 3, bytes: 3 * perPage });
      await visit('a', true); // a is now the most recently used: b is the oldest
      await visit('d', false);
      expect(visitor.cache.size).toEqual({ pages: 3, bytes: 3 * perPage });
      await visit('a', true);
      await visit('c', true);
      await visit('d', true);
      await visit('b', false); // b was dropped; keeping it again drops a
      await visit('a', false);
      expect(visitor.cache.size).toEqual({ pages: 3, bytes: 3 * perPage });

      // A page rendered again after a change replaces its old copy, it is not counted twice.
      await addPost(ctx(), school, { title: 'A change' });
      await visit('a', false);
      await visit('a', true);
      expect(visitor.cache.size).toEqual({ pages: 3, bytes: 3 * perPage });

      // A page larger than the whole bound is never kept and pushes nothing out.
      const rendersBefore = visitor.renders;
      const huge = await visitor.get(path('huge'), sized(5_000));
      expect(huge.body.length).toBeGreaterThan(5_000);
      expect((await visitor.get(path('huge'), sized(5_000))).body).toBe(huge.body);
      expect(visitor.renders).toBe(rendersBefore + 2);
      expect(visitor.cache.size).toEqual({ pages: 3, bytes: 3 * perPage });
      await visit('a', true);
    });

    it('renders a page over a megabyte on every visit rather than keeping it', async () => {
      const school = await website();
      const visitor = new Visitor();
      const big = sized(1_100_000);
      for (let i = 1; i <= 2; i += 1) {
        const seen = await visitor.get(`${home(school)}/big`, big);
        expect(seen.status).toBe(200);
        expect(seen.body.length).toBeGreaterThan(1_100_000);
        expect(visitor.renders).toBe(i);
      }
      expect(visitor.cache.size).toEqual({ pages: 0, bytes: 0 });
    });
  });

  describe('siteLabelOf', () => {
    it.each([
      ['/sites/demo.school', 'demo.school'],
      ['/sites/demo.school/', 'demo.school'],
      ['/sites/demo.school/posts/x', 'demo.school'],
      ['/sites/demo.school/about-us', 'demo.school'],
      ['/sites/demo%2Eschool/posts/x', 'demo.school'],
      ['/sites/caf%C3%A9.test', 'café.test'],
    ])('%s is the site %s', (path, label) => {
      expect(siteLabelOf(path)).toBe(label);
    });

    it.each([
      '/sites',
      '/sites/',
      '/sites//posts',
      '/sitesx/a',
      '/site/demo.school',
      '/uploads/demo.school/photo.png',
      '/website/sites/demo.school',
      '/sites/%E0%A4%A',
      '/sites/%E0%A4%A/posts/x',
    ])('%s is no site page', (path) => {
      expect(siteLabelOf(path)).toBeNull();
    });
  });

  describe('the site version triggers', () => {
    async function versionOf(schoolId: number): Promise<number> {
      const row = await ctx().db.selectFrom('website_site_versions').select('version').where('domain_id', '=', schoolId).executeTakeFirst();
      return row ? Number(row.version) : 0;
    }

    /** Runs `change` and checks it moved `school`'s version and no other school's. */
    async function expectMoves(school: TestSchool, other: TestSchool, what: string, change: () => Promise<unknown>): Promise<void> {
      const [mine, theirs] = [await versionOf(school.id), await versionOf(other.id)];
      await change();
      expect(await versionOf(school.id), `${what} moves the school's version`).toBeGreaterThan(mine);
      expect(await versionOf(other.id), `${what} leaves another school's version`).toBe(theirs);
    }

    it('move the school’s version on every insert, update and delete of each table, and no other school’s', async () => {
      const school = await website();
      const other = await website();
      await addPost(ctx(), other, { title: 'Other school post' });
      const { db } = ctx();
      const now = ctx().clock.now;
      expect(await versionOf(school.id)).toBe(0);

      let postId = 0;
      await expectMoves(school, other, 'inserting a post', async () => {
        const row = await db
          .insertInto('website_posts')
          .values({
            domain_id: school.id,
            type: 'post',
            title: 'Raw',
            title_search: 'raw',
            content: '<p>Raw</p>',
            status: 'publish',
            slug: 'raw',
            parent_id: null,
            menu_order: 0,
            created_at: now,
            modified_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        postId = row.id;
      });
      expect(await versionOf(school.id)).toBeGreaterThan(0);
      await expectMoves(school, other, 'updating a post', () =>
        db.updateTable('website_posts').set({ status: 'draft' }).where('id', '=', postId).execute(),
      );

      let categoryId = 0;
      let secondCategoryId = 0;
      await expectMoves(school, other, 'inserting a category', async () => {
        categoryId = (
          await db
            .insertInto('website_categories')
            .values({ domain_id: school.id, name: 'One', slug: 'one' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      });
      secondCategoryId = (
        await db.insertInto('website_categories').values({ domain_id: school.id, name: 'Two', slug: 'two' }).returning('id').executeTakeFirstOrThrow()
      ).id;
      await expectMoves(school, other, 'updating a category', () =>
        db.updateTable('website_categories').set({ name: 'Uno' }).where('id', '=', categoryId).execute(),
      );

      await expectMoves(school, other, 'linking a post to a category', () =>
        db.insertInto('website_post_categories').values({ post_id: postId, category_id: categoryId }).execute(),
      );
      await expectMoves(school, other, 'changing a post’s category link', () =>
        db.updateTable('website_post_categories').set({ category_id: secondCategoryId }).where('post_id', '=', postId).execute(),
      );
      await expectMoves(school, other, 'unlinking a post from a category', () =>
        db.deleteFrom('website_post_categories').where('post_id', '=', postId).execute(),
      );

      await expectMoves(school, other, 'deleting a category', () => db.deleteFrom('website_categories').where('id', '=', categoryId).execute());

      let galleryId = 0;
      await expectMoves(school, other, 'inserting a gallery', async () => {
        galleryId = (
          await db
            .insertInto('website_galleries')
            .values({ domain_id: school.id, title: 'G', created_at: now })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      });
      await expectMoves(school, other, 'updating a gallery', () =>
        db.updateTable('website_galleries').set({ title: 'G2' }).where('id', '=', galleryId).execute(),
      );

      let mediaId = 0;
      await expectMoves(school, other, 'inserting media', async () => {
        mediaId = (
          await db
            .insertInto('website_media')
            .values({
              domain_id: school.id,
              kind: 'image',
              file_name: `trigger-${school.id}.png`,
              original_name: 'photo.png',
              title: 'Photo',
              mime_type: 'image/png',
              size: 10,
              width: 1,
              height: 1,
              status: 'attached',
              gallery_id: galleryId,
              position: 0,
              created_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      });
      await expectMoves(school, other, 'updating media', () =>
        db.updateTable('website_media').set({ title: 'Photo 2' }).where('id', '=', mediaId).execute(),
      );
      // Deleting the gallery sets its media's gallery to null: both are the school's.
      await expectMoves(school, other, 'deleting a gallery', () => db.deleteFrom('website_galleries').where('id', '=', galleryId).execute());
      expect((await db.selectFrom('website_media').select('gallery_id').where('id', '=', mediaId).executeTakeFirstOrThrow()).gallery_id).toBeNull();
      await expectMoves(school, other, 'deleting media', () => db.deleteFrom('website_media').where('id', '=', mediaId).execute());

      await expectMoves(school, other, 'deleting a post', () => db.deleteFrom('website_posts').where('id', '=', postId).execute());
    });

    it('move the version when a deleted post or category takes its category links with it', async () => {
      const school = await website();
      const other = await website();
      const { db } = ctx();
      const category = await addCategory(ctx(), school, 'Linked');
      const post = await addPost(ctx(), school, {
        title: 'Linked post',
        categories: [category],
      });
      const links = () => db.selectFrom('website_post_categories').select('category_id').where('post_id', '=', post.id).execute();
      expect(await links()).toHaveLength(1);
      await expectMoves(school, other, 'deleting a linked post', () => db.deleteFrom('website_posts').where('id', '=', post.id).execute());
      expect(await links()).toHaveLength(0);

      const second = await addPost(ctx(), school, {
        title: 'Second linked post',
        categories: [category],
      });
      await expectMoves(school, other, 'deleting a linked category', () =>
        db.deleteFrom('website_categories').where('id', '=', category.id).execute(),
      );
      expect(await db.selectFrom('website_post_categories').select('category_id').where('post_id', '=', second.id).execute()).toHaveLength(0);
    });

    it('move every school a single statement changes, once per row at least', async () => {
      const first = await website();
      const second = await website();
      const bystander = await website();
      await addPage(ctx(), first, { title: 'One', status: 'pending' });
      await addPage(ctx(), first, { title: 'Two', status: 'pending' });
      await addPage(ctx(), second, { title: 'Three', status: 'pending' });
      await addPost(ctx(), bystander, { title: 'Bystander' });
      const before = await Promise.all([first, second, bystander].map((s) => versionOf(s.id)));
      await ctx()
        .db.updateTable('website_posts')
        .set({ status: 'publish' })
        .where('domain_id', 'in', [first.id, second.id])
        .where('status', '=', 'pending')
        .execute();
      const after = await Promise.all([first, second, bystander].map((s) => versionOf(s.id)));
      expect(after[0]).toBeGreaterThanOrEqual((before[0] ?? 0) + 2);
      expect(after[1]).toBeGreaterThanOrEqual((before[1] ?? 0) + 1);
      expect(after[2]).toBe(before[2]);
    });

    it('move both schools when a row moves from one school to another', async () => {
      const from = await website();
      const to = await website();
      const { db } = ctx();
      const post = await addPost(ctx(), from, { title: 'Moving post' });
      const gallery = await db
        .insertInto('website_galleries')
        .values({
          domain_id: from.id,
          title: 'Moving gallery',
          created_at: ctx().clock.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [table, id] of [
        ['website_posts', post.id],
        ['website_galleries', gallery.id],
      ] as const) {
        const before = [await versionOf(from.id), await versionOf(to.id)];
        await db.updateTable(table).set({ domain_id: to.id }).where('id', '=', id).execute();
        expect(await versionOf(from.id), `${table}: the school it left`).toBeGreaterThan(before[0] ?? 0);
        expect(await versionOf(to.id), `${table}: the school it joined`).toBeGreaterThan(before[1] ?? 0);
      }
    });

    it('leave the version alone when nothing of the site is written', async () => {
      const school = await website();
      await addPost(ctx(), school, { title: 'Stable' });
      const before = await versionOf(school.id);
      await loadSiteHome(schoolCtx(ctx(), school), 1);
      await ctx()
        .db.updateTable('website_posts')
        .set({ title: 'Never' })
        .where('domain_id', '=', school.id)
        .where('slug', '=', 'no-such-slug')
        .execute();
      expect(await versionOf(school.id)).toBe(before);
    });
  });
});
