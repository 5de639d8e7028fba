/**
 * The website's public face to other modules (browser-safe and zod-free: islands and stores may
 * import it): what the app's Send Notification needs to list the same posts as Manage Posts, and
 * what the newsletter needs to post a send in the school's categories. Its server face is
 * ./server/index.ts, the zod schemas another contract builds on ./schemas.ts, the islands
 * another module's islands show ./client/index.ts.
 */
export { NEWSLETTER_CATEGORY, POSTS_FAILURE, WEBSITE_PAGE_SIZE } from './rules';
export { postListChoice, postsQuery, POSTS_LIST_FILTERS, toPostRow, type PostRow } from './lists';
export { websiteApi } from './calls';
export type { Category, Post, PostsQuery } from './contract';
