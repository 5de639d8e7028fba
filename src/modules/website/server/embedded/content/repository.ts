import { sql, type Insertable } from 'kysely';
import type { Db } from '../../../../../platform/db';
import { containsText, escapeLike } from '../../../../../platform/db/search';
import { MAX_ITEM_TITLE_LENGTH } from '../../../rules';
import type { WebsitePostTable } from '../schema';

/**
 * All SQL of the website content (posts, pages, categories). Every function takes the database
 * (or a transaction) first and the school's domain id, and every query is scoped by it; the one
 * exception is `publishPendingPages` without a domain id, the job that serves every school.
 * Portable SQL only: the same functions must run on PostgreSQL.
 */

export type ItemType = 'post' | 'page';
export type ItemStatus = WebsitePostTable['status'];

export interface ItemRow {
  id: number;
  type: ItemType;
  title: string;
  content: string;
  status: ItemStatus;
  slug: string;
  parent_id: number | null;
  menu_order: number;
  created_at: number;
  modified_at: number;
  /** The stored Locked flag (see `lockedColumn`). */
  locked: boolean;
}

const ITEM_COLUMNS = ['id', 'type', 'title', 'content', 'status', 'slug', 'parent_id', 'menu_order', 'created_at', 'modified_at', 'locked'] as const;

function toItem(row: Omit<ItemRow, 'locked'> & { locked: number | boolean }): ItemRow {
  return {
    ...row,
    created_at: Number(row.created_at),
    modified_at: Number(row.modified_at),
    menu_order: Number(row.menu_order),
    locked: Number(row.locked) === 1,
  };
}

/** A row of a list screen: what the table shows, and whether the editor may open it; never the content. */
export interface ItemSummaryRow {
  id: number;
  title: string;
  status: ItemStatus;
  slug: string;
  created_at: number;
  modified_at: number;
  locked: boolean;
}

/**
 * The `locked` column, set once when the item is written first and never recomputed from its
 * content: only content that came from outside the portal (the WXR import, which passes
 * `isLockedContent`, and so the demo seed) is Locked. Content written in the editor is not, even
 * when someone types a marker ('[vc_row', 'border-collapse:') into it: they would lock
 * themselves out of their own post. (The editor never opens a Locked item, so no save of the
 * editor's can turn a Locked item's column back either.)
 */
function lockedColumn(locked: boolean | undefined) {
  return { locked: locked ? 1 : 0 };
}

export interface ItemFilter {
  /** Lowercased title text to find anywhere in the title. */
  search?: string | undefined;
  /** Only items with one of these statuses. */
  statuses?: ItemStatus[] | undefined;
  /** Only items dated at or before this moment (unix seconds): the public site leaves out posts dated in the future. */
  datedBy?: number | undefined;
}

function filtered(db: Db, domainId: number, type: ItemType, filter: ItemFilter) {
  let query = db.selectFrom('website_posts').where('domain_id', '=', domainId).where('type', '=', type);
  if (filter.search) query = query.where(containsText('title_search', filter.search));
  if (filter.statuses) query = query.where('status', 'in', filter.statuses);
  if (filter.datedBy !== undefined) query = query.where('created_at', '<=', filter.datedBy);
  return query;
}

/** A list's order: by creation, last change or title (its lowercased search column), then by id the same way. */
export interface ItemOrder {
  order: 'created' | 'modified' | 'title';
  /** Dates default to newest first, titles to A–Z. */
  direction?: 'asc' | 'desc' | undefined;
}

function orderOf({ order, direction }: ItemOrder) {
  const column = order === 'created' ? 'created_at' : order === 'modified' ? 'modified_at' : 'title_search';
  return { column, dir: direction ?? (order === 'title' ? 'asc' : 'desc') } as const;
}

export async function countItems(db: Db, domainId: number, type: ItemType, filter: ItemFilter = {}): Promise<number> {
  const row = await filtered(db, domainId, type, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of items in the given order (posts: newest first by default; pages: last modified first). */
export async function listItems(
  db: Db,
  domainId: number,
  type: ItemType,
  options: ItemFilter & ItemOrder & { offset: number; limit: number },
): Promise<ItemRow[]> {
  const { column, dir } = orderOf(options);
  const rows = await filtered(db, domainId, type, options)
    .select(ITEM_COLUMNS)
    .orderBy(column, dir)
    .orderBy('id', dir)
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  return rows.map(toItem);
}

/** One page of a list screen's rows (same order as `listItems`), with the stored `locked` instead of the content. */
export async function listItemSummaries(
  db: Db,
  domainId: number,
  type: ItemType,
  options: ItemFilter & ItemOrder & { offset: number; limit: number },
): Promise<ItemSummaryRow[]> {
  const { column, dir } = orderOf(options);
  const rows = await filtered(db, domainId, type, options)
    .select(['id', 'title', 'status', 'slug', 'created_at', 'modified_at', 'locked'])
    .orderBy(column, dir)
    .orderBy('id', dir)
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  return rows.map((r) => ({ ...r, created_at: Number(r.created_at), modified_at: Number(r.modified_at), locked: Number(r.locked) === 1 }));
}

export async function findItem(db: Db, domainId: number, type: ItemType, id: number): Promise<ItemRow | undefined> {
  const row = await db
    .selectFrom('website_posts')
    .select(ITEM_COLUMNS)
    .where('domain_id', '=', domainId)
    .where('type', '=', type)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toItem(row);
}

export async function findItemBySlug(db: Db, domainId: number, type: ItemType, slug: string): Promise<ItemRow | undefined> {
  const row = await db
    .selectFrom('website_posts')
    .select(ITEM_COLUMNS)
    .where('domain_id', '=', domainId)
    .where('type', '=', type)
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row && toItem(row);
}

/** Pages with exactly this title, oldest first. */
export async function findPagesByTitle(db: Db, domainId: number, title: string): Promise<Array<{ id: number; title: string }>> {
  return db
    .selectFrom('website_posts')
    .select(['id', 'title'])
    .where('domain_id', '=', domainId)
    .where('type', '=', 'page')
    .where('title', '=', title)
    .orderBy('id', 'asc')
    .execute();
}

/** Id, parent and title of every page of a school (menus, ancestry checks). */
export async function listPageTree(
  db: Db,
  domainId: number,
  statuses?: ItemStatus[],
): Promise<Array<{ id: number; title: string; slug: string; parent_id: number | null; menu_order: number }>> {
  let query = db
    .selectFrom('website_posts')
    .select(['id', 'title', 'slug', 'parent_id', 'menu_order'])
    .where('domain_id', '=', domainId)
    .where('type', '=', 'page');
  if (statuses) query = query.where('status', 'in', statuses);
  const rows = await query.execute();
  return rows.map((r) => ({ ...r, menu_order: Number(r.menu_order) }));
}

/** Slugs of this type equal to `base` or starting with `base-` (for picking the next free one). */
export async function slugsLike(db: Db, domainId: number, type: ItemType, base: string): Promise<string[]> {
  const pattern = `${escapeLike(base)}-%`;
  const rows = await db
    .selectFrom('website_posts')
    .select('slug')
    .where('domain_id', '=', domainId)
    .where('type', '=', type)
    .where((eb) => eb.or([eb('slug', '=', base), sql<boolean>`${sql.ref('slug')} like ${pattern} escape '\\'`]))
    .execute();
  return rows.map((r) => r.slug);
}

export async function allSlugs(db: Db, domainId: number, type: ItemType): Promise<Set<string>> {
  const rows = await db
    .selectFrom('website_posts')
    .select('slug')
    .where('domain_id', '=', domainId)
    .where('type', '=', type)
    .execute();
  return new Set(rows.map((r) => r.slug));
}

export type NewItem = Omit<Insertable<WebsitePostTable>, 'domain_id' | 'id' | 'title_search' | 'locked'> & {
  /** Locked (see `lockedColumn`): the import says so; the editor's items never are. */
  locked?: boolean;
};

/**
 * The search column follows the title on every write, so the two can never disagree. Lowercasing
 * can lengthen a title ('İ' becomes two characters): the column keeps its first 1000, as
 * PostgreSQL's varchar(1000) holds no more.
 */
function searchable(title: string) {
  const lower = title.toLowerCase();
  return { title, title_search: lower.length <= MAX_ITEM_TITLE_LENGTH ? lower : Array.from(lower).slice(0, MAX_ITEM_TITLE_LENGTH).join('') };
}

export async function insertItem(db: Db, domainId: number, item: NewItem): Promise<number> {
  const row = await db
    .insertInto('website_posts')
    .values({ ...item, ...searchable(item.title), ...lockedColumn(item.locked), domain_id: domainId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateItem(
  db: Db,
  domainId: number,
  type: ItemType,
  id: number,
  patch: Partial<Pick<ItemRow, 'title' | 'content' | 'status' | 'parent_id' | 'modified_at'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('website_posts')
    .set({ ...patch, ...(patch.title === undefined ? {} : searchable(patch.title)) })
    .where('domain_id', '=', domainId)
    .where('type', '=', type)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The same change as `updateItem`, answering the row as it now is (one statement), or undefined when the school has no such item. */
export async function updateItemReturning(
  db: Db,
  domainId: number,
  type: ItemType,
  id: number,
  patch: Partial<Pick<ItemRow, 'status' | 'modified_at'>>,
): Promise<ItemRow | undefined> {
  const row = await db
    .updateTable('website_posts')
    .set(patch)
    .where('domain_id', '=', domainId)
    .where('type', '=', type)
    .where('id', '=', id)
    .returning(ITEM_COLUMNS)
    .executeTakeFirst();
  return row && toItem(row);
}

export async function deleteItem(db: Db, domainId: number, type: ItemType, id: number): Promise<boolean> {
  return (await deleteItems(db, domainId, type, [id])) > 0;
}

/** Sets the status of these items of the school; answers how many it changed (fewer than asked: some are not the school's). */
export async function setItemsStatus(db: Db, domainId: number, type: ItemType, ids: number[], patch: Pick<ItemRow, 'status' | 'modified_at'>): Promise<number> {
  const result = await db
    .updateTable('website_posts')
    .set(patch)
    .where('domain_id', '=', domainId)
    .where('type', '=', type)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes these items of the school and their category links; answers how many items it deleted. */
export async function deleteItems(db: Db, domainId: number, type: ItemType, ids: number[]): Promise<number> {
  await db
    .deleteFrom('website_post_categories')
    .where('post_id', 'in', (eb) =>
      eb.selectFrom('website_posts').select('id').where('domain_id', '=', domainId).where('type', '=', type).where('id', 'in', ids),
    )
    .execute();
  const result = await db
    .deleteFrom('website_posts')
    .where('domain_id', '=', domainId)
    .where('type', '=', type)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Publishes pending pages created at or before `createdBefore`: of one school, or of every
 * school when no domain id is given (the periodic job). Returns how many it published.
 */
export async function publishPendingPages(db: Db, createdBefore: number, domainId?: number): Promise<number> {
  let query = db
    .updateTable('website_posts')
    .set({ status: 'publish' })
    .where('type', '=', 'page')
    .where('status', '=', 'pending')
    .where('created_at', '<=', createdBefore);
  if (domainId !== undefined) query = query.where('domain_id', '=', domainId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// Categories

export async function listCategories(db: Db, domainId: number): Promise<Array<{ id: number; name: string; slug: string }>> {
  return db
    .selectFrom('website_categories')
    .select(['id', 'name', 'slug'])
    .where('domain_id', '=', domainId)
    .orderBy('name', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export async function findCategoriesByIds(db: Db, domainId: number, ids: number[]): Promise<Array<{ id: number; name: string }>> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('website_categories')
    .select(['id', 'name'])
    .where('domain_id', '=', domainId)
    .where('id', 'in', ids)
    .execute();
}

export async function insertCategory(db: Db, domainId: number, category: { name: string; slug: string }): Promise<number> {
  const row = await db
    .insertInto('website_categories')
    .values({ domain_id: domainId, name: category.name, slug: category.slug })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The category names of each item, for items of this school. */
export async function categoriesOf(
  db: Db,
  domainId: number,
  itemIds: number[],
): Promise<Array<{ post_id: number; id: number; name: string }>> {
  if (itemIds.length === 0) return [];
  return db
    .selectFrom('website_post_categories as pc')
    .innerJoin('website_categories as c', 'c.id', 'pc.category_id')
    .innerJoin('website_posts as p', 'p.id', 'pc.post_id')
    .select(['pc.post_id', 'c.id', 'c.name'])
    // Unary plus: the school checks must not be index lookups, or SQLite walks all of the
    // school's categories (or posts) and probes each; driven by the ids, it reads only their rows
    // (a page of ten: 121 -> 16 µs).
    .where(sql<number>`+${sql.ref('c.domain_id')}`, '=', domainId)
    .where(sql<number>`+${sql.ref('p.domain_id')}`, '=', domainId)
    .where('pc.post_id', 'in', itemIds)
    .orderBy('c.name', 'asc')
    .orderBy('c.id', 'asc')
    .execute();
}

/** Replaces an item's categories; the caller has checked that item and categories are the school's. */
export async function setItemCategories(db: Db, domainId: number, itemId: number, categoryIds: number[]): Promise<void> {
  await db
    .deleteFrom('website_post_categories')
    .where('post_id', 'in', (eb) => eb.selectFrom('website_posts').select('id').where('domain_id', '=', domainId).where('id', '=', itemId))
    .execute();
  if (categoryIds.length === 0) return;
  await db
    .insertInto('website_post_categories')
    .values(categoryIds.map((category_id) => ({ post_id: itemId, category_id })))
    .execute();
}


/**
 * When the school's next future-dated published post falls due (the earliest `created_at` after
 * `after`), or null when none waits: until then the public site's pages cannot change by time alone.
 */
/** The school's site version: moved by database triggers on every change to its content (migration 0005). */
export async function siteVersion(db: Db, domainId: number): Promise<number> {
  const row = await db.selectFrom('website_site_versions').select('version').where('domain_id', '=', domainId).executeTakeFirst();
  return row ? Number(row.version) : 0;
}

export async function nextDuePostAt(db: Db, domainId: number, after: number): Promise<number | null> {
  const row = await db
    .selectFrom('website_posts')
    .select((eb) => eb.fn.min<number>('created_at').as('at'))
    .where('domain_id', '=', domainId)
    .where('type', '=', 'post')
    .where('status', '=', 'publish')
    .where('created_at', '>', after)
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}
