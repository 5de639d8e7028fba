import type { UpstreamModule } from '../../upstream/types';
import { HAPARA_UPSTREAM_PAGES, haparaUpstreamRoutes } from './routes';
import { classListOnce, statusOnce } from './pages';
import { listAllStudents } from './service';

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
  // The student list's whole legacy list (kept for the request by the service) is what its screen pages, whatever the address asks.
  warmups: { '/hapara/classlist': classListOnce, '/hapara/status': statusOnce, '/hapara/studentlist': listAllStudents },
};
