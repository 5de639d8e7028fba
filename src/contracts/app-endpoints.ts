/**
 * App > Send Notification's calls (beyond the spec, which names only the staff list's): where each
 * goes. The schemas join them in `appCalls` (./app.ts); this file stays zod-free, so the browser
 * imports `appApi` without shipping the schemas. Everything under /api/app needs the App product.
 */
import { typedEndpoints, type Endpoint } from './calls';
import type { appCalls } from './app';

export const APP_ENDPOINTS = {
  /** The website's posts as /app/send lists them: the posts call's query, each post with its excerpt. */
  posts: { method: 'GET', path: '/api/app/send/posts' },
  /** Sends a notification that opens a post, to every device subscribed on the school's site. */
  sendNotification: { method: 'POST', path: '/api/app/send/notification' },
  /** The school's sent notifications, newest first, a page at a time. */
  notifications: { method: 'GET', path: '/api/app/send/notifications' },
} as const satisfies Record<string, Endpoint>;

/** The app's endpoints with their call types: `send(appApi.sendNotification, { body })`. */
export const appApi = typedEndpoints<typeof appCalls>(APP_ENDPOINTS);
