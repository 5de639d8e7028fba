import type { ModuleShell } from '../../../platform/module/module-shell';

/** Newsletter as the shell knows it, whichever backend serves it: its product gates and sidebar group. */
export const newsletterShell: ModuleShell = {
  name: 'newsletter',
  gates: [
    { prefix: '/newsletter/send/builder', products: ['newsletter', 'builder'] },
    { prefix: '/newsletter', products: ['newsletter'] },
  ],
  menu: {
    label: 'Newsletter',
    icon: 'mail',
    items: [
      { label: 'Manage Mailing List', href: '/newsletter/manage/list' },
      { label: 'Simple Newsletter', href: '/newsletter/send/simple' },
      { label: 'Newsletter Builder', href: '/newsletter/send/builder' },
      { label: 'Sent Newsletters', href: '/newsletter/sent' },
    ],
  },
};
