import type { Db } from '../../../../platform/db';
import { addAnnouncement, addChangelog } from './service';

const DAY = 24 * 60 * 60;

const ANNOUNCEMENTS = [
  {
    slug: 'newsletter-builder-templates',
    title: 'New newsletter builder templates',
    excerpt: 'Three new termly templates are ready in the Newsletter Builder, with a bigger header image and a two-column events section.',
    daysAgo: 3,
  },
  {
    slug: 'learning-in-the-cloud-leavers',
    title: 'Uploading your leavers list',
    excerpt: 'Before the summer holidays, upload your leavers list so that accounts are archived and licences are freed for September.',
    daysAgo: 17,
  },
  {
    slug: 'app-push-notification-scheduling',
    title: 'Schedule push notifications',
    excerpt: 'You can now write a notification in advance and choose when the app sends it to parents.',
    daysAgo: 41,
  },
];

const CHANGELOG = [
  {
    slug: 'gallery-reordering',
    title: 'Reorder gallery images by dragging',
    text: '<p>Open a gallery and <strong>drag an image</strong> to its new place, then press Save.</p>',
    daysAgo: 2,
  },
  {
    slug: 'faster-post-search',
    title: 'Faster post search',
    text: '<p>Searching your posts by title now answers instantly, even with thousands of posts.</p>',
    daysAgo: 9,
  },
  {
    slug: 'two-step-support-tickets',
    title: 'Support tickets show their status colour',
    text: '<p>My Tickets now shows each ticket\'s priority and status as coloured badges. <a href="https://support.example.org/kb/tickets">Read more</a>.</p>',
    daysAgo: 30,
  },
];

/** The demo's provider news: three home-page updates and three changelog items, dated before `now`. */
export async function seedProviderNews(db: Db, now: number): Promise<void> {
  for (const a of ANNOUNCEMENTS) {
    await addAnnouncement(db, { slug: a.slug, title: a.title, excerpt: a.excerpt, published_at: now - a.daysAgo * DAY });
  }
  for (const c of CHANGELOG) {
    await addChangelog(db, { slug: c.slug, title: c.title, text: c.text, published_at: now - c.daysAgo * DAY });
  }
}
