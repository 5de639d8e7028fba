/**
 * The website's upstream service: the spec's website calls sent to the legacy backend in its
 * shapes, and its answers mapped to the contract's types (what the embedded service returns), so
 * islands, stores and pages see no difference.
 */
import type { Category, ListQuery, MenuItem, Page, Post, PostsQuery, ToggleRequest } from '../../contract';
import { isLockedContent, MAX_PAGE_LIMIT, WEBSITE_PAGE_SIZE } from '../../rules';
import type { EditorKind } from '../../editor';
import type { ListLocation } from '../../../../lib/lists/location';
import type { UpstreamScope } from '../../../../platform/upstream/client';
import type { EditorScreenItem, ListScreen, PageSummary, PostSummary, SaveInput } from '../backend';
import { findItem } from '../paging';
import { isRefusal, Refusal } from '../../../../platform/errors';
import {
  legacyCategoriesAnswer,
  legacyDone,
  legacyMenuAnswer,
  legacyPagesAnswer,
  legacyPostsAnswer,
  legacySaveAnswer,
  legacyToggleAnswer,
  type LegacyMenuItem,
  type LegacyPage,
  type LegacyPost,
} from './legacy';

const isoDate = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/**
 * A legacy post as the contract's: only the contract's fields (whatever else the backend sent is
 * dropped). The legacy backend stores no Locked flag: Locked is the spec's rule, by the content's markers.
 */
export function toPost(post: LegacyPost): Post & { locked: boolean } {
  return {
    id: post.ID ?? post.id ?? 0,
    post_title: post.post_title,
    post_content: post.post_content ?? '',
    post_category: categoryNamesOf(post).join(', '),
    post_date: isoDate(post.post_date),
    post_status: post.post_status === 'publish' ? 'publish' : 'draft',
    post_url: post.post_url || post.guid || '',
    locked: isLockedContent(post.post_content ?? ''),
  };
}

function categoryNamesOf(post: LegacyPost): string[] {
  return (post.post_category ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** WordPress's states as the contract's: a scheduled ('future') page is not public yet; anything else unknown is a draft. */
function pageStatus(status: string): Page['post_status'] {
  if (status === 'publish' || status === 'pending' || status === 'draft') return status;
  return status === 'future' ? 'pending' : 'draft';
}

export function toPage(page: LegacyPage): Page & { locked: boolean } {
  return {
    id: page.ID ?? page.id ?? 0,
    post_title: page.post_title,
    post_content: page.post_content ?? '',
    post_modified: isoDate(page.post_modified),
    post_url: page.post_url || page.guid || '',
    post_status: pageStatus(page.post_status),
    locked: isLockedContent(page.post_content ?? ''),
  };
}

/** The legacy answers have no total: estimated from the pages (exact on the last page). Posts, pages, galleries. */
export function estimatedTotal(page: number, limit: number, totalPages: number, onThisPage: number): number {
  return page >= totalPages ? (totalPages - 1) * limit + onThisPage : totalPages * limit;
}

function listCall(path: string, query: Pick<ListQuery, 'page' | 'limit' | 'query'>) {
  return { method: 'GET' as const, path, query: { page: query.page, limit: query.limit, ...(query.query ? { query: query.query } : {}) } };
}

/** GET /api/website/wordpress/categories */
export async function listCategories(up: UpstreamScope): Promise<Category[]> {
  const answer = await up.json({ method: 'GET', path: '/api/website/wordpress/categories' }, legacyCategoriesAnswer);
  return answer.categories;
}

async function legacyPosts(up: UpstreamScope, query: Pick<PostsQuery, 'page' | 'limit' | 'query'>) {
  return up.json(listCall('/api/website/wordpress/posts', query), legacyPostsAnswer);
}

/** GET /api/website/wordpress/posts: the legacy backend pages and searches; it knows no status filter or sort. */
export async function listPosts(up: UpstreamScope, query: Pick<PostsQuery, 'page' | 'limit' | 'query'>) {
  const answer = await legacyPosts(up, query);
  const posts = answer.posts.map(toPost);
  const totalPages = Math.max(1, answer.total_pages);
  return { posts, categories: answer.categories, total_pages: totalPages, total: estimatedTotal(query.page, query.limit, totalPages, posts.length) };
}

async function legacyPages(up: UpstreamScope, query: Pick<ListQuery, 'page' | 'limit' | 'query'>) {
  return up.json(listCall('/api/website/wordpress/pages', query), legacyPagesAnswer);
}

/** GET /api/website/wordpress/pages */
export async function listPages(up: UpstreamScope, query: Pick<ListQuery, 'page' | 'limit' | 'query'>) {
  const answer = await legacyPages(up, query);
  const pages = answer.pages.map(toPage);
  const totalPages = Math.max(1, answer.total_pages);
  return { pages, total_pages: totalPages, total: estimatedTotal(query.page, query.limit, totalPages, pages.length) };
}

const notFound = (kind: EditorKind) => new Refusal(404, 'not_found', `That ${kind} does not exist.`);

/** The legacy backend has no call for one item (the spec has none): the editor's post or page is found in its list, MAX_PAGE_LIMIT at a time. */
async function findPost(up: UpstreamScope, id: number): Promise<{ post: LegacyPost; categories: Category[] } | null> {
  let categories: Category[] = [];
  const post = await findItem(
    async (page) => {
      const answer = await legacyPosts(up, { page, limit: MAX_PAGE_LIMIT });
      categories = answer.categories;
      return { items: answer.posts, total_pages: answer.total_pages };
    },
    (post) => (post.ID ?? post.id) === id,
  );
  return post ? { post, categories } : null;
}

/** The contract's one post (the editor's): with the ids of its categories, matched by name. */
export async function getPost(up: UpstreamScope, id: number): Promise<Post> {
  const found = await findPost(up, id);
  if (!found) throw notFound('post');
  const names = new Set(categoryNamesOf(found.post));
  return { ...toPost(found.post), post_category_ids: found.categories.filter((c) => names.has(c.name)).map((c) => c.id) };
}

/** The contract's one page, with its parent's title (looked up in the list when it was not on the pages walked). */
export async function getPage(up: UpstreamScope, id: number): Promise<Page & { parent: string | null }> {
  const seen = new Map<number, LegacyPage>();
  const pagesFrom = async (page: number) => {
    const answer = await legacyPages(up, { page, limit: MAX_PAGE_LIMIT });
    for (const item of answer.pages) seen.set(item.ID ?? item.id ?? 0, item);
    return { items: answer.pages, total_pages: answer.total_pages };
  };
  const page = await findItem(pagesFrom, (item) => (item.ID ?? item.id) === id);
  if (!page) throw notFound('page');
  const parentId = page.post_parent ?? 0;
  const parent = parentId === 0 ? null : (seen.get(parentId) ?? (await findItem(pagesFrom, (item) => (item.ID ?? item.id) === parentId)));
  return { ...toPage(page), parent: parent?.post_title ?? null };
}

/** GET /api/website/menu */
export async function getMenu(up: UpstreamScope): Promise<MenuItem[]> {
  const answer = await up.json({ method: 'GET', path: '/api/website/menu' }, legacyMenuAnswer);
  const copy = (item: LegacyMenuItem): MenuItem => ({ id: item.id, title: item.title, url: item.url, children: item.children.map(copy) });
  return answer.menu.map(copy);
}

/** POST /api/website/posts/toggle: the legacy backend may not send the post back; then it is read from the list. */
export async function togglePost(up: UpstreamScope, input: ToggleRequest): Promise<Post> {
  const answer = await up.json({ method: 'POST', path: '/api/website/posts/toggle', json: { id: input.id, isPublic: input.isPublic } }, legacyToggleAnswer);
  if (answer.post) return toPost(answer.post);
  const found = await findPost(up, input.id);
  if (!found) throw notFound('post');
  return toPost(found.post);
}

/** POST /api/website/posts/delete */
export async function deletePost(up: UpstreamScope, id: number): Promise<void> {
  await up.json({ method: 'POST', path: '/api/website/posts/delete', json: { id } }, legacyDone);
}

/** POST /api/website/{posts|pages}/{create|update}: the spec's JSON body; the content goes as the editor wrote it (the legacy backend keeps it). */
export async function save(up: UpstreamScope, kind: EditorKind, action: 'create' | 'update', input: SaveInput): Promise<{ id: number; post_url: string }> {
  const answer = await up.json(
    {
      method: 'POST',
      path: `/api/website/${kind}s/${action}`,
      json: { id: input.id ?? null, title: input.title, content: input.content, category: input.category, parent: input.parent ?? null },
    },
    legacySaveAnswer,
  );
  const id = answer.id ?? answer.ID ?? (action === 'update' ? input.id : undefined);
  if (id === undefined || id === null) throw new Refusal(502, 'upstream_unreadable', 'The school’s backend did not say which item it saved.');
  return { id, post_url: answer.link || answer.post_url || answer.guid || '' };
}

/* ---- The screens' reads (../screens.ts loads the screens over the port) ---- */

/** Manage Posts' rows: the legacy posts call pages and searches only (the filter and order are the embedded backend's). */
export async function postsScreen(up: UpstreamScope, location: Pick<ListLocation, 'page' | 'query'>): Promise<ListScreen<PostSummary>> {
  const result = await listPosts(up, { page: location.page, limit: WEBSITE_PAGE_SIZE, ...(location.query ? { query: location.query } : {}) });
  return { rows: result.posts.map(({ post_content: _content, ...summary }) => summary), total_pages: result.total_pages, total: result.total };
}

/** Manage Pages' rows. */
export async function pagesScreen(up: UpstreamScope, location: Pick<ListLocation, 'page' | 'query'>): Promise<ListScreen<PageSummary>> {
  const result = await listPages(up, { page: location.page, limit: WEBSITE_PAGE_SIZE, ...(location.query ? { query: location.query } : {}) });
  return { rows: result.pages.map(({ post_content: _content, ...summary }) => summary), total_pages: result.total_pages, total: result.total };
}

/** The item the editor opens: an id the legacy lists do not hold is null (the screen says so). */
export async function editorItem(up: UpstreamScope, kind: EditorKind, id: number): Promise<EditorScreenItem | null> {
  try {
    if (kind === 'page') {
      const page = await getPage(up, id);
      return { id: page.id, title: page.post_title, content: page.post_content, locked: page.locked ?? false };
    }
    const post = await getPost(up, id);
    return { id: post.id, title: post.post_title, content: post.post_content, categoryNames: post.post_category, locked: post.locked ?? false, categoryIds: post.post_category_ids ?? [] };
  } catch (err) {
    if (isRefusal(err, 'not_found')) return null;
    throw err;
  }
}
