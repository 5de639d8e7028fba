import { Hono } from 'hono';
import { websiteCalls } from '../../../contracts/website';
import type { AppEnv } from '../../http/types';
import { serve } from '../../http/calls';
import * as content from './service';

/**
 * Posts, pages, categories and the menu (spec section 7, Website): the contract's calls
 * (`websiteCalls`), served at the API's root. Each validates with the call's schemas, calls the
 * service with the request context and answers the envelope; a service's Refusal reaches the
 * API's error handler.
 */
export const websiteContentRoutes = new Hono<AppEnv>();

serve(websiteContentRoutes, websiteCalls.categories, async (ctx) => ({ categories: await content.listCategories(ctx) }));
serve(websiteContentRoutes, websiteCalls.posts, (ctx, { query }) => content.listPosts(ctx, query));
serve(websiteContentRoutes, websiteCalls.post, async (ctx, { params }) => ({ post: await content.getPost(ctx, params.id) }));
serve(websiteContentRoutes, websiteCalls.pages, (ctx, { query }, c) =>
  content.listPages(ctx, query, { hours: c.get('runtime').config.PORTAL_PAGE_REVIEW_HOURS }),
);
serve(websiteContentRoutes, websiteCalls.page, async (ctx, { params }) => ({ page: await content.getPage(ctx, params.id) }));
serve(websiteContentRoutes, websiteCalls.menu, async (ctx) => ({ menu: await content.getMenu(ctx) }));
serve(websiteContentRoutes, websiteCalls.togglePost, async (ctx, { body }) => ({ post: await content.togglePost(ctx, body) }));
serve(websiteContentRoutes, websiteCalls.deletePost, async (ctx, { body }) => {
  await content.deletePost(ctx, body.id);
  return {};
});
serve(websiteContentRoutes, websiteCalls.bulkPosts, (ctx, { body }) => content.bulkPosts(ctx, body));
serve(websiteContentRoutes, websiteCalls.createPost, (ctx, { body }) => content.createPost(ctx, body));
serve(websiteContentRoutes, websiteCalls.updatePost, (ctx, { body }) => content.updatePost(ctx, body));
serve(websiteContentRoutes, websiteCalls.createPage, (ctx, { body }) => content.createPage(ctx, body));
serve(websiteContentRoutes, websiteCalls.updatePage, (ctx, { body }) => content.updatePage(ctx, body));
