import type { PortalModule } from '../../../../platform/module/module';
import { websiteCommands } from './commands';
import { schoolContext } from '../../../../platform/context';
import { seedDemoWebsite } from './seed';
import { cleanupPendingUploads } from './media/service';
import * as m0002 from './migrations/0002_website';
import * as m0004 from './migrations/0004_website_locked';
import * as m0005 from './migrations/0005_website_site_versions';
import * as m0006 from './migrations/0006_website_revisions';
import * as m0007 from './migrations/0007_website_gallery_captions';
import { WEBSITE_ROUTES } from '../routes';
import { mountEmbedded } from '../../../../platform/http/port-embedded';
import { embeddedWebsiteBackend } from './backend';
import { contentVersion, nextScheduledPostAt, publishDuePages } from './content/service';
import { websiteCalls } from '../../contract';
import './schema';
import type { WebsiteBackend } from '../backend';

/** Website: an embedded CMS (posts, pages, categories, media, galleries) and each school's public site. */
export const websiteModule: PortalModule<WebsiteBackend> = {
  name: 'website',
  backend: embeddedWebsiteBackend,
  calls: websiteCalls,
  mountApi(api) {
    // The contract's paths (websiteCalls), served at the API's root.
    for (const routes of WEBSITE_ROUTES) mountEmbedded(api, routes, embeddedWebsiteBackend);
  },
  migrations: {
    '0002_website': m0002,
    '0004_website_locked': m0004,
    '0005_website_site_versions': m0005,
    '0006_website_revisions': m0006,
    '0007_website_gallery_captions': m0007,
  },
  jobs: {
    // Gallery uploads nobody saved: rows and files go after a day.
    'website-pending-uploads': {
      run: async (rt) => {
        await cleanupPendingUploads(rt.db, rt.config.PORTAL_DATA_DIR, rt.clock());
      },
    },
    // New pages are held for review: publish those whose PORTAL_PAGE_REVIEW_HOURS are over.
    'website-publish-due-pages': {
      run: async (rt) => {
        await publishDuePages(rt.db, rt.clock(), rt.config.PORTAL_PAGE_REVIEW_HOURS);
      },
    },
  },
  schedules: [
    { name: 'website-pending-uploads', everySeconds: 60 * 60 },
    { name: 'website-publish-due-pages', everySeconds: 5 * 60 },
  ],
  commands: websiteCommands,
  async seedDemo(db, school, now, { dataDir }) {
    await seedDemoWebsite(schoolContext(db, school, now), { dataDir });
  },
  // Manage Posts shows nothing beyond the session but the school's content and the clock.
  cachedPages: [{ path: '/website/posts', version: async (ctx) => String(await contentVersion(ctx)), until: nextScheduledPostAt }],
};
