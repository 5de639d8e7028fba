import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { galleryUploadResponseSchema, newGalleryResponseSchema, pageResponseSchema, thumbnailUrl } from '../contract';
import { previewResponseSchema } from '../revisions-contract';
import { storedPath } from '../../../platform/media/store';
import { loadPreviewScreen } from '../server/embedded/revisions/preview';
import { bodyOf, get, post, signedInUser, useTestContext, type TestContext, type TestSchool } from '../../../../tests/factories';
import { postMultipart } from '../../../../tests/factories/media-http';
import { makeImage } from '../../../../tests/factories/media-images';
import { addPage, getWith, itemRows, postJson } from '../../../../tests/factories/website-content';

/*
 * Issue 29: deleting a page (Manage Pages), deleting a gallery with its images' files (Manage
 * Galleries), and View of a page pending review as its signed preview (the saved page through the
 * editor's preview call). Each delete is the school's own: another school's id is a 404 that
 * deletes nothing, and a failed call leaves everything as it was.
 */

async function expectFailure(res: Response, status: number): Promise<void> {
  expect(res.status).toBe(status);
  expect(await bodyOf(res)).toMatchObject({ success: false, isAuthFailed: status === 401 });
}

interface Staff {
  school: TestSchool;
  cookie: string;
}

describe('deleting pages and galleries', () => {
  const ctx = useTestContext();
  let mine: Staff;
  let theirs: Staff;

  beforeAll(async () => {
    mine = await signedInUser(ctx(), { website: true });
    theirs = await signedInUser(ctx(), { website: true });
  });

  describe('POST /api/website/pages/delete', () => {
    const del = (id: unknown, cookie = mine.cookie) => postJson(ctx().app, '/api/website/pages/delete', { id }, cookie);

    it('deletes the page with its revisions; the pages under it move to the top level', async () => {
      const parent = await addPage(ctx(), mine.school, { title: 'About us' });
      const child = await addPage(ctx(), mine.school, { title: 'Our staff', parent: 'About us' });
      expect((await itemRows(ctx(), mine.school.id, 'page')).find((r) => r.id === child.id)?.parent_id).toBe(parent.id);
      expect(await ctx().db.selectFrom('website_revisions').select('id').where('post_id', '=', parent.id).execute()).not.toEqual([]);

      const res = await del(parent.id);
      expect(res.status).toBe(200);
      expect(await bodyOf(res)).toEqual({ success: true, isAuthFailed: false });

      await expectFailure(await getWith(ctx().app, `/api/website/wordpress/pages/${parent.id}`, mine.cookie), 404);
      const rows = await itemRows(ctx(), mine.school.id, 'page');
      expect(rows.find((r) => r.id === parent.id)).toBeUndefined();
      expect(rows.find((r) => r.id === child.id)?.parent_id).toBeNull();
      expect(await ctx().db.selectFrom('website_revisions').select('id').where('post_id', '=', parent.id).execute()).toEqual([]);
      // Gone: a second delete is a 404.
      await expectFailure(await del(parent.id), 404);
    });

    it("is 404 for another school's page, as for an unknown id, and deletes nothing", async () => {
      const page = await addPage(ctx(), theirs.school, { title: 'Not yours' });
      const before = await itemRows(ctx(), theirs.school.id, 'page');
      await expectFailure(await del(page.id), 404);
      await expectFailure(await del(2_000_000_000), 404);
      expect(await itemRows(ctx(), theirs.school.id, 'page')).toEqual(before);
      expect((await getWith(ctx().app, `/api/website/wordpress/pages/${page.id}`, theirs.cookie)).status).toBe(200);
    });

    it('is a 404 for a post: the page call deletes pages only', async () => {
      const created = await postJson(ctx().app, '/api/website/posts/create', { title: 'A post', content: '<p>x</p>', category: {} }, mine.cookie);
      const { id } = (await bodyOf(created)) as { id: number };
      await expectFailure(await del(id), 404);
      expect((await getWith(ctx().app, `/api/website/wordpress/posts/${id}`, mine.cookie)).status).toBe(200);
    });

    it.each([[{}], [{ id: 'x' }], [{ id: 1.5 }]])('answers 400 for %j', async (payload) => {
      await expectFailure(await postJson(ctx().app, '/api/website/pages/delete', payload, mine.cookie), 400);
    });

    it('needs a session and the website product', async () => {
      const page = await addPage(ctx(), mine.school, { title: 'Stays' });
      await expectFailure(await post(ctx().app, '/api/website/pages/delete', JSON.stringify({ id: page.id })), 401);
      const noWebsite = await signedInUser(ctx(), { newsletter: true });
      expect((await del(page.id, noWebsite.cookie)).status).toBe(403);
      expect((await itemRows(ctx(), mine.school.id, 'page')).some((r) => r.id === page.id)).toBe(true);
    });
  });

  describe('View of a page pending review: its signed preview', () => {
    it('the saved page, sent to the preview call, is shown at a signed link; another school cannot', async () => {
      const page = await addPage(ctx(), mine.school, { title: 'Term dates', content: '<p>Term starts on Monday</p>', status: 'pending' });
      const found = pageResponseSchema.parse(await bodyOf(await getWith(ctx().app, `/api/website/wordpress/pages/${page.id}`, mine.cookie))).page;
      const body = { kind: 'page', id: page.id, title: found.post_title, content: found.post_content, category: {} };
      const res = await postJson(ctx().app, '/api/website/preview', body, mine.cookie);
      expect(res.status).toBe(200);
      const { url } = previewResponseSchema.parse(await bodyOf(res));
      const token = url.split('/').pop() ?? '';
      const screen = await loadPreviewScreen(ctx().db, mine.school.label, token, ctx().clock.now);
      expect(screen.status).toBe(200);
      if (screen.status === 200) {
        expect(screen.title).toBe('Term dates');
        expect(screen.html).toContain('Term starts on Monday');
      }
      await expectFailure(await postJson(ctx().app, '/api/website/preview', body, theirs.cookie), 404);
      // The page itself is untouched: still pending.
      expect((await itemRows(ctx(), mine.school.id, 'page')).find((r) => r.id === page.id)?.status).toBe('pending');
    });
  });

  describe('POST /api/website/gallery/delete', () => {
    async function newGallery(staff: Staff, title: string): Promise<number> {
      const res = await post(ctx().app, '/api/website/gallery/new', JSON.stringify({ title }), { cookie: staff.cookie });
      return newGalleryResponseSchema.parse(await bodyOf(res)).id;
    }
    async function upload(staff: Staff, galleryID: number, name: string) {
      const bytes = await makeImage('png', 300, 200, '#336699');
      const res = await postMultipart(ctx().app, '/api/website/gallery/upload', { file: { bytes, name }, fields: { galleryID: String(galleryID) } }, { cookie: staff.cookie });
      expect(res.status).toBe(200);
      return galleryUploadResponseSchema.parse(await bodyOf(res));
    }
    function filesOf(c: TestContext, staff: Staff, src: string): string[] {
      const name = src.split('/').pop() ?? '';
      const thumb = thumbnailUrl(src).split('/').pop() ?? '';
      return [storedPath(c.config.PORTAL_DATA_DIR, staff.school.id, name), storedPath(c.config.PORTAL_DATA_DIR, staff.school.id, thumb)];
    }
    const mediaOf = (galleryId: number) => ctx().db.selectFrom('website_media').select('id').where('gallery_id', '=', galleryId).execute();
    const del = (id: unknown, cookie = mine.cookie) => postJson(ctx().app, '/api/website/gallery/delete', { id }, cookie);

    it('deletes the gallery, its saved and pending images and their files; other galleries keep theirs', async () => {
      const galleryId = await newGallery(mine, 'Sports Day');
      const kept = await newGallery(mine, 'Prize giving');
      const saved = await upload(mine, galleryId, 'Relay.png');
      const pending = await upload(mine, galleryId, 'Long jump.png');
      const other = await upload(mine, kept, 'Cup.png');
      expect((await postJson(ctx().app, '/api/website/gallery/update', { galleryID: galleryId, uploaded: [saved.id] }, mine.cookie)).status).toBe(200);
      expect((await postJson(ctx().app, '/api/website/gallery/update', { galleryID: kept, uploaded: [other.id] }, mine.cookie)).status).toBe(200);
      for (const img of [saved, pending]) for (const file of filesOf(ctx(), mine, img.src)) expect(fs.existsSync(file)).toBe(true);

      const res = await del(galleryId);
      expect(res.status).toBe(200);
      expect(await bodyOf(res)).toEqual({ success: true, isAuthFailed: false });

      await expectFailure(await getWith(ctx().app, `/api/website/wordpress/galleries/${galleryId}`, mine.cookie), 404);
      expect(await mediaOf(galleryId)).toEqual([]);
      for (const img of [saved, pending]) for (const file of filesOf(ctx(), mine, img.src)) expect(fs.existsSync(file)).toBe(false);
      // The other gallery is whole.
      expect(await mediaOf(kept)).toEqual([{ id: other.id }]);
      for (const file of filesOf(ctx(), mine, other.src)) expect(fs.existsSync(file)).toBe(true);
      await expectFailure(await del(galleryId), 404);
    });

    it("is 404 for another school's gallery and removes none of its rows or files", async () => {
      const galleryId = await newGallery(theirs, 'Their gallery');
      const img = await upload(theirs, galleryId, 'Theirs.png');
      expect((await postJson(ctx().app, '/api/website/gallery/update', { galleryID: galleryId, uploaded: [img.id] }, theirs.cookie)).status).toBe(200);
      await expectFailure(await del(galleryId), 404);
      await expectFailure(await del(2_000_000_000), 404);
      expect(await mediaOf(galleryId)).toEqual([{ id: img.id }]);
      for (const file of filesOf(ctx(), theirs, img.src)) expect(fs.existsSync(file)).toBe(true);
      expect((await get(ctx().app, `/api/website/wordpress/galleries/${galleryId}`, { cookie: theirs.cookie })).status).toBe(200);
    });

    it.each([[{}], [{ id: 'x' }], [{ id: -1 }]])('answers 400 for %j', async (payload) => {
      await expectFailure(await postJson(ctx().app, '/api/website/gallery/delete', payload, mine.cookie), 400);
    });

    it('needs a session and the website product', async () => {
      const galleryId = await newGallery(mine, 'Stays');
      await expectFailure(await post(ctx().app, '/api/website/gallery/delete', JSON.stringify({ id: galleryId })), 401);
      const noWebsite = await signedInUser(ctx(), { newsletter: true });
      expect((await del(galleryId, noWebsite.cookie)).status).toBe(403);
      expect((await getWith(ctx().app, `/api/website/wordpress/galleries/${galleryId}`, mine.cookie)).status).toBe(200);
    });
  });
});
