import { beforeAll, describe, expect, it } from 'vitest';
import { saveResponseSchema } from '../contract';
import {
  autosaveResponseGetSchema,
  autosaveResponseSchema,
  MAX_REVISIONS,
  PREVIEW_LINK_SECONDS,
  previewResponseSchema,
  revisionResponseSchema,
  revisionsResponseSchema,
} from '../revisions-contract';
import { siteLabelOf } from '../server/embedded/site/page-cache';
import { isSitePreviewPath } from '../server/embedded/revisions/preview-links';
import { loadPreviewScreen } from '../server/embedded/revisions/preview';
import { addTestUser, bodyOf, createTestSchool, signIn, signedInUser, useTestContext, type TestSchool, type TestUser } from '../../../../tests/factories';
import { addCategory, addPage, addPost, getWith, itemRows, postJson } from '../../../../tests/factories/website-content';

/**
 * The editor's safety nets (issue 9): a revision per save (the last 25), restoring one, the
 * per-user autosave, and signed preview links of unsaved content, all scoped to the school.
 */

async function expectFailure(res: Response, status: number, message?: RegExp): Promise<void> {
  expect(res.status).toBe(status);
  const body = (await bodyOf(res)) as { success: boolean; message?: string };
  expect(body.success).toBe(false);
  expect(body.message ?? '').not.toBe('');
  if (message) expect(body.message ?? '').toMatch(message);
}

describe('website revisions, autosave and preview', () => {
  const ctx = useTestContext();
  let school: TestSchool;
  let user: TestUser;
  let cookie = '';
  let other: TestSchool;
  let otherCookie = '';

  beforeAll(async () => {
    ({ school, user, cookie } = await signedInUser(ctx(), { website: true }));
    ({ school: other, cookie: otherCookie } = await signedInUser(ctx(), { website: true }));
  });

  async function save(path: string, body: Record<string, unknown>, as = cookie): Promise<number> {
    const res = await postJson(ctx().app, path, body, as);
    expect(res.status).toBe(200);
    return saveResponseSchema.parse(await bodyOf(res)).id;
  }

  async function revisionsOf(kind: 'posts' | 'pages', id: number, as = cookie) {
    const res = await getWith(ctx().app, `/api/website/wordpress/${kind}/${id}/revisions`, as);
    expect(res.status).toBe(200);
    return revisionsResponseSchema.parse(await bodyOf(res)).revisions;
  }

  describe('revisions', () => {
    it('keeps one per save, newest first, with who saved it and when on the school clock', async () => {
      const news = await addCategory(ctx(), school, 'News');
      const id = await save('/api/website/posts/create', { title: 'First', content: '<p>one</p>', category: { [news.id]: 'News' } });
      ctx().clock.advance(60);
      await save('/api/website/posts/update', { id, title: 'Second', content: '<p>two</p>', category: {} });

      const list = await revisionsOf('posts', id);
      expect(list.map((r) => r.title)).toEqual(['Second', 'First']);
      expect(list[0]?.author).toBe(user.name);
      expect(list[0]?.saved_at).toBe(new Date(ctx().clock.now * 1000).toISOString());
      expect(list[0]?.saved_label).toMatch(/^\d\d\/\d\d\/\d\d \d\d:\d\d$/);
      // The list carries no content: 25 revisions of a long post stay small.
      expect(Object.keys(list[0] ?? {}).sort()).toEqual(['author', 'id', 'saved_at', 'saved_label', 'title']);

      const first = list[1];
      const res = await getWith(ctx().app, `/api/website/revisions/${first?.id}`, cookie);
      const { revision } = revisionResponseSchema.parse(await bodyOf(res));
      expect(revision).toMatchObject({ kind: 'post', post_id: id, title: 'First', content: '<p>one</p>', categories: 'News' });
    });

    it('keeps pages with their revisions too', async () => {
      const id = await save('/api/website/pages/create', { title: 'About', content: '<p>v1</p>', parent: null });
      await save('/api/website/pages/update', { id, title: 'About us', content: '<p>v2</p>', parent: null });
      const list = await revisionsOf('pages', id);
      expect(list.map((r) => r.title)).toEqual(['About us', 'About']);
      // A page's id is not a post's.
      await expectFailure(await getWith(ctx().app, `/api/website/wordpress/posts/${id}/revisions`, cookie), 404, /post does not exist/);
    });

    it('keeps the state before the first save of content that had none (imported, seeded), so it can be restored', async () => {
      const seeded = await addPost(ctx(), school, { title: 'Seeded', content: '<p>original</p>' });
      await ctx().db.deleteFrom('website_revisions').where('post_id', '=', seeded.id).execute();
      await save('/api/website/posts/update', { id: seeded.id, title: 'Edited', content: '<p>edited</p>', category: {} });
      const list = await revisionsOf('posts', seeded.id);
      expect(list.map((r) => r.title)).toEqual(['Edited', 'Seeded']);
      expect(list[1]?.author).toBeNull();
    });

    it(`keeps only the last ${MAX_REVISIONS} per item, the oldest removed`, async () => {
      const id = await save('/api/website/posts/create', { title: 'v0', content: '<p>0</p>', category: {} });
      for (let i = 1; i <= MAX_REVISIONS + 3; i += 1) {
        await save('/api/website/posts/update', { id, title: `v${i}`, content: `<p>${i}</p>`, category: {} });
      }
      const list = await revisionsOf('posts', id);
      expect(list).toHaveLength(MAX_REVISIONS);
      expect(list[0]?.title).toBe(`v${MAX_REVISIONS + 3}`);
      expect(list.at(-1)?.title).toBe('v4');
      const stored = await ctx().db.selectFrom('website_revisions').select('id').where('post_id', '=', id).execute();
      expect(stored).toHaveLength(MAX_REVISIONS);
    });

    it('restores: the revision loaded, saved again, is the item and a new revision', async () => {
      const id = await save('/api/website/posts/create', { title: 'Good', content: '<p>good text</p>', category: {} });
      await save('/api/website/posts/update', { id, title: 'Broken', content: '<p>oops</p>', category: {} });
      const good = (await revisionsOf('posts', id)).find((r) => r.title === 'Good');
      const { revision } = revisionResponseSchema.parse(await bodyOf(await getWith(ctx().app, `/api/website/revisions/${good?.id}`, cookie)));
      await save('/api/website/posts/update', { id, title: revision.title, content: revision.content, category: {} });

      const row = (await itemRows(ctx(), school.id, 'post')).find((r) => r.id === id);
      expect(row).toMatchObject({ title: 'Good', content: '<p>good text</p>' });
      expect((await revisionsOf('posts', id)).map((r) => r.title)).toEqual(['Good', 'Broken', 'Good']);
    });

    it("answers 404 for another school's item or revision, as for none, and shows nothing of it", async () => {
      const id = await save('/api/website/posts/create', { title: 'Private', content: '<p>secret</p>', category: {} });
      const [revision] = await revisionsOf('posts', id);
      await expectFailure(await getWith(ctx().app, `/api/website/wordpress/posts/${id}/revisions`, otherCookie), 404, /post does not exist/);
      await expectFailure(await getWith(ctx().app, `/api/website/revisions/${revision?.id}`, otherCookie), 404, /revision does not exist/);
      await expectFailure(await getWith(ctx().app, '/api/website/revisions/999999', cookie), 404);
    });

    it('refuses a malformed id with a clear message', async () => {
      await expectFailure(await getWith(ctx().app, '/api/website/revisions/abc', cookie), 400, /id must be a number/);
    });

    it('goes with its item', async () => {
      const id = await save('/api/website/posts/create', { title: 'Doomed', content: '<p>x</p>', category: {} });
      expect(await postJson(ctx().app, '/api/website/posts/delete', { id }, cookie).then((r) => r.status)).toBe(200);
      const left = await ctx().db.selectFrom('website_revisions').select('id').where('post_id', '=', id).execute();
      expect(left).toEqual([]);
    });
  });

  describe('autosave', () => {
    async function autosaveOf(kind: 'post' | 'page', id: number | null, as = cookie) {
      const res = await getWith(ctx().app, `/api/website/autosave?kind=${kind}${id === null ? '' : `&id=${id}`}`, as);
      expect(res.status).toBe(200);
      return autosaveResponseGetSchema.parse(await bodyOf(res)).autosave;
    }

    it("round trips per user: a colleague sees none of mine, and the item itself is untouched", async () => {
      const post = await addPost(ctx(), school, { title: 'Saved title', content: '<p>saved</p>' });
      ctx().clock.advance(30);
      const res = await postJson(ctx().app, '/api/website/autosave', { kind: 'post', id: post.id, title: 'Draft title', content: '<p>typing…</p>' }, cookie);
      expect(res.status).toBe(200);
      expect(autosaveResponseSchema.parse(await bodyOf(res)).saved_at).toBe(new Date(ctx().clock.now * 1000).toISOString());

      expect(await autosaveOf('post', post.id)).toMatchObject({ title: 'Draft title', content: '<p>typing…</p>' });
      const colleague = await signIn(ctx().app, await addTestUser(ctx(), school));
      expect(await autosaveOf('post', post.id, colleague)).toBeNull();

      const row = (await itemRows(ctx(), school.id, 'post')).find((r) => r.id === post.id);
      expect(row).toMatchObject({ title: 'Saved title', content: '<p>saved</p>' });
      const revisions = await ctx().db.selectFrom('website_revisions').select('id').where('post_id', '=', post.id).execute();
      expect(revisions).toHaveLength(1);
    });

    it('keeps one per item and user: the next autosave replaces it', async () => {
      const post = await addPost(ctx(), school, { title: 'One', content: '<p>1</p>' });
      ctx().clock.advance(5);
      await postJson(ctx().app, '/api/website/autosave', { kind: 'post', id: post.id, title: 'A', content: '<p>a</p>' }, cookie);
      ctx().clock.advance(5);
      await postJson(ctx().app, '/api/website/autosave', { kind: 'post', id: post.id, title: 'B', content: '<p>b</p>' }, cookie);
      expect(await autosaveOf('post', post.id)).toMatchObject({ title: 'B' });
      const rows = await ctx().db.selectFrom('website_autosaves').select('id').where('post_id', '=', post.id).execute();
      expect(rows).toHaveLength(1);
    });

    it('is offered only when newer than the saved item and different from it', async () => {
      const post = await addPost(ctx(), school, { title: 'Same', content: '<p>same</p>' });
      ctx().clock.advance(5);
      await postJson(ctx().app, '/api/website/autosave', { kind: 'post', id: post.id, title: 'Same', content: '<p>same</p>' }, cookie);
      expect(await autosaveOf('post', post.id)).toBeNull();

      await postJson(ctx().app, '/api/website/autosave', { kind: 'post', id: post.id, title: 'Changed', content: '<p>same</p>' }, cookie);
      ctx().clock.advance(5);
      // A colleague saved the post since: my older draft is not offered over their save.
      const colleague = await signIn(ctx().app, await addTestUser(ctx(), school));
      await save('/api/website/posts/update', { id: post.id, title: 'Theirs', content: '<p>theirs</p>', category: {} }, colleague);
      expect(await autosaveOf('post', post.id)).toBeNull();
    });

    it('keys a new item by user and kind, and a save of it (create) removes that autosave', async () => {
      const fresh = await signIn(ctx().app, await addTestUser(ctx(), school));
      await postJson(ctx().app, '/api/website/autosave', { kind: 'page', id: null, title: 'New page', content: '<p>draft</p>' }, fresh);
      expect(await autosaveOf('page', null, fresh)).toMatchObject({ title: 'New page' });
      expect(await autosaveOf('post', null, fresh)).toBeNull();

      await save('/api/website/pages/create', { title: 'New page', content: '<p>draft</p>', parent: null }, fresh);
      expect(await autosaveOf('page', null, fresh)).toBeNull();
    });

    it('is removed by a save of the item, and by Discard', async () => {
      const post = await addPost(ctx(), school, { title: 'Item', content: '<p>i</p>' });
      ctx().clock.advance(5);
      await postJson(ctx().app, '/api/website/autosave', { kind: 'post', id: post.id, title: 'Unsaved', content: '<p>u</p>' }, cookie);
      await save('/api/website/posts/update', { id: post.id, title: 'Saved', content: '<p>s</p>', category: {} });
      const after = await ctx().db.selectFrom('website_autosaves').select('id').where('post_id', '=', post.id).execute();
      expect(after).toEqual([]);

      ctx().clock.advance(5);
      await postJson(ctx().app, '/api/website/autosave', { kind: 'post', id: post.id, title: 'Again', content: '<p>a</p>' }, cookie);
      expect(await autosaveOf('post', post.id)).not.toBeNull();
      expect((await postJson(ctx().app, '/api/website/autosave/discard', { kind: 'post', id: post.id }, cookie)).status).toBe(200);
      expect(await autosaveOf('post', post.id)).toBeNull();
    });

    it("refuses another school's item (404), bad input (400), and stores sanitised content", async () => {
      const post = await addPost(ctx(), school, { title: 'Mine', content: '<p>m</p>' });
      await expectFailure(
        await postJson(ctx().app, '/api/website/autosave', { kind: 'post', id: post.id, title: 'x', content: '<p>x</p>' }, otherCookie),
        404,
      );
      await expectFailure(await getWith(ctx().app, `/api/website/autosave?kind=post&id=${post.id}`, otherCookie), 404);
      await expectFailure(await postJson(ctx().app, '/api/website/autosave/discard', { kind: 'post', id: post.id }, otherCookie), 404);
      expect(await ctx().db.selectFrom('website_autosaves').select('id').where('post_id', '=', post.id).execute()).toEqual([]);

      await expectFailure(await postJson(ctx().app, '/api/website/autosave', { kind: 'draft', id: null, title: '', content: '' }, cookie), 400, /kind/);
      await expectFailure(await getWith(ctx().app, '/api/website/autosave?kind=post&id=-1', cookie), 400, /id must be positive/);

      ctx().clock.advance(5);
      await postJson(ctx().app, '/api/website/autosave', { kind: 'post', id: post.id, title: 'x', content: '<p onclick="alert(1)">hi</p><script>alert(1)</script>' }, cookie);
      expect((await autosaveOf('post', post.id))?.content).toBe('<p>hi</p>');
    });
  });

  describe('preview', () => {
    async function preview(body: Record<string, unknown>, as = cookie) {
      const res = await postJson(ctx().app, '/api/website/preview', body, as);
      expect(res.status).toBe(200);
      return previewResponseSchema.parse(await bodyOf(res));
    }

    function tokenOf(url: string): { label: string; token: string } {
      const match = /^\/sites\/([^/]+)\/preview\/([^/]+)$/.exec(url);
      expect(match).not.toBeNull();
      return { label: decodeURIComponent(match?.[1] ?? ''), token: match?.[2] ?? '' };
    }

    it("shows a hidden post's unsaved content at a signed link, never touching the post", async () => {
      const news = await addCategory(ctx(), school, 'Newsflash');
      const hidden = await addPost(ctx(), school, { title: 'Hidden', content: '<p>old</p>', status: 'draft' });
      const { url, expires_at } = await preview({
        kind: 'post',
        id: hidden.id,
        title: 'Hidden, edited',
        content: '<p>unsaved words</p><script>x()</script>',
        category: { [news.id]: 'Newsflash' },
      });
      expect(expires_at).toBe(new Date((ctx().clock.now + PREVIEW_LINK_SECONDS) * 1000).toISOString());
      const { label, token } = tokenOf(url);
      expect(label).toBe(school.label);

      const screen = await loadPreviewScreen(ctx().db, label, token, ctx().clock.now);
      expect(screen.status).toBe(200);
      if (screen.status !== 200) return;
      expect(screen).toMatchObject({ kind: 'post', title: 'Hidden, edited', categories: ['Newsflash'] });
      expect(screen.html).toBe('<p>unsaved words</p>');
      const row = (await itemRows(ctx(), school.id, 'post')).find((r) => r.id === hidden.id);
      expect(row).toMatchObject({ title: 'Hidden', content: '<p>old</p>', status: 'draft' });
    });

    it('previews a new page before it exists, with the school menu', async () => {
      await addPage(ctx(), school, { title: 'Menu page', status: 'publish' });
      const { url } = await preview({ kind: 'page', id: null, title: 'Coming soon', content: '<p>draft page</p>' });
      const { label, token } = tokenOf(url);
      const screen = await loadPreviewScreen(ctx().db, label, token, ctx().clock.now);
      expect(screen.status).toBe(200);
      if (screen.status !== 200) return;
      expect(screen.title).toBe('Coming soon');
      expect(screen.menu.map((m) => m.title)).toContain('Menu page');
    });

    it('answers 410 once the link has run out, and 404 for a forged, altered or other school link', async () => {
      const { url } = await preview({ kind: 'post', id: null, title: 'Secret', content: '<p>secret</p>' });
      const { label, token } = tokenOf(url);
      const now = ctx().clock.now;
      expect((await loadPreviewScreen(ctx().db, label, token, now + PREVIEW_LINK_SECONDS - 1)).status).toBe(200);
      expect((await loadPreviewScreen(ctx().db, label, token, now + PREVIEW_LINK_SECONDS)).status).toBe(410);

      const [id, expires, signature] = token.split('.');
      const later = `${id}.${Number(expires) + 3600}.${signature}`;
      expect((await loadPreviewScreen(ctx().db, label, later, now)).status).toBe(404);
      const otherRow = `${Number(id) + 1}.${expires}.${signature}`;
      expect((await loadPreviewScreen(ctx().db, label, otherRow, now)).status).toBe(404);
      const flipped = `${id}.${expires}.${(signature ?? '').startsWith('A') ? 'B' : 'A'}${(signature ?? '').slice(1)}`;
      expect((await loadPreviewScreen(ctx().db, label, flipped, now)).status).toBe(404);
      expect((await loadPreviewScreen(ctx().db, label, 'not-a-token', now)).status).toBe(404);
      // The same token on another school's site: signed for this school only.
      const elsewhere = await loadPreviewScreen(ctx().db, other.label, token, now);
      expect(elsewhere.status).toBe(404);
      expect(elsewhere).not.toHaveProperty('html');
    });

    it("refuses another school's item and bad input; nothing is stored", async () => {
      const post = await addPost(ctx(), school, { title: 'Mine', content: '<p>m</p>' });
      const before = await ctx().db.selectFrom('website_previews').select('id').execute();
      await expectFailure(await postJson(ctx().app, '/api/website/preview', { kind: 'post', id: post.id, title: 'x', content: '' }, otherCookie), 404);
      await expectFailure(await postJson(ctx().app, '/api/website/preview', { kind: 'post', id: 'x', title: 'x', content: '' }, cookie), 400, /id/);
      expect(await ctx().db.selectFrom('website_previews').select('id').execute()).toEqual(before);
    });

    it('removes the user’s run-out previews when a new one is made', async () => {
      const fresh = await createTestSchool(ctx(), { products: { website: true } });
      const freshCookie = await signIn(ctx().app, await addTestUser(ctx(), fresh));
      await preview({ kind: 'post', id: null, title: 'a', content: '' }, freshCookie);
      ctx().clock.advance(PREVIEW_LINK_SECONDS + 1);
      await preview({ kind: 'post', id: null, title: 'b', content: '' }, freshCookie);
      const rows = await ctx().db.selectFrom('website_previews').select('title').where('domain_id', '=', fresh.id).execute();
      expect(rows.map((r) => r.title)).toEqual(['b']);
    });

    it('is never kept by the public page cache: the middleware skips preview paths', async () => {
      const { url } = await preview({ kind: 'post', id: null, title: 'Cache?', content: '' });
      const path = new URL(url, 'http://portal.test').pathname;
      // A site path like any other to the cache's key...
      expect(siteLabelOf(path)).toBe(school.label);
      // ...which the middleware (src/middleware.ts) therefore asks about first.
      expect(isSitePreviewPath(path)).toBe(true);
      expect(isSitePreviewPath(`/sites/${school.label}/posts/preview`)).toBe(false);
      expect(isSitePreviewPath(`/sites/${school.label}/preview`)).toBe(false);
    });
  });
});
