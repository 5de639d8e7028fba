import type { Db } from '../db';
import type { Gallery, GalleryImage } from '../../contracts/website';
import { MEDIA_MESSAGES } from '../media/errors';
import { Refusal } from '../errors';
import { removeStoredFiles } from '../media/store';
import { uploadUrl } from '../media/urls';
import { storeUpload, type MediaContext, type School, type Upload } from './media-service';
import * as mediaRepo from './media-repository';
import type { GalleryImageRow, GalleryRow } from './gallery-repository';
import * as repo from './gallery-repository';
import { findSchoolById } from '../account/service';
import { totalPages } from '../../contracts/website';

/** A gallery as the contract shows it: its attached images in grid order, addresses on the school's uploads path. */
export function toGallery(row: GalleryRow, images: GalleryImageRow[], schoolLabel: string): Gallery {
  return {
    id: row.id,
    post_title: row.title,
    post_date: new Date(row.created_at * 1000).toISOString(),
    gallery_data: {
      gallery: images.map((img) => ({ id: img.id, src: uploadUrl(schoolLabel, img.file_name), title: img.title })),
    },
  };
}

/**
 * One gallery of a school, or null when the school has no gallery with that id. Used by the
 * gallery edit screen and by the public site's gallery slider shortcode.
 */
export async function getGallery(db: Db, domainId: number, id: number): Promise<Gallery | null> {
  const row = await repo.findGallery(db, domainId, id);
  if (!row) return null;
  const [images, school] = await Promise.all([repo.listAttachedImages(db, domainId, [row.id]), findSchoolById(db, domainId)]);
  if (!school) return null;
  return toGallery(row, images, school.label);
}

export async function createGallery(db: Db, domainId: number, title: string, now: number): Promise<{ id: number }> {
  return { id: await repo.insertGallery(db, domainId, title, now) };
}

/** GET /wordpress/galleries: newest first, each with its images; paged like every website list. */
export async function listGalleries(
  db: Db,
  school: School,
  page: number,
  limit: number,
): Promise<{ galleries: Gallery[]; total_pages: number }> {
  const [rows, total] = await Promise.all([
    repo.listGalleries(db, school.id, limit, (page - 1) * limit),
    repo.countGalleries(db, school.id),
  ]);
  const images = await repo.listAttachedImages(
    db,
    school.id,
    rows.map((r) => r.id),
  );
  const galleries = rows.map((row) =>
    toGallery(
      row,
      images.filter((img) => img.gallery_id === row.id),
      school.label,
    ),
  );
  return { galleries, total_pages: totalPages(total, limit) };
}

/** GET /wordpress/galleries/min: the editor's Insert Gallery menu. */
export async function listGalleryTitles(db: Db, domainId: number): Promise<Array<{ id: number; post_title: string }>> {
  const rows = await repo.listGalleryTitles(db, domainId);
  return rows.map((r) => ({ id: r.id, post_title: r.title }));
}

async function requireGallery(db: Db, domainId: number, galleryId: number): Promise<void> {
  if (!(await repo.findGallery(db, domainId, galleryId))) throw new Refusal(404, MEDIA_MESSAGES.galleryNotFound);
}

/** POST /gallery/upload: an image for the gallery's grid, pending until the gallery is saved. */
export async function uploadGalleryImage(ctx: MediaContext, school: School, galleryId: number, upload: Upload): Promise<GalleryImage> {
  await requireGallery(ctx.db, school.id, galleryId);
  const stored = await storeUpload(ctx, school, upload, { imagesOnly: true, titleFallback: 'Image', pendingFor: galleryId });
  return { id: stored.id, src: stored.src, title: stored.title };
}

/**
 * POST /gallery/update: `uploaded` is the grid in order. Listed images are attached at those
 * positions; images already in the gallery but not listed keep their order after them. Every
 * id must be this school's image, pending or already in this gallery, or nothing changes.
 */
export async function updateGallery(db: Db, domainId: number, galleryId: number, uploaded: number[]): Promise<void> {
  if (new Set(uploaded).size !== uploaded.length) throw new Refusal(400, 'Each image can be listed only once.');
  await db.transaction().execute(async (trx) => {
    await requireGallery(trx, domainId, galleryId);
    const rows = await mediaRepo.findMediaByIds(trx, domainId, uploaded);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of uploaded) {
      const row = byId.get(id);
      if (!row) throw new Refusal(404, `Image ${id} was not found.`);
      if (row.kind !== 'image' || (row.status !== 'pending' && row.gallery_id !== galleryId)) {
        throw new Refusal(400, `Image ${id} cannot be added to this gallery.`);
      }
    }
    const listed = new Set(uploaded);
    const rest = (await mediaRepo.attachedImageIds(trx, domainId, galleryId)).filter((id) => !listed.has(id));
    const order = [...uploaded, ...rest];
    for (const [position, id] of order.entries()) await mediaRepo.placeInGallery(trx, domainId, id, galleryId, position);
  });
}

/** POST /gallery/remove: deletes the image (pending or attached) and its files at once. */
export async function removeGalleryImage(ctx: Omit<MediaContext, 'now'>, domainId: number, galleryId: number, id: number): Promise<void> {
  const fileName = await ctx.db.transaction().execute(async (trx) => {
    await requireGallery(trx, domainId, galleryId);
    const row = await mediaRepo.findMedia(trx, domainId, id);
    if (!row || row.gallery_id !== galleryId) throw new Refusal(404, MEDIA_MESSAGES.imageNotFound);
    await mediaRepo.deleteMedia(trx, domainId, id);
    return row.file_name;
  });
  // Files go after the commit: a failed delete must never leave a row pointing at nothing.
  await removeStoredFiles(ctx.dataDir, domainId, fileName);
}
