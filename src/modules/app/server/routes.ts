import { appCalls } from '../contract';
import { routesOver } from '../../../platform/http/port';
import type { AppBackend } from './backend';

/** App > Send Notification's calls, served at the API's root (the API's gate needs the App product for all of /api/app). */
export const APP_ROUTES = routesOver<AppBackend>((serve) => {
  serve(appCalls.posts, (app, { query }) => app.listSendPosts(query));
  serve(appCalls.notifications, (app, { query }) => app.listSentNotifications(query));
  // The notification opens the post on the public site, at its configured address (`linkHost`: a request under another name mails no link).
  serve(appCalls.sendNotification, async (app, { body }) => ({ notification: await app.sendNotification(body) }), { linkHost: true });
});
