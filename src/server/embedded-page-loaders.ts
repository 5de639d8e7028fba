/** The embedded backend's page loaders, by module (see ./page-loaders.ts). */
import { websitePages } from './website/pages';
import { staffPages } from './staff/pages';
import { newsletterPages } from './newsletter/pages';
import { haparaPages } from './hapara/pages';
import { accountPages } from './account/pages';
import { supportPages } from './support/pages';

export const EMBEDDED_PAGE_LOADERS = {
  website: websitePages,
  staff: staffPages,
  newsletter: newsletterPages,
  hapara: haparaPages,
  account: accountPages,
  support: supportPages,
};
