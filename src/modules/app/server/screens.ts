/** App > Send Notification's first HTML, loaded over the backend port. */
import type { ListLocation } from '../../../lib/lists/location';
import { postsQuery, WEBSITE_PAGE_SIZE } from '../../website';
import { RECENT_COUNT } from '../notifications';
import type { AppPost } from '../contract';
import type { AppBackend, NotificationsPage } from './backend';

/** What /app/send shows first: whether the school can send (it has a website), the posts' page, and the latest notifications. */
export interface SendScreen {
  canSend: boolean;
  posts: { rows: AppPost[]; total_pages: number; total: number };
  history: NotificationsPage;
}

/** /app/send's first screen, for the address's list location (?page=&query=&status=&sort=). */
export async function loadSendScreen(app: AppBackend, location: ListLocation): Promise<SendScreen> {
  const canSend = await app.hasWebsite();
  const [posts, history] = await Promise.all([
    canSend ? app.listSendPosts(postsQuery(location, WEBSITE_PAGE_SIZE)) : Promise.resolve({ posts: [], total_pages: 1, total: 0 }),
    app.listSentNotifications({ page: 1, limit: RECENT_COUNT }),
  ]);
  return { canSend, posts: { rows: posts.posts, total_pages: posts.total_pages, total: posts.total }, history };
}
