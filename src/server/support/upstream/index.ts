import type { UpstreamModule } from '../../upstream/types';
import { SUPPORT_UPSTREAM_PAGES, supportUpstreamRoutes } from './routes';
import { ticketsOnce, updatesOnce } from './pages';
import { readLocation } from '../../../lib/lists';
import type { Config } from '../../config';

const hasExternalHelpdesk = (config: Config) => config.PORTAL_HELPDESK_URL !== undefined;

/** The support module against the provider's legacy backend (upstream mode): updates, changelog, the tickets list. */
export const supportUpstream: UpstreamModule = {
  name: 'support',
  mountApi(api) {
    api.route('/', supportUpstreamRoutes);
  },
  // No 'support.helpdesk' or 'support.knowledgebase': the legacy backend has no threads, new tickets or articles.
  capabilities: [],
  pages: SUPPORT_UPSTREAM_PAGES,
  // An external helpdesk (PORTAL_HELPDESK_URL) serves these screens' frames itself, whichever backend the portal has.
  pagesWith: { '/support/new': hasExternalHelpdesk, '/support/knowledgebase': hasExternalHelpdesk },
  // My Tickets' page as the page reads it from the address.
  warmups: { '/home': updatesOnce, '/support/tickets': (up, url) => ticketsOnce(up, readLocation(url.searchParams, 0).page) },
};
