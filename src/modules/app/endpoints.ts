/** Where each call goes (method and path): plain data, imported by both the contract (schemas) and the typed client (./calls.ts). */
import type { Endpoint } from '../../lib/contract/calls';

export const APP_ENDPOINTS = {
  /** The website's posts as /app/send lists them: the posts call's query, each post with its excerpt. */
  posts: { method: 'GET', path: '/api/app/send/posts' },
  /** Sends a notification that opens a post, to every device subscribed on the school's site. */
  sendNotification: { method: 'POST', path: '/api/app/send/notification' },
  /** The school's sent notifications, newest first, a page at a time. */
  notifications: { method: 'GET', path: '/api/app/send/notifications' },
} as const satisfies Record<string, Endpoint>;
