import { isUniqueViolation, type Db } from '../../../../../platform/db';
import type { BulkPostsRequest, Category, ListQuery, MenuItem, Page, Post, PostsQuery, ToggleRequest } from '../../../contract';
import { totalPages, WEBSITE_PAGE_SIZE } from '../../../rules';
import type { ListLocation } from '../../../../../lib/lists/location';
import type { EditorScreenItem, ListScreen, PageSummary, PostListChoice, PostSummary, SaveInput } from '../../backend';
import { inTransaction, type SchoolContext } from '../../../../../platform/context';
import { Refusal } from '../../../../../platform/errors';
import { storedContent } from './stored-content';
import { keepRevision } from '../revisions/service';
import * as repo from './repository';
import type { ItemRow, ItemStatus, ItemSummaryRow, ItemType } from './repository';
import { lockSlugs, nextFreeSlug, slugify } from './slugs';
import { pageUrl, postUrl } from './urls';

/**
 * The embedded CMS behind the Website module: posts, pages (with a parent page), categories and
 * the menu, each school's own, and the screens that list and edit them. Every call takes the
 * request context first and returns contract types, never rows. Every call that takes an id
 * answers 404 for an id of another school, exactly as for one that does not exist.
 */

const SECONDS_PER_HOUR = 60 * 60;
const MAX_TREE_DEPTH = 20;

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const byName = (a: { name: string; id: number }, b: { name: string; id: number }) => collator.compare(a.name, b.name) || a.id - b.id;

/**
 * inTransaction, tried again (a new slug is picked) when a concurrent save took the slug first
 * (a unique-constraint clash on either database; a new transaction, as PostgreSQL aborts the old one).
 */
async function inTransactionRetryingSlug<T>(ctx: SchoolContext, work: (trx: SchoolContext) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await inTransaction(ctx, work);
    } catch (err) {
      if (ctx.db.isTransaction || attempt >= 3 || !isUniqueViolation(err)) throw err;
    }
  }
}

async function uniqueSlug(ctx: SchoolContext, type: ItemType, title: string): Promise<string> {
  await lockSlugs(ctx.db, ctx.domain.id, type);
  const base = slugify(title);
  return nextFreeSlug(base, new Set(await repo.slugsLike(ctx.db, ctx.domain.id, type, base)));
}

const isoDate = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

function searchOf(query: string | undefined): string | undefined {
  const text = query?.trim().toLowerCase();
  return text ? text : undefined;
}

function postStatus(status: ItemRow['status']): Post['post_status'] {
  return status === 'publish' ? 'publish' : 'draft';
}

function toPost(label: string, row: ItemRow, categories: string[]): Post {
  return {
    id: row.id,
    post_title: row.title,
    post_content: row.content,
    post_category: categories.join(', '),
    post_date: isoDate(row.created_at),
    post_status: postStatus(row.status),
    post_url: postUrl(label, row.slug),
    locked: row.locked,
  };
}

/** How long new pages are held for review (PORTAL_PAGE_REVIEW_HOURS): lists say when each pending page publishes. */
export interface PageReview {
  hours: number;
}

/** When a page created at `createdAt` publishes itself: the sweep (publishDuePages) publishes it from then on. */
function publishesAt(createdAt: number, review: PageReview): string {
  return isoDate(createdAt + Math.round(review.hours * SECONDS_PER_HOUR));
}

function pageState(row: { status: ItemStatus; created_at: number }, review: PageReview | undefined): Pick<Page, 'post_status' | 'publishes_at'> {
  return { post_status: row.status, ...(row.status === 'pending' && review ? { publishes_at: publishesAt(row.created_at, review) } : {}) };
}

function toPage(label: string, row: ItemRow, review?: PageReview): Page {
  return {
    id: row.id,
    post_title: row.title,
    post_content: row.content,
    post_modified: isoDate(row.modified_at),
    post_url: pageUrl(label, row.slug),
    ...pageState(row, review),
    locked: row.locked,
  };
}

/** The categories of each of these items (by name), for the school's items only. */
async function categoriesOfItems(ctx: SchoolContext, ids: number[]): Promise<Map<number, Category[]>> {
  const rows = await repo.categoriesOf(ctx.db, ctx.domain.id, ids);
  const found = new Map<number, Category[]>();
  for (const row of rows) found.set(row.post_id, [...(found.get(row.post_id) ?? []), { id: row.id, name: row.name }]);
  return new Map([...found].map(([postId, list]) => [postId, list.sort(byName)]));
}

/** The category names of each of these items (by name), for the school's items only. */
export async function categoryNames(ctx: SchoolContext, ids: number[]): Promise<Map<number, string[]>> {
  const found = await categoriesOfItems(ctx, ids);
  return new Map([...found].map(([postId, list]) => [postId, list.map((c) => c.name)]));
}

async function postsWithCategories(ctx: SchoolContext, rows: ItemRow[]): Promise<Post[]> {
  const names = await categoryNames(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toPost(ctx.domain.label, row, names.get(row.id) ?? []));
}

// Categories

/** GET /wordpress/categories: the school's categories by name. */
export async function listCategories(ctx: SchoolContext): Promise<Category[]> {
  const rows = await repo.listCategories(ctx.db, ctx.domain.id);
  return rows.map(({ id, name }) => ({ id, name })).sort(byName);
}

/** The category with this name (case-insensitive), created when the school has none. */
export async function ensureCategory(ctx: SchoolContext, name: string): Promise<Category> {
  const categories = await repo.listCategories(ctx.db, ctx.domain.id);
  const existing = categories.find((c) => collator.compare(c.name, name) === 0);
  if (existing) return { id: existing.id, name: existing.name };
  const slug = nextFreeSlug(slugify(name), new Set(categories.map((c) => c.slug)));
  return { id: await repo.insertCategory(ctx.db, ctx.domain.id, { name, slug }), name };
}

/** The ids of a save's category map, all of them the school's; another school's or unknown ids are a 400. */
async function checkedCategoryIds(ctx: SchoolContext, category: Record<string, string>): Promise<number[]> {
  const ids = [...new Set(Object.keys(category).map(Number))];
  const found = new Set((await repo.findCategoriesByIds(ctx.db, ctx.domain.id, ids)).map((c) => c.id));
  const unknown = ids.find((id) => !found.has(id));
  if (unknown !== undefined) throw new Refusal(400, 'invalid', `Category ${unknown} does not exist.`);
  return ids;
}

// Posts

/** A choice as the repository's filter and order: 'Hidden' is every post not published. */
function postListOptions({ status, sort }: PostListChoice): Pick<repo.ItemFilter, 'statuses'> & repo.ItemOrder {
  const statuses: ItemStatus[] | undefined = status === 'public' ? ['publish'] : status === 'hidden' ? ['draft', 'pending'] : undefined;
  const order = sort === 'title' || sort === 'title-desc' ? 'title' : 'created';
  const direction = sort === 'date-asc' ? 'asc' : sort === 'title-desc' ? 'desc' : undefined;
  return { statuses, order, direction };
}

/** GET /wordpress/posts: newest first (or as `status` and `sort` ask), the school's categories, and the page count. */
export async function listPosts(ctx: SchoolContext, query: PostsQuery): Promise<{ posts: Post[]; categories: Category[]; total_pages: number; total: number }> {
  const search = searchOf(query.query);
  const options = postListOptions(query);
  const [total, rows, categories] = await Promise.all([
    repo.countItems(ctx.db, ctx.domain.id, 'post', { search, statuses: options.statuses }),
    repo.listItems(ctx.db, ctx.domain.id, 'post', { search, ...options, offset: (query.page - 1) * query.limit, limit: query.limit }),
    listCategories(ctx),
  ]);
  return { posts: await postsWithCategories(ctx, rows), categories, total_pages: totalPages(total, query.limit), total };
}

async function requirePost(db: Db, domainId: number, id: number): Promise<ItemRow> {
  const row = await repo.findItem(db, domainId, 'post', id);
  if (!row) throw new Refusal(404, 'not_found', 'That post does not exist.');
  return row;
}

async function requirePage(db: Db, domainId: number, id: number): Promise<ItemRow> {
  const row = await repo.findItem(db, domainId, 'page', id);
  if (!row) throw new Refusal(404, 'not_found', 'That page does not exist.');
  return row;
}

/** GET /wordpress/posts/{id}: one post for the editor, with its category ids. */
export async function getPost(ctx: SchoolContext, id: number): Promise<Post> {
  const row = await requirePost(ctx.db, ctx.domain.id, id);
  const categories = (await categoriesOfItems(ctx, [row.id])).get(row.id) ?? [];
  return {
    ...toPost(
      ctx.domain.label,
      row,
      categories.map((c) => c.name),
    ),
    post_category_ids: categories.map((c) => c.id),
  };
}

/** POST /posts/toggle: publish (isPublic) or hide a post. Two queries: the change (answering the row) and its categories. */
export async function togglePost(ctx: SchoolContext, input: ToggleRequest): Promise<Post> {
  const row = await repo.updateItemReturning(ctx.db, ctx.domain.id, 'post', input.id, {
    status: input.isPublic ? 'publish' : 'draft',
    modified_at: ctx.now,
  });
  if (!row) throw new Refusal(404, 'not_found', 'That post does not exist.');
  const [post] = await postsWithCategories(ctx, [row]);
  if (!post) throw new Refusal(404, 'not_found', 'That post does not exist.');
  return post;
}

/** POST /posts/delete: the post and its category links, together. */
export async function deletePost(ctx: SchoolContext, id: number): Promise<void> {
  await inTransaction(ctx, async (trx) => {
    if (!(await repo.deleteItem(trx.db, trx.domain.id, 'post', id))) throw new Refusal(404, 'not_found', 'That post does not exist.');
  });
}

/**
 * POST /pages/delete (beyond the spec): the page with its category links, revisions and autosaves
 * (the database cascades them); its child pages move to the top level of the menu.
 */
export async function deletePage(ctx: SchoolContext, id: number): Promise<void> {
  await inTransaction(ctx, async (trx) => {
    if (!(await repo.deleteItem(trx.db, trx.domain.id, 'page', id))) throw new Refusal(404, 'not_found', 'That page does not exist.');
  });
}

const BULK_DONE: Record<BulkPostsRequest['action'], string> = { hide: 'hidden', publish: 'published', delete: 'deleted' };

/**
 * POST /posts/bulk: hides, publishes or deletes these posts in one transaction, all or none: an id
 * that is not one of the school's posts (another school's, or gone) refuses the whole call with a
 * 404 and changes nothing. Answers how many posts changed.
 */
export async function bulkPosts(ctx: SchoolContext, input: BulkPostsRequest): Promise<{ count: number }> {
  const ids = [...new Set(input.ids)];
  return inTransaction(ctx, async (trx) => {
    const changed =
      input.action === 'delete'
        ? await repo.deleteItems(trx.db, trx.domain.id, 'post', ids)
        : await repo.setItemsStatus(trx.db, trx.domain.id, 'post', ids, { status: input.action === 'publish' ? 'publish' : 'draft', modified_at: trx.now });
    // Fewer rows than ids: some are not the school's. Throwing rolls back what was changed.
    if (changed !== ids.length) {
      const missing = ids.length - changed;
      throw new Refusal(404, 'not_found', `${missing === 1 ? 'One of those posts does' : `${missing} of those posts do`} not exist, so none were ${BULK_DONE[input.action]}.`);
    }
    return { count: changed };
  });
}

/** POST /posts/create: a new post, published at once. */
export async function createPost(ctx: SchoolContext, input: SaveInput): Promise<{ id: number; post_url: string }> {
  const content = await storedContent(input.content);
  return inTransactionRetryingSlug(ctx, async (trx) => {
    const categoryIds = await checkedCategoryIds(trx, input.category);
    const slug = await uniqueSlug(trx, 'post', input.title);
    const id = await repo.insertItem(trx.db, trx.domain.id, {
      type: 'post',
      title: input.title,
      content,
      status: 'publish',
      slug,
      parent_id: null,
      menu_order: 0,
      created_at: trx.now,
      modified_at: trx.now,
    });
    await repo.setItemCategories(trx.db, trx.domain.id, id, categoryIds);
    await keepRevision(trx, { kind: 'post', id, created: true, title: input.title, content, categoryIds });
    return { id, post_url: postUrl(trx.domain.label, slug) };
  });
}

function requireId(input: SaveInput): number {
  if (input.id === undefined || input.id === null) throw new Refusal(400, 'invalid', 'id: an id is required to update.', 'id');
  return input.id;
}

/** POST /posts/update: title, content and categories; the status and the URL stay. */
export async function updatePost(ctx: SchoolContext, input: SaveInput): Promise<{ id: number; post_url: string }> {
  const id = requireId(input);
  const content = await storedContent(input.content);
  return inTransaction(ctx, async (trx) => {
    const row = await requirePost(trx.db, trx.domain.id, id);
    const categoryIds = await checkedCategoryIds(trx, input.category);
    await repo.updateItem(trx.db, trx.domain.id, 'post', id, {
      title: input.title,
      content,
      modified_at: trx.now,
    });
    await repo.setItemCategories(trx.db, trx.domain.id, id, categoryIds);
    await keepRevision(trx, { kind: 'post', id, created: false, title: input.title, content, categoryIds, previous: row });
    return { id, post_url: postUrl(trx.domain.label, row.slug) };
  });
}

// Pages

/** GET /wordpress/pages: last modified first, and the page count. */
export async function listPages(ctx: SchoolContext, query: ListQuery, review?: PageReview): Promise<{ pages: Page[]; total_pages: number; total: number }> {
  const search = searchOf(query.query);
  const [total, rows] = await Promise.all([
    repo.countItems(ctx.db, ctx.domain.id, 'page', { search }),
    repo.listItems(ctx.db, ctx.domain.id, 'page', { search, order: 'modified', offset: (query.page - 1) * query.limit, limit: query.limit }),
  ]);
  return { pages: rows.map((row) => toPage(ctx.domain.label, row, review)), total_pages: totalPages(total, query.limit), total };
}

/** GET /wordpress/pages/{id}: one page for the editor, with its parent's title. */
export async function getPage(ctx: SchoolContext, id: number): Promise<Page & { parent: string | null }> {
  const row = await requirePage(ctx.db, ctx.domain.id, id);
  const parent = row.parent_id === null ? undefined : await repo.findItem(ctx.db, ctx.domain.id, 'page', row.parent_id);
  return { ...toPage(ctx.domain.label, row), parent: parent?.title ?? null };
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
async function parentIdFor(ctx: SchoolContext, title: string, pageId?: number): Promise<number> {
  const candidates = await repo.findPagesByTitle(ctx.db, ctx.domain.id, title);
  if (candidates.length === 0) throw new Refusal(400, 'invalid', `parent: no page is titled "${title}".`, 'parent');
  const excluded = pageId === undefined ? new Set<number>() : subtreeIds(await repo.listPageTree(ctx.db, ctx.domain.id), pageId);
  const parent = candidates.find((c) => !excluded.has(c.id));
  if (!parent) throw new Refusal(400, 'invalid', 'parent: a page cannot be placed under itself or one of its own sub-pages.', 'parent');
  return parent.id;
}

function parentTitle(input: SaveInput): string | null {
  return input.parent === null || input.parent === undefined || input.parent.trim() === '' ? null : input.parent;
}

/** POST /pages/create: a new page, held for review (pending) until `publishDuePages` publishes it. */
export async function createPage(ctx: SchoolContext, input: SaveInput): Promise<{ id: number; post_url: string }> {
  const content = await storedContent(input.content);
  return inTransactionRetryingSlug(ctx, async (trx) => {
    const parent = parentTitle(input);
    const parentId = parent === null ? null : await parentIdFor(trx, parent);
    const slug = await uniqueSlug(trx, 'page', input.title);
    const id = await repo.insertItem(trx.db, trx.domain.id, {
      type: 'page',
      title: input.title,
      content,
      status: 'pending',
      slug,
      parent_id: parentId,
      menu_order: 0,
      created_at: trx.now,
      modified_at: trx.now,
    });
    await keepRevision(trx, { kind: 'page', id, created: true, title: input.title, content, parentId });
    return { id, post_url: pageUrl(trx.domain.label, slug) };
  });
}

/**
 * POST /pages/update: title and content; the status and the URL stay. The editor offers the
 * parent for new pages only, so a null parent keeps the page where it is and a title moves it.
 */
export async function updatePage(ctx: SchoolContext, input: SaveInput): Promise<{ id: number; post_url: string }> {
  const id = requireId(input);
  const content = await storedContent(input.content);
  return inTransaction(ctx, async (trx) => {
    const row = await requirePage(trx.db, trx.domain.id, id);
    const parent = parentTitle(input);
    const parentId = parent === null ? row.parent_id : await parentIdFor(trx, parent, id);
    await repo.updateItem(trx.db, trx.domain.id, 'page', id, {
      title: input.title,
      content,
      parent_id: parentId,
      modified_at: trx.now,
    });
    await keepRevision(trx, { kind: 'page', id, created: false, title: input.title, content, parentId, previous: row });
    return { id, post_url: pageUrl(trx.domain.label, row.slug) };
  });
}

/**
 * Publishes the school's pending pages whose review time is over: created `reviewHours` or more
 * before the context's moment (0 publishes every pending page now). Returns how many it published.
 */
export function publishDuePagesOf(ctx: SchoolContext, reviewHours: number): Promise<number> {
  return repo.publishPendingPages(ctx.db, ctx.now - Math.round(reviewHours * SECONDS_PER_HOUR), ctx.domain.id);
}

/**
 * The periodic sweep behind `publishDuePagesOf`, for every school in one statement (a job has no
 * school): publishes pending pages created `reviewHours` or more before `now`. Returns how many.
 */
export function publishDuePages(db: Db, now: number, reviewHours: number): Promise<number> {
  return repo.publishPendingPages(db, now - Math.round(reviewHours * SECONDS_PER_HOUR));
}

// Menu

/** GET /menu: published top-level pages (menu order, then title), each with its published sub-pages. */
export async function getMenu(ctx: SchoolContext): Promise<MenuItem[]> {
  const pages = await repo.listPageTree(ctx.db, ctx.domain.id, ['publish']);
  const children = new Map<number | null, typeof pages>();
  for (const page of pages) children.set(page.parent_id, [...(children.get(page.parent_id) ?? []), page]);
  const build = (parentId: number | null, depth: number): MenuItem[] =>
    depth > MAX_TREE_DEPTH
      ? []
      : (children.get(parentId) ?? [])
          .sort((a, b) => a.menu_order - b.menu_order || collator.compare(a.title, b.title) || a.id - b.id)
          .map((page) => ({ id: page.id, title: page.title, url: pageUrl(ctx.domain.label, page.slug), children: build(page.id, depth + 1) }));
  return build(null, 0);
}

// Screens' reads (../../screens.ts loads the screens over the port): the fewest queries each.

function listWindow(location: ListLocation) {
  return { search: searchOf(location.query), offset: (location.page - 1) * WEBSITE_PAGE_SIZE, limit: WEBSITE_PAGE_SIZE };
}

/**
 * Manage Posts' first screen (a page of WEBSITE_PAGE_SIZE): three queries (count, rows with their
 * stored `locked`, their categories). No content is read, and the school's category list is not
 * loaded (the screen has no use for it).
 */
export async function loadPostsScreen(ctx: SchoolContext, location: ListLocation, choice: PostListChoice = {}): Promise<ListScreen<PostSummary>> {
  const { search, offset, limit } = listWindow(location);
  const options = postListOptions(choice);
  const [total, rows] = await Promise.all([
    repo.countItems(ctx.db, ctx.domain.id, 'post', { search, statuses: options.statuses }),
    repo.listItemSummaries(ctx.db, ctx.domain.id, 'post', { search, ...options, offset, limit }),
  ]);
  const names = await categoryNames(
    ctx,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((row) => toPostSummary(ctx.domain.label, row, names.get(row.id) ?? [])), total_pages: totalPages(total, limit), total };
}

/**
 * The version of the school's content: database triggers move it on every change to its posts,
 * pages, categories, galleries and media (migration 0005). Manage Posts is kept per user until it
 * moves (the manifest's `cachedPages`).
 */
export function contentVersion(ctx: SchoolContext): Promise<number> {
  return repo.siteVersion(ctx.db, ctx.domain.id);
}

/** When the school's next post dated in the future falls due (its list shows it 'Scheduled' until then); null: none. */
export function nextScheduledPostAt(ctx: SchoolContext): Promise<number | null> {
  return repo.nextDuePostAt(ctx.db, ctx.domain.id, ctx.now);
}

function toPostSummary(label: string, row: ItemSummaryRow, categories: string[]): PostSummary {
  return {
    id: row.id,
    post_title: row.title,
    post_category: categories.join(', '),
    post_date: isoDate(row.created_at),
    post_status: postStatus(row.status),
    post_url: postUrl(label, row.slug),
    locked: row.locked,
  };
}

/** Manage Pages' first screen: two queries (count, rows with their stored `locked`), no content. */
export async function loadPagesScreen(ctx: SchoolContext, location: ListLocation, review?: PageReview): Promise<ListScreen<PageSummary>> {
  const { search, offset, limit } = listWindow(location);
  const [total, rows] = await Promise.all([
    repo.countItems(ctx.db, ctx.domain.id, 'page', { search }),
    repo.listItemSummaries(ctx.db, ctx.domain.id, 'page', { search, order: 'modified', offset, limit }),
  ]);
  const pages = rows.map(
    (row): PageSummary => ({
      id: row.id,
      post_title: row.title,
      post_modified: isoDate(row.modified_at),
      post_url: pageUrl(ctx.domain.label, row.slug),
      ...pageState(row, review),
      locked: row.locked,
    }),
  );
  return { rows: pages, total_pages: totalPages(total, limit), total };
}

/** The item the editor opens (../../screens.ts), or null when the school has no such item: one query for a page, two for a post. */
export async function findEditorItem(ctx: SchoolContext, kind: ItemType, id: number): Promise<EditorScreenItem | null> {
  const row = await repo.findItem(ctx.db, ctx.domain.id, kind, id);
  if (!row) return null;
  if (kind === 'page') return { id: row.id, title: row.title, content: row.content, locked: row.locked };
  const categories = (await categoriesOfItems(ctx, [row.id])).get(row.id) ?? [];
  return { id: row.id, title: row.title, content: row.content, categoryNames: categories.map((c) => c.name).join(', '), categoryIds: categories.map((c) => c.id), locked: row.locked };
}
