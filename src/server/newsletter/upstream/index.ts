import type { UpstreamModule } from '../../upstream/types';
import { NEWSLETTER_UPSTREAM_PAGES, newsletterUpstreamRoutes } from './routes';

/** The newsletter module against the provider's legacy backend (upstream mode): no CSV import or export. */
export const newsletterUpstream: UpstreamModule = {
  name: 'newsletter',
  mountApi(api) {
    api.route('/', newsletterUpstreamRoutes);
  },
  capabilities: [],
  pages: [...NEWSLETTER_UPSTREAM_PAGES],
};
