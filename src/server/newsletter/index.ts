import type { PortalModule } from '../module';

/** Newsletter: mailing list, simple send and the builder (screens to come; the gates and menu stand). */
export const newsletterModule: PortalModule = {
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
    ],
  },
};
