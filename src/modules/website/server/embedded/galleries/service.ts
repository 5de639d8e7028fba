import type { Gallery, GalleryImage, GalleryImageTexts } from '../../../contract';
import { totalPages } from '../../../rules';
import { inTransaction, type SchoolContext } from '../../../../../platform/context';
import { MEDIA_MESSAGES } from '../../../../../platform/media/errors';
import { Refusal } from '../../../../../platform/errors';
import { removeStoredFiles } from '../../../../../platform/media/store';
import { uploadUrl } from '../../../../../platform/media/urls';
import { storeUpload, type Upload } from '../media/service';
import * as mediaRepo from '../media/repository';
import type { GalleryImageRow, GalleryRow } from './repository';
import * as repo from './repository';

/**
 * Galleries: a school's titled grids of images, edited on their own screen and shown on the
 * public site by the `[gallery_slider id="N"]` shortcode. Every call takes the request context
 * first; a gallery of another school is not found.
 */

/** A gallery as the contract shows it: its attached images in grid order, addresses on the school's uploads path. */
export function toGallery(row: GalleryRow, images: GalleryImageRow[], schoolLabel: string): Gallery {
  return {
    id: row.id,
    post_title: row.title,
    post_date: new Date(row.created_at * 1000).toISOString(),
    gallery_data: {
      gallery: images.map((img) => ({
        id: img.id,
        src: uploadUrl(schoolLabel, img.file_name),
        title: img.title,
        // No alt text written yet: the title says what the slider said before alt texts existed.
        alt: img.alt || img.title,
        caption: img.caption,
      })),
    },
  };
}

/** Some galleries of the school, by id, in one query; ids it has no gallery for are left out. */
export async function findGalleries(ctx: SchoolContext, ids: number[]): Promise<Map<number, Gallery>> {
  const found = await repo.findGalleriesWithImages(ctx.db, ctx.domain.id, [...new Set(ids)]);
  return new Map(found.map(({ gallery, images }) => [gallery.id, toGallery(gallery, images, ctx.domain.label)]));
}

/** One gallery of the school (GET /wordpress/galleries/{id}, its edit screen), or null when it has none with that id. */
export async function findGallery(ctx: SchoolContext, id: number): Promise<Gallery | null> {
  return (await findGalleries(ctx, [id])).get(id) ?? null;
}

/** POST /gallery/new */
export async function createGallery(ctx: SchoolContext, title: string): Promise<{ id: number }> {
  return { id: await repo.insertGallery(ctx.db, ctx.domain.id, title, ctx.now) };
}

/** GET /wordpress/galleries: newest first, each with its images; paged like every website list. */
export async function listGalleries(ctx: SchoolContext, page: number, limit: number): Promise<{ galleries: Gallery[]; total_pages: number; total: number }> {
  const [rows, total] = await Promise.all([
    repo.listGalleries(ctx.db, ctx.domain.id, limit, (page - 1) * limit),
    repo.countGalleries(ctx.db, ctx.domain.id),
  ]);
  const images = await repo.listAttachedImages(
    ctx.db,
    ctx.domain.id,
    rows.map((r) => r.id),
  );
  const galleries = rows.map((row) =>
    toGallery(
      row,
      images.filter((img) => img.gallery_id === row.id),
      ctx.domain.label,
    ),
  );
  return { galleries, total_pages: totalPages(total, limit), total };
}

/** GET /wordpress/galleries/min: the editor's Insert Gallery menu. */
export async function listGalleryTitles(ctx: SchoolContext): Promise<Array<{ id: number; post_title: string }>> {
  const rows = await repo.listGalleryTitles(ctx.db, ctx.domain.id);
  return rows.map((r) => ({ id: r.id, post_title: r.title }));
}

async function requireGallery(ctx: SchoolContext, galleryId: number): Promise<void> {
  if (!(await repo.findGallery(ctx.db, ctx.domain.id, galleryId))) throw new Refusal(404, 'not_found', MEDIA_MESSAGES.galleryNotFound);
}

/** POST /gallery/upload: an image for the gallery's grid, pending until the gallery is saved. */
export async function uploadGalleryImage(ctx: SchoolContext, dataDir: string, galleryId: number, upload: Upload): Promise<GalleryImage> {
  await requireGallery(ctx, galleryId);
  const stored = await storeUpload(ctx, dataDir, upload, { imagesOnly: true, titleFallback: 'Image', pendingFor: galleryId });
  return { id: stored.id, src: stored.src, title: stored.title, alt: stored.title, caption: '' };
}

/**
 * POST /gallery/update: `uploaded` is the grid in order. Listed images are attached at those
 * positions; images already in the gallery but not listed keep their order after them. Every
 * id must be this school's image, pending or already in this gallery, or nothing changes.
 * `images` sets alt texts and captions of the gallery's images (after the attaching, so fresh
 * uploads can have theirs in the same save), in the same transaction: all or nothing.
 */
export async function updateGallery(ctx: SchoolContext, galleryId: number, uploaded: number[], images: GalleryImageTexts[] = []): Promise<void> {
  if (new Set(uploaded).size !== uploaded.length) throw new Refusal(400, 'invalid', 'Each image can be listed only once.');
  if (new Set(images.map((i) => i.id)).size !== images.length) throw new Refusal(400, 'invalid', 'Each image’s texts can be given only once.');
  await inTransaction(ctx, async (trx) => {
    const { db, domain } = trx;
    await requireGallery(trx, galleryId);
    const rows = await mediaRepo.findMediaByIds(db, domain.id, uploaded);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of uploaded) {
      const row = byId.get(id);
      if (!row) throw new Refusal(404, 'not_found', `Image ${id} was not found.`);
      if (row.kind !== 'image' || (row.status !== 'pending' && row.gallery_id !== galleryId)) {
        throw new Refusal(400, 'invalid', `Image ${id} cannot be added to this gallery.`);
      }
    }
    const listed = new Set(uploaded);
    const rest = (await mediaRepo.attachedImageIds(db, domain.id, galleryId)).filter((id) => !listed.has(id));
    const order = [...uploaded, ...rest];
    for (const [position, id] of order.entries()) await mediaRepo.placeInGallery(db, domain.id, id, galleryId, position);
    const inGallery = new Set(order);
    const strangers = images.filter((i) => !inGallery.has(i.id)).map((i) => i.id);
    const known = new Set((await mediaRepo.findMediaByIds(db, domain.id, strangers)).map((r) => r.id));
    const stranger = strangers[0];
    if (stranger !== undefined) {
      throw known.has(stranger) ? new Refusal(400, 'invalid', `Image ${stranger} is not in this gallery.`) : new Refusal(404, 'not_found', `Image ${stranger} was not found.`);
    }
    for (const { id, alt, caption } of images) await repo.setImageTexts(db, domain.id, galleryId, id, { alt, caption });
  });
}

/** POST /gallery/remove: deletes the image (pending or attached) and its files at once. */
export async function removeGalleryImage(ctx: SchoolContext, dataDir: string, galleryId: number, id: number): Promise<void> {
  const fileName = await inTransaction(ctx, async (trx) => {
    await requireGallery(trx, galleryId);
    const row = await mediaRepo.findMedia(trx.db, trx.domain.id, id);
    if (!row || row.gallery_id !== galleryId) throw new Refusal(404, 'not_found', MEDIA_MESSAGES.imageNotFound);
    await mediaRepo.deleteMedia(trx.db, trx.domain.id, id);
    return row.file_name;
  });
  // Files go after the commit: a failed delete must never leave a row pointing at nothing.
  await removeStoredFiles(dataDir, ctx.domain.id, fileName);
}

/**
 * POST /gallery/delete (beyond the spec): the gallery and every image of it, attached or pending,
 * in one transaction; their files after the commit, each by its school's folder and the name the
 * server gave it (a school's delete never reaches another's files). A page's `[gallery_slider]`
 * of it then shows nothing.
 */
export async function deleteGallery(ctx: SchoolContext, dataDir: string, id: number): Promise<void> {
  const files = await inTransaction(ctx, async (trx) => {
    await requireGallery(trx, id);
    const removed = await mediaRepo.deleteGalleryMedia(trx.db, trx.domain.id, id);
    if (!(await repo.deleteGallery(trx.db, trx.domain.id, id))) throw new Refusal(404, 'not_found', MEDIA_MESSAGES.galleryNotFound);
    return removed.map((row) => row.file_name);
  });
  // Files go after the commit: a failed delete must never leave a row pointing at nothing.
  for (const fileName of files) await removeStoredFiles(dataDir, ctx.domain.id, fileName);
}
