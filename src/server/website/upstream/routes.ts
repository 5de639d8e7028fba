import { Hono } from 'hono';
import { websiteCalls } from '../../../contracts/website';
import { serveUpstream } from '../../upstream/serve';
import type { UpstreamEnv } from '../../upstream/types';
import * as website from './service';

/** The website's calls the legacy backend has, served through the upstream service. */
export const websiteUpstreamRoutes = new Hono<UpstreamEnv>();

serveUpstream(websiteUpstreamRoutes, websiteCalls.categories, async (up) => ({ categories: await website.listCategories(up) }));
serveUpstream(websiteUpstreamRoutes, websiteCalls.posts, (up, { query }) => website.listPosts(up, query));
// The contract's one post or page (the spec has no such call): found in the legacy list (service.ts).
serveUpstream(websiteUpstreamRoutes, websiteCalls.post, async (up, { params }) => ({ post: await website.getPost(up, params.id) }));
serveUpstream(websiteUpstreamRoutes, websiteCalls.pages, (up, { query }) => website.listPages(up, query));
serveUpstream(websiteUpstreamRoutes, websiteCalls.page, async (up, { params }) => ({ page: await website.getPage(up, params.id) }));
serveUpstream(websiteUpstreamRoutes, websiteCalls.menu, async (up) => ({ menu: await website.getMenu(up) }));
serveUpstream(websiteUpstreamRoutes, websiteCalls.togglePost, async (up, { body }) => ({ post: await website.togglePost(up, body) }));
serveUpstream(websiteUpstreamRoutes, websiteCalls.deletePost, async (up, { body }) => {
  await website.deletePost(up, body.id);
  return {};
});
serveUpstream(websiteUpstreamRoutes, websiteCalls.createPost, (up, { body }) => website.save(up, 'post', 'create', body));
serveUpstream(websiteUpstreamRoutes, websiteCalls.updatePost, (up, { body }) => website.save(up, 'post', 'update', body));
serveUpstream(websiteUpstreamRoutes, websiteCalls.createPage, (up, { body }) => website.save(up, 'page', 'create', body));
serveUpstream(websiteUpstreamRoutes, websiteCalls.updatePage, (up, { body }) => website.save(up, 'page', 'update', body));

/** The posts' and pages' screens upstream mode can show. */
export const POSTS_UPSTREAM_PAGES: readonly string[] = ['/website/posts', '/website/posts/edit', '/website/pages', '/website/pages/edit'];
