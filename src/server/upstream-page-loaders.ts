/** Upstream mode's page loaders, by module (see ./page-loaders.ts). */
import type { PageLoaders } from './page-loaders';
import { websiteUpstreamPages } from './website/upstream/pages';
import { staffUpstreamPages } from './staff/upstream/pages';
import { newsletterUpstreamPages } from './newsletter/upstream/pages';
import { haparaUpstreamPages } from './hapara/upstream/pages';
import { accountUpstreamPages } from './account/upstream/pages';
import { supportUpstreamPages } from './support/upstream/pages';

export const UPSTREAM_PAGE_LOADERS: PageLoaders = {
  website: websiteUpstreamPages,
  staff: staffUpstreamPages,
  newsletter: newsletterUpstreamPages,
  hapara: haparaUpstreamPages,
  account: accountUpstreamPages,
  support: supportUpstreamPages,
};
