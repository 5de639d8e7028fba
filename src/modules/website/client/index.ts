/**
 * The website's islands that another module's islands show: the post list's Show and Sort by
 * choices and its columns (App > Send Notification lists the same posts as Manage Posts).
 */
export { PostListChoices, postColumns } from './islands/PostColumns';
