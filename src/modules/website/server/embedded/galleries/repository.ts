import type { Db } from '../../../../../platform/db';

/**
 * All SQL on website_galleries. Every function takes the domain id: a gallery of another school
 * is simply not found.
 */

export interface GalleryRow {
  id: number;
  title: string;
  created_at: number;
}

export interface GalleryImageRow {
  id: number;
  gallery_id: number;
  title: string;
  file_name: string;
  /** '' means the title stands in. */
  alt: string;
  caption: string;
}

export async function findGallery(db: Db, domainId: number, id: number): Promise<GalleryRow | undefined> {
  const row = await db
    .selectFrom('website_galleries')
    .select(['id', 'title', 'created_at'])
    .where('domain_id', '=', domainId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...row, created_at: Number(row.created_at) };
}

export async function insertGallery(db: Db, domainId: number, title: string, now: number): Promise<number> {
  const row = await db
    .insertInto('website_galleries')
    .values({ domain_id: domainId, title, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes a gallery of the school; answers whether there was one. */
export async function deleteGallery(db: Db, domainId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('website_galleries').where('domain_id', '=', domainId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countGalleries(db: Db, domainId: number): Promise<number> {
  const row = await db
    .selectFrom('website_galleries')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('domain_id', '=', domainId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Newest first; the id breaks ties between galleries created in the same second. */
export async function listGalleries(db: Db, domainId: number, limit: number, offset: number): Promise<GalleryRow[]> {
  const rows = await db
    .selectFrom('website_galleries')
    .select(['id', 'title', 'created_at'])
    .where('domain_id', '=', domainId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({ ...r, created_at: Number(r.created_at) }));
}

/** Every gallery's id and title, newest first (the editor's Insert Gallery menu). */
export function listGalleryTitles(db: Db, domainId: number): Promise<Array<{ id: number; title: string }>> {
  return db
    .selectFrom('website_galleries')
    .select(['id', 'title'])
    .where('domain_id', '=', domainId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The attached images of some galleries, in grid order (pending uploads are not part of a gallery yet). */
export async function listAttachedImages(db: Db, domainId: number, galleryIds: number[]): Promise<GalleryImageRow[]> {
  if (galleryIds.length === 0) return [];
  const rows = await db
    .selectFrom('website_media')
    .select(['id', 'gallery_id', 'title', 'file_name', 'alt', 'caption'])
    .where('domain_id', '=', domainId)
    .where('gallery_id', 'in', galleryIds)
    .where('status', '=', 'attached')
    .orderBy('gallery_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.flatMap((r) => (r.gallery_id === null ? [] : [{ ...r, gallery_id: r.gallery_id }]));
}

/**
 * Some galleries of a school with their attached images (grid order), in one query: the public
 * site renders every slider of a post or page from it, and the edit screen its one gallery.
 * Ids the school has no gallery for are simply not in the answer.
 */
export async function findGalleriesWithImages(
  db: Db,
  domainId: number,
  ids: number[],
): Promise<Array<{ gallery: GalleryRow; images: GalleryImageRow[] }>> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('website_galleries as g')
    .leftJoin('website_media as m', (join) =>
      join.onRef('m.gallery_id', '=', 'g.id').onRef('m.domain_id', '=', 'g.domain_id').on('m.status', '=', 'attached'),
    )
    .select(['g.id', 'g.title', 'g.created_at', 'm.id as image_id', 'm.title as image_title', 'm.file_name', 'm.alt', 'm.caption'])
    .where('g.domain_id', '=', domainId)
    .where('g.id', 'in', ids)
    .orderBy('g.id')
    .orderBy('m.position')
    .orderBy('m.id')
    .execute();
  const found = new Map<number, { gallery: GalleryRow; images: GalleryImageRow[] }>();
  for (const row of rows) {
    let entry = found.get(row.id);
    if (!entry) {
      entry = { gallery: { id: row.id, title: row.title, created_at: Number(row.created_at) }, images: [] };
      found.set(row.id, entry);
    }
    if (row.image_id !== null && row.image_title !== null && row.file_name !== null) {
      const image = { id: row.image_id, gallery_id: row.id, title: row.image_title, file_name: row.file_name };
      entry.images.push({ ...image, alt: row.alt ?? '', caption: row.caption ?? '' });
    }
  }
  return [...found.values()];
}

/**
 * Sets one image's alt text and caption: only an image of this school in this gallery. Unchanged
 * texts touch no row, so the site-version triggers (and the public page cache) stay put.
 */
export async function setImageTexts(db: Db, domainId: number, galleryId: number, id: number, texts: { alt: string; caption: string }): Promise<void> {
  await db
    .updateTable('website_media')
    .set({ alt: texts.alt, caption: texts.caption })
    .where('domain_id', '=', domainId)
    .where('gallery_id', '=', galleryId)
    .where('id', '=', id)
    .where((eb) => eb.or([eb('alt', '<>', texts.alt), eb('caption', '<>', texts.caption)]))
    .execute();
}
