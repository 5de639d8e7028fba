/**
 * The app's backend port: what Send Notification's calls and screens need. Only the embedded
 * backend (./embedded/backend.ts) sends notifications; the legacy backend has none
 * (./upstream/backend.ts: nothing is served in upstream mode).
 */
import type { AppPost, Notification, SendNotificationRequest } from '../contract';
import type { PostsQuery } from '../../website';

export interface SendPostsPage {
  posts: AppPost[];
  total_pages: number;
  total: number;
}

export interface NotificationsPage {
  notifications: Notification[];
  total_pages: number;
  total: number;
}

export interface AppBackend {
  /** Whether the school can send: a notification opens a post of its website. */
  hasWebsite(): Promise<boolean>;
  /** A page of the website's posts (the posts call's query), each with its excerpt. */
  listSendPosts(query: PostsQuery): Promise<SendPostsPage>;
  /** A page of the school's sent notifications, newest first. */
  listSentNotifications(query: { page: number; limit: number }): Promise<NotificationsPage>;
  /** A notification that opens the post on the school's public site, to every device subscribed now. */
  sendNotification(input: SendNotificationRequest): Promise<Notification>;
}
