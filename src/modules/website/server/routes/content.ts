import { websiteCalls } from '../../contract';
import { routesOver } from '../../../../platform/http/port';
import type { ContentPort } from '../backend';

/**
 * Posts, pages, categories and the menu (spec section 7, Website): the contract's calls
 * (`websiteCalls`), served at the API's root. A backend's refusal reaches the API's error handler.
 */
export const CONTENT_ROUTES = routesOver<ContentPort>((serve) => {
  serve(websiteCalls.categories, async (content) => ({ categories: await content.listCategories() }));
  serve(websiteCalls.posts, (content, { query }) => content.listPosts(query));
  // The contract's one post or page (the spec has no such call; the legacy backend finds it in its list).
  serve(websiteCalls.post, async (content, { params }) => ({ post: await content.getPost(params.id) }));
  serve(websiteCalls.pages, (content, { query }) => content.listPages(query));
  serve(websiteCalls.page, async (content, { params }) => ({ page: await content.getPage(params.id) }));
  serve(websiteCalls.menu, async (content) => ({ menu: await content.getMenu() }));
  serve(websiteCalls.togglePost, async (content, { body }) => ({ post: await content.togglePost(body) }));
  serve(websiteCalls.deletePost, async (content, { body }) => {
    await content.deletePost(body.id);
    return {};
  });
  serve(websiteCalls.deletePage, async (content, { body }) => {
    await content.deletePage(body.id);
    return {};
  });
  serve(websiteCalls.bulkPosts, (content, { body }) => content.bulkPosts(body));
  serve(websiteCalls.createPost, (content, { body }) => content.createPost(body));
  serve(websiteCalls.updatePost, (content, { body }) => content.updatePost(body));
  serve(websiteCalls.createPage, (content, { body }) => content.createPage(body));
  serve(websiteCalls.updatePage, (content, { body }) => content.updatePage(body));
});
