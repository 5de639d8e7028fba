import type { Db } from '../../../../../platform/db';
import { FEED_LENGTH, siteAppPaths } from '../../../rules';
import { listNotifications } from '../send/repository';
import type { AppSite } from '../subscriptions/service';

/**
 * The school's sent notifications for any native app, newest first, as a JSON Feed 1.1
 * (https://jsonfeed.org/version/1.1): a format feed readers and app frameworks already read.
 * Each item is a notification: its title and message, the post it opens (`url`, `external_url`
 * naming the post) and when it was sent.
 */
export interface NotificationFeed {
  version: 'https://jsonfeed.org/version/1.1';
  title: string;
  home_page_url: string;
  feed_url: string;
  items: Array<{ id: string; url: string; title: string; content_text: string; date_published: string; _post: { id: number; title: string } }>;
}

/** The feed of `site`, its addresses absolute on `origin` (the site's). */
export async function notificationFeed(db: Db, site: AppSite, origin: string): Promise<NotificationFeed> {
  const paths = siteAppPaths(site.label);
  const rows = await listNotifications(db, site.id, { offset: 0, limit: FEED_LENGTH });
  return {
    version: 'https://jsonfeed.org/version/1.1',
    title: `${site.name}: notifications`,
    home_page_url: `${origin}${paths.site}`,
    feed_url: `${origin}${paths.feed}`,
    items: rows.map((row) => ({
      id: String(row.id),
      url: row.url,
      title: row.title,
      content_text: row.message,
      date_published: new Date(row.created_at * 1000).toISOString(),
      // JSON Feed's extensions start with an underscore.
      _post: { id: row.post_id, title: row.post_title },
    })),
  };
}
