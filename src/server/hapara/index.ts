import type { PortalModule } from '../module';

/** Learning in the Cloud: students, classes, leavers and status (screens to come; the gate and menu stand). */
export const haparaModule: PortalModule = {
  name: 'hapara',
  gates: [{ prefix: '/hapara', products: ['hapara'] }],
  menu: {
    label: 'Learning in the Cloud',
    icon: 'cloud',
    items: [
      { label: 'Student List Upload', href: '/hapara/upload' },
      { label: 'Leavers List Upload', href: '/hapara/upload' },
      { label: 'Manage Students', href: '/hapara/studentlist' },
      { label: 'Manage Classes', href: '/hapara/classlist' },
      { label: 'Status', href: '/hapara/status' },
    ],
  },
};
