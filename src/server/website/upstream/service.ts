/**
 * The website's upstream service: the spec's website calls sent to the legacy backend in its
 * shapes, and its answers mapped to the contract's types (what the embedded service returns), so
 * islands, stores and pages see no difference.
 */
import { WEBSITE_PAGE_SIZE, type Post, type PostsQuery } from '../../../contracts/website';
import type { ListLocation } from '../../../lib/lists';
import type { UpstreamScope } from '../../upstream/client';
import type { ListScreen, PostSummary } from '../content/service';
import { legacyPostsAnswer, type LegacyPost } from './legacy';

const isoDate = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/** A legacy post as the contract's: only the contract's fields (whatever else the backend sent is dropped). */
export function toPost(post: LegacyPost): Post & { locked: boolean } {
  return {
    id: post.ID ?? post.id ?? 0,
    post_title: post.post_title,
    post_content: post.post_content ?? '',
    post_category: (post.post_category ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '')
      .join(', '),
    post_date: isoDate(post.post_date),
    post_status: post.post_status === 'publish' ? 'publish' : 'draft',
    post_url: post.post_url || post.guid || '',
    locked: false,
  };
}

/** GET /api/website/wordpress/posts: the legacy backend pages and searches; it knows no status filter or sort. */
export async function listPosts(up: UpstreamScope, query: Pick<PostsQuery, 'page' | 'limit' | 'query'>) {
  const answer = await up.json(
    { method: 'GET', path: '/api/website/wordpress/posts', query: { page: query.page, limit: query.limit, ...(query.query ? { query: query.query } : {}) } },
    legacyPostsAnswer,
  );
  const posts = answer.posts.map(toPost);
  const totalPages = Math.max(1, answer.total_pages);
  // The legacy answer has no total: estimated from the pages (exact on the last page).
  const total = query.page >= totalPages ? (totalPages - 1) * query.limit + posts.length : totalPages * query.limit;
  return { posts, categories: answer.categories.map((c) => ({ id: c.id, name: c.name })), total_pages: totalPages, total };
}

/** Manage Posts' first screen, as the embedded loader answers it. */
export async function loadPostsScreen(up: UpstreamScope, location: ListLocation): Promise<ListScreen<PostSummary>> {
  const result = await listPosts(up, { page: location.page, limit: WEBSITE_PAGE_SIZE, ...(location.query ? { query: location.query } : {}) });
  return { rows: result.posts.map(({ post_content: _content, ...summary }) => summary), total_pages: result.total_pages, total: result.total };
}
