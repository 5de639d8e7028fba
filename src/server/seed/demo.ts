import type { Db } from '../db';
import type { Config } from '../config';
import type { Clock } from '../clock';
import { addUser, createSchool } from '../account/service';
import { countDomains } from '../account/repository';
import { addAnnouncement, addChangelog } from '../support/service';
import { seedDemoWebsite } from '../website/content-seed';

export const DEMO_SCHOOL = { label: 'demo.school', name: 'Demo School' } as const;
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

/**
 * Seeds an empty database with the demo school, its admin and the provider's news, all in one
 * transaction. Returns the admin's sign-in when it seeded, or null when the database already
 * had a school (so starting twice never seeds twice).
 */
export async function seedDemoIfEmpty(
  db: Db,
  config: Pick<Config, 'PORTAL_ADMIN_EMAIL' | 'PORTAL_ADMIN_PASSWORD'>,
  clock: Clock,
): Promise<{ email: string; password: string } | null> {
  return db.transaction().execute(async (trx) => {
    if ((await countDomains(trx)) > 0) return null;
    const now = clock();
    await createSchool(
      trx,
      { ...DEMO_SCHOOL, products: { hapara: true, newsletter: true, builder: true, website: true, app: true } },
      now,
    );
    // The website: default categories and WordPress's theme test data (posts, pages, categories).
    await seedDemoWebsite(trx, DEMO_SCHOOL.label, now);
    const admin = await addUser(
      trx,
      {
        label: DEMO_SCHOOL.label,
        email: config.PORTAL_ADMIN_EMAIL ?? `admin@${DEMO_SCHOOL.label}`,
        name: 'Demo Admin',
        password: config.PORTAL_ADMIN_PASSWORD,
      },
      now,
    );
    for (const a of ANNOUNCEMENTS) {
      await addAnnouncement(trx, { slug: a.slug, title: a.title, excerpt: a.excerpt, published_at: now - a.daysAgo * DAY });
    }
    for (const c of CHANGELOG) {
      await addChangelog(trx, { slug: c.slug, title: c.title, text: c.text, published_at: now - c.daysAgo * DAY });
    }
    return { email: admin.email, password: admin.password };
  });
}
