import type { UpstreamModule } from '../../upstream/types';
import { SUPPORT_UPSTREAM_PAGES, supportUpstreamRoutes } from './routes';

/** The support module against the provider's legacy backend (upstream mode): updates, changelog, the tickets list. */
export const supportUpstream: UpstreamModule = {
  name: 'support',
  mountApi(api) {
    api.route('/', supportUpstreamRoutes);
  },
  // No 'support.helpdesk' or 'support.knowledgebase': the legacy backend has no threads, new tickets or articles.
  capabilities: [],
  pages: SUPPORT_UPSTREAM_PAGES,
};
