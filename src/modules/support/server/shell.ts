import type { ModuleShell } from '../../../platform/module/module-shell';

/** Support as the shell knows it, whichever backend serves it: its product gates and sidebar group. */
export const supportShell: ModuleShell = {
  name: 'support',
  menu: {
    label: 'Support',
    icon: 'lifebuoy',
    items: [
      { label: 'My Tickets', href: '/support/tickets' },
      { label: 'New Support Ticket', href: '/support/new' },
      { label: 'Tutorials', href: '/support/help' },
      { label: 'Knowledgebase', href: '/support/knowledgebase' },
    ],
  },
};
