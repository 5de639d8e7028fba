import type { ModuleShell } from '../../../platform/module/module-shell';

/** Learning in the Cloud as the shell knows it, whichever backend serves it: its product gates and sidebar group. */
export const haparaShell: ModuleShell = {
  name: 'hapara',
  gates: [{ prefix: '/hapara', products: ['hapara'] }],
  menu: {
    label: 'Learning in the Cloud',
    icon: 'cloud',
    items: [
      { label: 'Student List Upload', href: '/hapara/upload' },
      // Its own page (the spec has both on /hapara/upload, which opened the same page twice); left out where the backend has no leavers upload.
      { label: 'Leavers List Upload', href: '/hapara/leavers' },
      { label: 'Manage Students', href: '/hapara/studentlist' },
      { label: 'Manage Classes', href: '/hapara/classlist' },
      { label: 'Status', href: '/hapara/status' },
    ],
  },
};
