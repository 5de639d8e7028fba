import type { UpstreamModule } from '../../upstream/types';
import { STAFF_UPSTREAM_PAGES, staffUpstreamRoutes } from './routes';
import { staffListOnce } from './pages';
import { readLocation } from '../../../lib/lists';
import { STAFF_SCREENS } from '../../../contracts/staff-rules';

/** The staff module against the provider's legacy backend (upstream mode): the app's list only. */
export const staffUpstream: UpstreamModule = {
  name: 'staff',
  mountApi(api) {
    api.route('/', staffUpstreamRoutes);
  },
  // No 'staff.photo-upload': the legacy backend has no upload for the list (Image URL takes an https address).
  capabilities: [],
  pages: STAFF_UPSTREAM_PAGES,
  // The list's page as the page reads it from the address.
  warmups: { [STAFF_SCREENS.app.list]: (up, url) => staffListOnce(up, readLocation(url.searchParams, 0).page) },
};
