import type { UpstreamModule } from '../../upstream/types';
import { STAFF_UPSTREAM_PAGES, staffUpstreamRoutes } from './routes';

/** The staff module against the provider's legacy backend (upstream mode): the app's list only. */
export const staffUpstream: UpstreamModule = {
  name: 'staff',
  mountApi(api) {
    api.route('/', staffUpstreamRoutes);
  },
  // No 'staff.photo-upload': the legacy backend has no upload for the list (Image URL takes an https address).
  capabilities: [],
  pages: STAFF_UPSTREAM_PAGES,
};
