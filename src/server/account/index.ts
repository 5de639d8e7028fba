import type { PortalModule } from '../module';
import { authRoutes } from '../auth/routes';
import { accountCommands } from './commands';
import { shellCalls } from '../../contracts/shell';

/** Account: schools, their users and products; sign-in, sign-out and the current user. */
export const accountModule: PortalModule = {
  name: 'account',
  calls: shellCalls,
  mountApi(api) {
    // Sign-in, sign-out and `/api/api/user`: the contract's paths (shellCalls), served at the API's root.
    api.route('/', authRoutes);
  },
  commands: accountCommands,
  menu: {
    label: 'Account',
    icon: 'user',
    items: [
      { label: 'My Products', href: '/account/products' },
      { label: 'Manage Users', href: '/account/users' },
      { label: 'Activity Log', href: '/account/activity' },
    ],
  },
};
