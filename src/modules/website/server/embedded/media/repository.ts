import type { Insertable } from 'kysely';
import type { Db } from '../../../../../platform/db';
import type { WebsiteMediaTable } from '../schema';

/** All SQL on website_media. Every function but the cross-school clean-up takes the domain id. */

export interface MediaRow {
  id: number;
  kind: 'image' | 'file';
  file_name: string;
  status: 'pending' | 'attached';
  gallery_id: number | null;
}

const MEDIA_COLUMNS = ['id', 'kind', 'file_name', 'status', 'gallery_id'] as const;

export async function insertMedia(db: Db, row: Insertable<WebsiteMediaTable>): Promise<number> {
  const inserted = await db.insertInto('website_media').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export function findMedia(db: Db, domainId: number, id: number): Promise<MediaRow | undefined> {
  return db.selectFrom('website_media').select(MEDIA_COLUMNS).where('domain_id', '=', domainId).where('id', '=', id).executeTakeFirst();
}

export async function findMediaByIds(db: Db, domainId: number, ids: number[]): Promise<MediaRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('website_media').select(MEDIA_COLUMNS).where('domain_id', '=', domainId).where('id', 'in', ids).execute();
}

/** Ids of a gallery's attached images in their current grid order. */
export async function attachedImageIds(db: Db, domainId: number, galleryId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('website_media')
    .select('id')
    .where('domain_id', '=', domainId)
    .where('gallery_id', '=', galleryId)
    .where('status', '=', 'attached')
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function placeInGallery(db: Db, domainId: number, id: number, galleryId: number, position: number): Promise<void> {
  await db
    .updateTable('website_media')
    .set({ status: 'attached', gallery_id: galleryId, position })
    .where('domain_id', '=', domainId)
    .where('id', '=', id)
    .execute();
}

export async function deleteMedia(db: Db, domainId: number, id: number): Promise<void> {
  await db.deleteFrom('website_media').where('domain_id', '=', domainId).where('id', '=', id).execute();
}

/** Deletes every image of a school's gallery, attached or pending, and returns their file names so the files can follow. */
export function deleteGalleryMedia(db: Db, domainId: number, galleryId: number): Promise<Array<{ file_name: string }>> {
  return db.deleteFrom('website_media').where('domain_id', '=', domainId).where('gallery_id', '=', galleryId).returning(['file_name']).execute();
}

/**
 * Deletes the pending uploads created before `before`, across all schools (a maintenance job,
 * not a request), and returns what was deleted so the files can follow. The status condition
 * sits in the same statement, so an upload attached meanwhile is never removed.
 */
export function deleteStalePending(db: Db, before: number): Promise<Array<{ domain_id: number; file_name: string }>> {
  return db
    .deleteFrom('website_media')
    .where('status', '=', 'pending')
    .where('created_at', '<', before)
    .returning(['domain_id', 'file_name'])
    .execute();
}

/** The stored file behind a public address: the school by its label, the file by its name. */
export function findByPublicName(
  db: Db,
  schoolLabel: string,
  fileName: string,
): Promise<{ domain_id: number; kind: 'image' | 'file'; mime_type: string; original_name: string } | undefined> {
  return db
    .selectFrom('website_media')
    .innerJoin('domains', 'domains.id', 'website_media.domain_id')
    .select(['website_media.domain_id', 'website_media.kind', 'website_media.mime_type', 'website_media.original_name'])
    .where('domains.label', '=', schoolLabel)
    .where('website_media.file_name', '=', fileName)
    .executeTakeFirst();
}
