import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { galleryResponseSchema, galleryUploadResponseSchema, mediaUploadResponseSchema, newGalleryResponseSchema, thumbnailUrl } from '../contract';
import { storedPath } from '../../../platform/media/store';
import { runDueJobs } from '../../../platform/jobs';
import { JOBS, SCHEDULES } from '../../../app/modules';
import { cleanupPendingUploads } from '../server/embedded/media/service';
import { bodyOf, get, post, signedInUser, useTestContext } from '../../../../tests/factories';
import { postMultipart } from '../../../../tests/factories/media-http';
import { makeImage } from '../../../../tests/factories/media-images';

const HOUR = 60 * 60;

describe('cleanupPendingUploads', () => {
  const ctx = useTestContext();
  let cookie = '';
  let schoolId = 0;

  beforeAll(async () => {
    const s = await signedInUser(ctx(), { website: true });
    cookie = s.cookie;
    schoolId = s.school.id;
  });

  const filesOf = (src: string) =>
    [src, thumbnailUrl(src)].map((url) => storedPath(ctx().config.PORTAL_DATA_DIR, schoolId, url.split('/').pop() ?? ''));

  async function upload(galleryID: number, name: string) {
    const res = await postMultipart(ctx().app, '/api/website/gallery/upload', { file: { bytes: await makeImage('png', 60, 40), name }, fields: { galleryID: String(galleryID) } }, { cookie });
    return galleryUploadResponseSchema.parse(await bodyOf(res));
  }

  it('removes pending uploads older than a day (rows and files), keeping newer and attached ones', async () => {
    const galleryID = newGalleryResponseSchema.parse(await bodyOf(await post(ctx().app, '/api/website/gallery/new', '{"title":"Clean-up"}', { cookie }))).id;
    const stale = await upload(galleryID, 'stale.png');
    const saved = await upload(galleryID, 'saved.png');
    await post(ctx().app, '/api/website/gallery/update', JSON.stringify({ uploaded: [saved.id], galleryID }), { cookie });
    const attachmentRes = await postMultipart(ctx().app, '/api/website/media/upload', { file: { bytes: Buffer.from('notes'), name: 'notes.txt' } }, { cookie });
    const attachment = mediaUploadResponseSchema.parse(await bodyOf(attachmentRes)).media;
    ctx().clock.advance(24 * HOUR);
    const recent = await upload(galleryID, 'recent.png');
    ctx().clock.advance(HOUR);

    // Now: stale is 25 hours old, recent 1 hour; saved and the attachment are 25 hours old but not pending.
    expect(await cleanupPendingUploads(ctx().db, ctx().config.PORTAL_DATA_DIR, ctx().clock.now)).toBe(1);

    for (const file of filesOf(stale.src)) expect(fs.existsSync(file)).toBe(false);
    for (const file of [...filesOf(recent.src), ...filesOf(saved.src)]) expect(fs.existsSync(file)).toBe(true);
    expect(fs.existsSync(filesOf(attachment.source_url)[0] ?? '')).toBe(true);

    const ids = await ctx().db.selectFrom('website_media').select('id').where('domain_id', '=', schoolId).execute();
    expect(ids.map((r) => r.id).sort()).toEqual([saved.id, attachment.id, recent.id].sort());
    // The recent pending upload can still be saved.
    await post(ctx().app, '/api/website/gallery/update', JSON.stringify({ uploaded: [saved.id, recent.id], galleryID }), { cookie });
    const gallery = galleryResponseSchema.parse(await bodyOf(await get(ctx().app, `/api/website/wordpress/galleries/${galleryID}`, { cookie }))).gallery;
    expect(gallery.gallery_data.gallery.map((i) => i.id)).toEqual([saved.id, recent.id]);
    // A second run finds nothing more.
    expect(await cleanupPendingUploads(ctx().db, ctx().config.PORTAL_DATA_DIR, ctx().clock.now)).toBe(0);
  });

  it('runs from the job scheduler', async () => {
    const galleryID = newGalleryResponseSchema.parse(await bodyOf(await post(ctx().app, '/api/website/gallery/new', '{"title":"Job"}', { cookie }))).id;
    const stale = await upload(galleryID, 'left-behind.png');
    ctx().clock.advance(25 * HOUR);
    // What the worker does on a tick: enqueue the scheduled jobs of this moment, run the due jobs.
    await runDueJobs(ctx().runtime, JOBS, { schedules: SCHEDULES });
    expect(fs.existsSync(filesOf(stale.src)[0] ?? '')).toBe(false);
    const row = await ctx().db.selectFrom('website_media').select('id').where('id', '=', stale.id).executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
