import type { z } from 'zod';
import { isUniqueViolation, lockInTransaction, type Db } from '../db';
import type {
  Category,
  ListQuery,
  MenuItem,
  Page,
  Post,
  ToggleRequest,
  saveRequestSchema,
} from '../../contracts/website';
import { totalPages } from '../../contracts/website';
import { sanitizeContent } from './sanitize';
import { HtmlLimitError } from '../html-limits';
import { Refusal } from '../errors';
import * as repo from './repository';
import type { ItemRow, ItemType } from './repository';
import { findSchoolByLabel } from '../account/service';

/**
 * The embedded CMS behind the Website module: posts, pages (with a parent page) and categories,
 * each school's own. Returns contract types, never rows. Every call that takes an id answers
 * 404 for an id of another school, exactly as for one that does not exist.
 */

/** The school a call acts for: the session's domain (id for the data, label for the URLs). */
export interface SchoolRef {
  id: number;
  label: string;
}

export type SaveInput = z.output<typeof saveRequestSchema>;

const SECONDS_PER_HOUR = 60 * 60;
const MAX_SLUG_LENGTH = 180;
const MAX_TREE_DEPTH = 20;

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const byName = (a: { name: string; id: number }, b: { name: string; id: number }) => collator.compare(a.name, b.name) || a.id - b.id;

/** Runs `work` in a transaction, or in the caller's when `db` already is one (seeding, import). */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * inTransaction, tried again (a new slug is picked) when a concurrent save took the slug first
 * (a unique-constraint clash on either database; a new transaction, as PostgreSQL aborts the old one).
 */
async function inTransactionRetryingSlug<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await inTransaction(db, work);
    } catch (err) {
      if (db.isTransaction || attempt >= 3 || !isUniqueViolation(err)) throw err;
    }
  }
}

// URLs and slugs

function encodeSlug(slug: string): string {
  return encodeURIComponent(slug);
}

export function postUrl(label: string, slug: string): string {
  return `/sites/${label}/posts/${encodeSlug(slug)}`;
}

export function pageUrl(label: string, slug: string): string {
  return `/sites/${label}/${encodeSlug(slug)}`;
}

export function siteUrl(label: string): string {
  return `/sites/${label}`;
}

/** A URL slug of a title: lowercase letters and digits (any script) joined by single hyphens. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const cut = Array.from(slug).slice(0, MAX_SLUG_LENGTH).join('').replace(/-+$/, '');
  return cut || 'untitled';
}

/** `base`, or `base-2`, `base-3`... whichever is free among `taken`. */
export function nextFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Saves and imports that pick a free slug of a school's posts (or pages) take turns until they
 * commit, so two at the same moment never pick the same one (on PostgreSQL; SQLite writes one at a time).
 */
export function lockSlugs(trx: Db, domainId: number, type: ItemType): Promise<void> {
  return lockInTransaction(trx, `website_posts.slug:${domainId}:${type}`);
}

async function uniqueSlug(db: Db, domainId: number, type: ItemType, title: string): Promise<string> {
  await lockSlugs(db, domainId, type);
  const base = slugify(title);
  return nextFreeSlug(base, new Set(await repo.slugsLike(db, domainId, type, base)));
}

const isoDate = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();


function searchOf(query: string | undefined): string | undefined {
  const text = query?.trim().toLowerCase();
  return text ? text : undefined;
}

function toPost(label: string, row: ItemRow, categories: string[]): Post {
  return {
    id: row.id,
    post_title: row.title,
    post_content: row.content,
    post_category: categories.join(', '),
    post_date: isoDate(row.created_at),
    post_status: row.status === 'publish' ? 'publish' : 'draft',
    post_url: postUrl(label, row.slug),
  };
}

function toPage(label: string, row: ItemRow): Page {
  return {
    id: row.id,
    post_title: row.title,
    post_content: row.content,
    post_modified: isoDate(row.modified_at),
    post_url: pageUrl(label, row.slug),
  };
}

async function categoryNames(db: Db, domainId: number, ids: number[]): Promise<Map<number, string[]>> {
  const rows = await repo.categoriesOf(db, domainId, ids);
  const names = new Map<number, Array<{ id: number; name: string }>>();
  for (const row of rows) names.set(row.post_id, [...(names.get(row.post_id) ?? []), { id: row.id, name: row.name }]);
  return new Map([...names].map(([postId, list]) => [postId, list.sort(byName).map((c) => c.name)]));
}

async function postsWithCategories(db: Db, school: SchoolRef, rows: ItemRow[]): Promise<Post[]> {
  const names = await categoryNames(
    db,
    school.id,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toPost(school.label, row, names.get(row.id) ?? []));
}

// Categories

/** GET /wordpress/categories: the school's categories by name. */
export async function listCategories(db: Db, domainId: number): Promise<Category[]> {
  const rows = await repo.listCategories(db, domainId);
  return rows.map(({ id, name }) => ({ id, name })).sort(byName);
}

/** The category with this name (case-insensitive), created when the school has none. */
export async function ensureCategory(db: Db, domainId: number, name: string): Promise<Category> {
  const categories = await repo.listCategories(db, domainId);
  const existing = categories.find((c) => collator.compare(c.name, name) === 0);
  if (existing) return { id: existing.id, name: existing.name };
  const slug = nextFreeSlug(slugify(name), new Set(categories.map((c) => c.slug)));
  return { id: await repo.insertCategory(db, domainId, { name, slug }), name };
}

/** The ids of a save's category map, all of them the school's; another school's or unknown ids are a 400. */
async function checkedCategoryIds(db: Db, domainId: number, category: Record<string, string>): Promise<number[]> {
  const ids = [...new Set(Object.keys(category).map(Number))];
  const found = new Set((await repo.findCategoriesByIds(db, domainId, ids)).map((c) => c.id));
  const unknown = ids.find((id) => !found.has(id));
  if (unknown !== undefined) throw new Refusal(400, `Category ${unknown} does not exist.`);
  return ids;
}

// Posts

/** GET /wordpress/posts: newest first, the school's categories, and the page count. */
export async function listPosts(
  db: Db,
  school: SchoolRef,
  query: ListQuery,
): Promise<{ posts: Post[]; categories: Category[]; total_pages: number }> {
  const search = searchOf(query.query);
  const [total, rows, categories] = await Promise.all([
    repo.countItems(db, school.id, 'post', { search }),
    repo.listItems(db, school.id, 'post', { search, order: 'created', offset: (query.page - 1) * query.limit, limit: query.limit }),
    listCategories(db, school.id),
  ]);
  return { posts: await postsWithCategories(db, school, rows), categories, total_pages: totalPages(total, query.limit) };
}

/** What the editor screen opens: a post or page of the school, or null when it has none with that id. */
export async function findEditorItem(
  db: Db,
  school: SchoolRef,
  kind: ItemType,
  id: number,
): Promise<{ id: number; title: string; content: string; categoryNames?: string } | null> {
  try {
    if (kind === 'post') {
      const post = await getPost(db, school, id);
      return { id: post.id, title: post.post_title, content: post.post_content, categoryNames: post.post_category };
    }
    const page = await getPage(db, school, id);
    return { id: page.id, title: page.post_title, content: page.post_content };
  } catch (error) {
    // Another school's item answers exactly like a missing one.
    if (error instanceof Refusal && error.status === 404) return null;
    throw error;
  }
}

async function requirePost(db: Db, domainId: number, id: number): Promise<ItemRow> {
  const row = await repo.findItem(db, domainId, 'post', id);
  if (!row) throw new Refusal(404, 'That post does not exist.');
  return row;
}

async function requirePage(db: Db, domainId: number, id: number): Promise<ItemRow> {
  const row = await repo.findItem(db, domainId, 'page', id);
  if (!row) throw new Refusal(404, 'That page does not exist.');
  return row;
}

/** GET /wordpress/posts/{id}: one post for the editor. */
export async function getPost(db: Db, school: SchoolRef, id: number): Promise<Post> {
  const [post] = await postsWithCategories(db, school, [await requirePost(db, school.id, id)]);
  if (!post) throw new Refusal(404, 'That post does not exist.');
  return post;
}

/** POST /posts/toggle: publish (isPublic) or hide a post. */
export async function togglePost(db: Db, school: SchoolRef, input: ToggleRequest, now: number): Promise<Post> {
  await requirePost(db, school.id, input.id);
  await repo.updateItem(db, school.id, 'post', input.id, { status: input.isPublic ? 'publish' : 'draft', modified_at: now });
  return getPost(db, school, input.id);
}

/** POST /posts/delete: the post and its category links, together. */
export async function deletePost(db: Db, school: SchoolRef, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await repo.deleteItem(trx, school.id, 'post', id))) throw new Refusal(404, 'That post does not exist.');
  });
}

/**
 * A save's content as stored: sanitised once, here, before the transaction opens (the sanitiser
 * runs on the server's only thread; inside the transaction it would also hold the database).
 * Content beyond the size, depth or element limits is refused before it is parsed, and nothing
 * is written.
 */
function storedContent(html: string): string {
  try {
    return sanitizeContent(html);
  } catch (error) {
    if (error instanceof HtmlLimitError) throw new Refusal(error.reason === 'length' ? 413 : 400, error.message);
    throw error;
  }
}

/** POST /posts/create: a new post, published at once. */
export async function createPost(db: Db, school: SchoolRef, input: SaveInput, now: number): Promise<{ id: number; post_url: string }> {
  const content = storedContent(input.content);
  return inTransactionRetryingSlug(db, async (trx) => {
    const categoryIds = await checkedCategoryIds(trx, school.id, input.category);
    const slug = await uniqueSlug(trx, school.id, 'post', input.title);
    const id = await repo.insertItem(trx, school.id, {
      type: 'post',
      title: input.title,
      content,
      status: 'publish',
      slug,
      parent_id: null,
      menu_order: 0,
      created_at: now,
      modified_at: now,
    });
    await repo.setItemCategories(trx, school.id, id, categoryIds);
    return { id, post_url: postUrl(school.label, slug) };
  });
}

function requireId(input: SaveInput): number {
  if (input.id === undefined || input.id === null) throw new Refusal(400, 'id: an id is required to update.');
  return input.id;
}

/** POST /posts/update: title, content and categories; the status and the URL stay. */
export async function updatePost(db: Db, school: SchoolRef, input: SaveInput, now: number): Promise<{ id: number; post_url: string }> {
  const id = requireId(input);
  const content = storedContent(input.content);
  return inTransaction(db, async (trx) => {
    const row = await requirePost(trx, school.id, id);
    const categoryIds = await checkedCategoryIds(trx, school.id, input.category);
    await repo.updateItem(trx, school.id, 'post', id, {
      title: input.title,
      content,
      modified_at: now,
    });
    await repo.setItemCategories(trx, school.id, id, categoryIds);
    return { id, post_url: postUrl(school.label, row.slug) };
  });
}

// Pages

/** GET /wordpress/pages: last modified first, and the page count. */
export async function listPages(db: Db, school: SchoolRef, query: ListQuery): Promise<{ pages: Page[]; total_pages: number }> {
  const search = searchOf(query.query);
  const [total, rows] = await Promise.all([
    repo.countItems(db, school.id, 'page', { search }),
    repo.listItems(db, school.id, 'page', { search, order: 'modified', offset: (query.page - 1) * query.limit, limit: query.limit }),
  ]);
  return { pages: rows.map((row) => toPage(school.label, row)), total_pages: totalPages(total, query.limit) };
}

/** GET /wordpress/pages/{id}: one page for the editor, with its parent's title. */
export async function getPage(db: Db, school: SchoolRef, id: number): Promise<Page & { parent: string | null }> {
  const row = await requirePage(db, school.id, id);
  const parent = row.parent_id === null ? undefined : await repo.findItem(db, school.id, 'page', row.parent_id);
  return { ...toPage(school.label, row), parent: parent?.title ?? null };
}

/** The ids of a page and every page below it. */
function subtreeIds(pages: Array<{ id: number; parent_id: number | null }>, rootId: number): Set<number> {
  const ids = new Set([rootId]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const page of pages) {
      if (page.parent_id !== null && ids.has(page.parent_id) && !ids.has(page.id)) {
        ids.add(page.id);
        grew = true;
      }
    }
  }
  return ids;
}

/**
 * The page a save's `parent` title names: the school's oldest page of that title that is not the
 * page itself or below it. No page of that title is a 400.
 */
async function parentIdFor(db: Db, domainId: number, title: string, pageId?: number): Promise<number> {
  const candidates = await repo.findPagesByTitle(db, domainId, title);
  if (candidates.length === 0) throw new Refusal(400, `parent: no page is titled "${title}".`);
  const excluded = pageId === undefined ? new Set<number>() : subtreeIds(await repo.listPageTree(db, domainId), pageId);
  const parent = candidates.find((c) => !excluded.has(c.id));
  if (!parent) throw new Refusal(400, 'parent: a page cannot be placed under itself or one of its own sub-pages.');
  return parent.id;
}

function parentTitle(input: SaveInput): string | null {
  return input.parent === null || input.parent === undefined || input.parent.trim() === '' ? null : input.parent;
}

/** POST /pages/create: a new page, held for review (pending) until `publishDuePages` publishes it. */
export async function createPage(db: Db, school: SchoolRef, input: SaveInput, now: number): Promise<{ id: number; post_url: string }> {
  const content = storedContent(input.content);
  return inTransactionRetryingSlug(db, async (trx) => {
    const parent = parentTitle(input);
    const parentId = parent === null ? null : await parentIdFor(trx, school.id, parent);
    const slug = await uniqueSlug(trx, school.id, 'page', input.title);
    const id = await repo.insertItem(trx, school.id, {
      type: 'page',
      title: input.title,
      content,
      status: 'pending',
      slug,
      parent_id: parentId,
      menu_order: 0,
      created_at: now,
      modified_at: now,
    });
    return { id, post_url: pageUrl(school.label, slug) };
  });
}

/**
 * POST /pages/update: title and content; the status and the URL stay. The editor offers the
 * parent for new pages only, so a null parent keeps the page where it is and a title moves it.
 */
export async function updatePage(db: Db, school: SchoolRef, input: SaveInput, now: number): Promise<{ id: number; post_url: string }> {
  const id = requireId(input);
  const content = storedContent(input.content);
  return inTransaction(db, async (trx) => {
    const row = await requirePage(trx, school.id, id);
    const parent = parentTitle(input);
    const parentId = parent === null ? row.parent_id : await parentIdFor(trx, school.id, parent, id);
    await repo.updateItem(trx, school.id, 'page', id, {
      title: input.title,
      content,
      parent_id: parentId,
      modified_at: now,
    });
    return { id, post_url: pageUrl(school.label, row.slug) };
  });
}

/**
 * Publishes pending pages whose review time is over: created `reviewHours` or more before `now`.
 * Of one school, or of all when no domain id is given. Returns how many it published.
 */
export function publishDuePages(db: Db, now: number, reviewHours: number, domainId?: number): Promise<number> {
  return repo.publishPendingPages(db, now - Math.round(reviewHours * SECONDS_PER_HOUR), domainId);
}

// Menu

/** GET /menu: published top-level pages (menu order, then title), each with its published sub-pages. */
export async function getMenu(db: Db, school: SchoolRef): Promise<MenuItem[]> {
  const pages = await repo.listPageTree(db, school.id, ['publish']);
  const children = new Map<number | null, typeof pages>();
  for (const page of pages) children.set(page.parent_id, [...(children.get(page.parent_id) ?? []), page]);
  const build = (parentId: number | null, depth: number): MenuItem[] =>
    depth > MAX_TREE_DEPTH
      ? []
      : (children.get(parentId) ?? [])
          .sort((a, b) => a.menu_order - b.menu_order || collator.compare(a.title, b.title) || a.id - b.id)
          .map((page) => ({ id: page.id, title: page.title, url: pageUrl(school.label, page.slug), children: build(page.id, depth + 1) }));
  return build(null, 0);
}

// The public site (/sites/<label>/...): published content only.

export interface PublicSite extends SchoolRef {
  name: string;
}

export interface PublicPost {
  id: number;
  title: string;
  slug: string;
  url: string;
  /** Unix seconds. */
  date: number;
  categories: string[];
  content: string;
}

export interface PublicPage {
  id: number;
  title: string;
  slug: string;
  url: string;
  /** Unix seconds. */
  modified: number;
  content: string;
}

/** The school whose site this is, or null for an unknown label or a school without the website. */
export async function findPublicSite(db: Db, label: string): Promise<PublicSite | null> {
  const school = await findSchoolByLabel(db, label);
  return school && school.products.website ? { id: school.id, label: school.label, name: school.name } : null;
}

function toPublicPost(site: SchoolRef, row: ItemRow, categories: string[]): PublicPost {
  return { id: row.id, title: row.title, slug: row.slug, url: postUrl(site.label, row.slug), date: row.created_at, categories, content: row.content };
}

/** Published posts, newest first, one page of them (page numbers start at 1). */
export async function listPublishedPosts(
  db: Db,
  site: SchoolRef,
  page: number,
  limit: number,
): Promise<{ posts: PublicPost[]; page: number; total_pages: number }> {
  const filter = { statuses: ['publish' as const] };
  const [total, rows] = await Promise.all([
    repo.countItems(db, site.id, 'post', filter),
    repo.listItems(db, site.id, 'post', { ...filter, order: 'created', offset: (page - 1) * limit, limit }),
  ]);
  const names = await categoryNames(
    db,
    site.id,
    rows.map((r) => r.id),
  );
  return { posts: rows.map((row) => toPublicPost(site, row, names.get(row.id) ?? [])), page, total_pages: totalPages(total, limit) };
}

/** A published post by its slug, or null (drafts are not public). */
export async function getPublishedPost(db: Db, site: SchoolRef, slug: string): Promise<PublicPost | null> {
  const row = await repo.findItemBySlug(db, site.id, 'post', slug);
  if (!row || row.status !== 'publish') return null;
  const names = await categoryNames(db, site.id, [row.id]);
  return toPublicPost(site, row, names.get(row.id) ?? []);
}

/** A published page by its slug, or null (pending and draft pages are not public). */
export async function getPublishedPage(db: Db, site: SchoolRef, slug: string): Promise<PublicPage | null> {
  const row = await repo.findItemBySlug(db, site.id, 'page', slug);
  if (!row || row.status !== 'publish') return null;
  return { id: row.id, title: row.title, slug: row.slug, url: pageUrl(site.label, row.slug), modified: row.modified_at, content: row.content };
}
