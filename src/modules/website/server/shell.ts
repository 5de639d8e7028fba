import type { ModuleShell } from '../../../platform/module/module-shell';

/** Website as the shell knows it, whichever backend serves it: its product gates and sidebar group. */
export const websiteShell: ModuleShell = {
  name: 'website',
  gates: [{ prefix: '/website', products: ['website'] }],
  menu: {
    label: 'Website',
    icon: 'world',
    items: [
      { label: 'Manage Posts', href: '/website/posts' },
      { label: 'Manage Pages', href: '/website/pages' },
      { label: 'Manage Galleries', href: '/website/galleries' },
      { label: 'Manage Staff List', href: '/website/managestaff' },
    ],
  },
};
