import type { UpstreamModule } from '../../upstream/types';
import { ACCOUNT_UPSTREAM_PAGES, accountUpstreamRoutes } from './routes';
import { usersOnce } from './pages';

/** The account module against the provider's legacy backend (upstream mode): no invitations, no activity log. */
export const accountUpstream: UpstreamModule = {
  name: 'account',
  mountApi(api) {
    api.route('/', accountUpstreamRoutes);
  },
  capabilities: [],
  pages: [...ACCOUNT_UPSTREAM_PAGES],
  warmups: { '/account/users': usersOnce },
};
