import type { Db } from '../../../../../platform/db';
import type { WebsiteAutosaveTable, WebsitePreviewTable } from '../schema';

/**
 * All SQL of revisions, autosaves, previews and the preview key. Every function takes the
 * database (or the save's transaction) first and the school's domain id, and every query is
 * scoped by it (the key is the server's, not a school's). Portable SQL only.
 */

export type ItemKind = 'post' | 'page';

export interface RevisionRow {
  id: number;
  post_id: number;
  kind: ItemKind;
  title: string;
  content: string;
  categories: string | null;
  saved_at: number;
  author: string | null;
}

export interface RevisionSummaryRow {
  id: number;
  title: string;
  saved_at: number;
  author: string | null;
}

export async function insertRevision(
  db: Db,
  domainId: number,
  row: { post_id: number; user_id: number | null; title: string; content: string; categories: string | null; parent_id: number | null; saved_at: number },
): Promise<void> {
  await db
    .insertInto('website_revisions')
    .values({ domain_id: domainId, ...row })
    .execute();
}

export async function hasRevisions(db: Db, domainId: number, postId: number): Promise<boolean> {
  const row = await db.selectFrom('website_revisions').select('id').where('domain_id', '=', domainId).where('post_id', '=', postId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Removes all but the newest `keep` revisions of an item. */
export async function trimRevisions(db: Db, domainId: number, postId: number, keep: number): Promise<void> {
  const kept = db
    .selectFrom('website_revisions')
    .select('id')
    .where('domain_id', '=', domainId)
    .where('post_id', '=', postId)
    .orderBy('id', 'desc')
    .limit(keep);
  // The newest `keep` ids, read first: a LIMIT inside IN is not portable (MySQL) and reads no better.
  const ids = (await kept.execute()).map((r) => r.id);
  if (ids.length < keep) return;
  await db.deleteFrom('website_revisions').where('domain_id', '=', domainId).where('post_id', '=', postId).where('id', 'not in', ids).execute();
}

/** An item's revisions, newest first, with their authors' names. */
export async function listRevisions(db: Db, domainId: number, postId: number, limit: number): Promise<RevisionSummaryRow[]> {
  const rows = await db
    .selectFrom('website_revisions as r')
    .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'r.user_id').onRef('u.domain_id', '=', 'r.domain_id'))
    .select(['r.id', 'r.title', 'r.saved_at', 'u.name as author'])
    .where('r.domain_id', '=', domainId)
    .where('r.post_id', '=', postId)
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, saved_at: Number(r.saved_at), author: r.author ?? null }));
}

export async function findRevision(db: Db, domainId: number, id: number): Promise<RevisionRow | undefined> {
  const row = await db
    .selectFrom('website_revisions as r')
    .innerJoin('website_posts as p', (join) => join.onRef('p.id', '=', 'r.post_id').onRef('p.domain_id', '=', 'r.domain_id'))
    .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'r.user_id').onRef('u.domain_id', '=', 'r.domain_id'))
    .select(['r.id', 'r.post_id', 'p.type as kind', 'r.title', 'r.content', 'r.categories', 'r.saved_at', 'u.name as author'])
    .where('r.domain_id', '=', domainId)
    .where('r.id', '=', id)
    .executeTakeFirst();
  return row && { ...row, saved_at: Number(row.saved_at), author: row.author ?? null };
}

/** The category names of these ids (the school's only), in no particular order. */
export async function categoryNamesOf(db: Db, domainId: number, ids: number[]): Promise<Array<{ id: number; name: string }>> {
  if (ids.length === 0) return [];
  return db.selectFrom('website_categories').select(['id', 'name']).where('domain_id', '=', domainId).where('id', 'in', ids).execute();
}

// Autosaves

export interface AutosaveKey {
  userId: number;
  kind: ItemKind;
  /** The item's id; null for one not created yet. */
  postId: number | null;
}

const slotOf = (postId: number | null) => postId ?? 0;

export type AutosaveRow = Pick<WebsiteAutosaveTable, 'title' | 'content' | 'saved_at'>;

/** Writes the user's one autosave of the item, replacing the one before. */
export async function upsertAutosave(db: Db, domainId: number, key: AutosaveKey, draft: AutosaveRow): Promise<void> {
  await db
    .insertInto('website_autosaves')
    .values({ domain_id: domainId, user_id: key.userId, kind: key.kind, post_id: key.postId, slot: slotOf(key.postId), ...draft })
    .onConflict((oc) => oc.columns(['domain_id', 'user_id', 'kind', 'slot']).doUpdateSet(draft))
    .execute();
}

export async function findAutosave(db: Db, domainId: number, key: AutosaveKey): Promise<AutosaveRow | undefined> {
  const row = await db
    .selectFrom('website_autosaves')
    .select(['title', 'content', 'saved_at'])
    .where('domain_id', '=', domainId)
    .where('user_id', '=', key.userId)
    .where('kind', '=', key.kind)
    .where('slot', '=', slotOf(key.postId))
    .executeTakeFirst();
  return row && { ...row, saved_at: Number(row.saved_at) };
}

export async function deleteAutosave(db: Db, domainId: number, key: AutosaveKey): Promise<void> {
  await db
    .deleteFrom('website_autosaves')
    .where('domain_id', '=', domainId)
    .where('user_id', '=', key.userId)
    .where('kind', '=', key.kind)
    .where('slot', '=', slotOf(key.postId))
    .execute();
}

// Previews

export type NewPreviewRow = Omit<WebsitePreviewTable, 'id' | 'domain_id'>;
export type PreviewRow = NewPreviewRow & { id: number };

export async function insertPreview(db: Db, domainId: number, row: NewPreviewRow): Promise<number> {
  const inserted = await db
    .insertInto('website_previews')
    .values({ domain_id: domainId, ...row })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** A user's previews whose links have run out: they can never be shown again. */
export async function deleteExpiredPreviews(db: Db, domainId: number, userId: number, now: number): Promise<void> {
  await db.deleteFrom('website_previews').where('domain_id', '=', domainId).where('user_id', '=', userId).where('expires_at', '<=', now).execute();
}

export async function findPreview(db: Db, domainId: number, id: number): Promise<PreviewRow | undefined> {
  const row = await db.selectFrom('website_previews').selectAll().where('domain_id', '=', domainId).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const { domain_id: _domain, ...rest } = row;
  return { ...rest, created_at: Number(rest.created_at), expires_at: Number(rest.expires_at) };
}
