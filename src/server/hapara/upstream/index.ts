import type { UpstreamModule } from '../../upstream/types';
import { HAPARA_UPSTREAM_PAGES, haparaUpstreamRoutes } from './routes';

/**
 * The hapara module against the provider's legacy backend (upstream mode). It declares neither
 * 'hapara.leavers' (the legacy backend has no leavers upload) nor 'hapara.requests' (the
 * provider's verification queue is its own): the screens hide both.
 */
export const haparaUpstream: UpstreamModule = {
  name: 'hapara',
  mountApi(api) {
    api.route('/', haparaUpstreamRoutes);
  },
  capabilities: [],
  pages: HAPARA_UPSTREAM_PAGES,
};
