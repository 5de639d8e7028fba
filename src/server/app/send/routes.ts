import { Hono } from 'hono';
import { appCalls } from '../../../contracts/app';
import type { AppEnv } from '../../http/types';
import { serve } from '../../http/calls';
import * as sends from './service';

/** App > Send Notification's calls, served at the API's root (the API's gate needs the App product for all of /api/app). */
export const appSendRoutes = new Hono<AppEnv>();

serve(appSendRoutes, appCalls.posts, (ctx, { query }) => sends.listSendPosts(ctx, query));
serve(appSendRoutes, appCalls.notifications, (ctx, { query }) => sends.listSentNotifications(ctx, query));
serve(appSendRoutes, appCalls.sendNotification, async (ctx, { body }, c) => {
  // The notification opens the post on the public site: the sites origin when there is one, else this one.
  const siteOrigin = c.get('runtime').config.PORTAL_SITES_URL ?? new URL(c.req.url).origin;
  return { notification: await sends.sendNotification(ctx, body, siteOrigin) };
});
