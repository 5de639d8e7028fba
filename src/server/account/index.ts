import type { PortalModule } from '../module';
import { authRoutes, userRoutes } from '../auth/routes';
import { accountCommands } from './commands';

/** Account: schools, their users and products; sign-in, sign-out and the current user. */
export const accountModule: PortalModule = {
  name: 'account',
  mountApi(api) {
    api.route('/', authRoutes);
    // `/api/api/user`: the doubled segment is the spec's path, kept as the contract.
    api.route('/api', userRoutes);
  },
  commands: accountCommands,
  menu: {
    label: 'Account',
    icon: 'user',
    items: [
      { label: 'My Products', href: '/account/products' },
      { label: 'Manage Users', href: '/account/users' },
    ],
  },
};
