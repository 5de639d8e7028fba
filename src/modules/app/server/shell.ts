import type { ModuleShell } from '../../../platform/module/module-shell';

/** App as the shell knows it, whichever backend serves it: its product gates and sidebar group. */
export const appShell: ModuleShell = {
  name: 'app',
  gates: [{ prefix: '/app', products: ['app'] }],
  menu: {
    label: 'App',
    icon: 'device-mobile',
    items: [
      { label: 'Send Notification', href: '/app/send' },
      { label: 'Manage Staff List', href: '/app/managestaff' },
    ],
  },
};
