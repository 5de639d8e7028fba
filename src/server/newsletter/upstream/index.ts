import type { UpstreamModule } from '../../upstream/types';
import { NEWSLETTER_UPSTREAM_PAGES, newsletterUpstreamRoutes } from './routes';
import { membersOnce } from './pages';
import { readLocation } from '../../../lib/lists';
import { MAX_QUERY_LENGTH } from '../../../contracts/website-rules';

/** The newsletter module against the provider's legacy backend (upstream mode): no CSV import or export. */
export const newsletterUpstream: UpstreamModule = {
  name: 'newsletter',
  mountApi(api) {
    api.route('/', newsletterUpstreamRoutes);
  },
  capabilities: [],
  pages: [...NEWSLETTER_UPSTREAM_PAGES],
  // The list's page and search as the page reads them from the address.
  warmups: { '/newsletter/manage/list': (up, url) => membersOnce(up, readLocation(url.searchParams, MAX_QUERY_LENGTH)) },
};
