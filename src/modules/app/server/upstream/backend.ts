/** The app's port (../backend.ts) on the legacy backend: it has no notifications, so none of the app's routes or pages are served in upstream mode. */
import type { AppBackend } from '../backend';

function notServed(): Promise<never> {
  return Promise.reject(new Error('The legacy backend has no app notifications: their routes and pages are not served in upstream mode.'));
}

export function upstreamAppBackend(): AppBackend {
  return { hasWebsite: notServed, listSendPosts: notServed, listSentNotifications: notServed, sendNotification: notServed };
}
