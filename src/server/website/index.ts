import type { PortalModule } from '../module';
import { websiteCommands } from './commands';
import { seedDemoWebsite } from './content-seed';
import { cleanupPendingUploads } from './media-service';
import { websiteMediaRoutes } from './media-routes';
import * as m0002 from './migrations/0002_website';
import { websiteContentRoutes } from './routes';
import { publishDuePages } from './service';
import './schema';

/** Website: an embedded CMS (posts, pages, categories, media, galleries) and each school's public site. */
export const websiteModule: PortalModule = {
  name: 'website',
  mountApi(api) {
    api.route('/website', websiteContentRoutes);
    api.route('/website', websiteMediaRoutes);
  },
  gates: [{ prefix: '/website', products: ['website'] }],
  migrations: { '0002_website': m0002 },
  jobs: [
    // Gallery uploads nobody saved: rows and files go after a day.
    {
      name: 'website-pending-uploads',
      everySeconds: 60 * 60,
      run: async (rt) => {
        await cleanupPendingUploads(rt.db, rt.config.PORTAL_DATA_DIR, rt.clock());
      },
    },
    // New pages are held for review: publish those whose PORTAL_PAGE_REVIEW_HOURS are over.
    {
      name: 'website-publish-due-pages',
      everySeconds: 5 * 60,
      run: async (rt) => {
        await publishDuePages(rt.db, rt.clock(), rt.config.PORTAL_PAGE_REVIEW_HOURS);
      },
    },
  ],
  commands: websiteCommands,
  async seedDemo(db, school, now) {
    await seedDemoWebsite(db, school.label, now);
  },
  menu: {
    label: 'Website',
    icon: 'world',
    items: [
      { label: 'Manage Posts', href: '/website/posts' },
      { label: 'Manage Pages', href: '/website/pages' },
      { label: 'Manage Galleries', href: '/website/galleries' },
      { label: 'Manage Staff List', href: '/website/managestaff' },
    ],
  },
};
