import type { PortalModule } from '../module';
import { newsletterCalls } from '../../contracts/newsletter';
import { newsletterMemberRoutes } from './members/routes';
import { newsletterSendRoutes } from './sends/routes';
import * as m0009 from './migrations/0009_newsletter';
import { seedDemoMailingList } from './seed';
import * as m0011 from './migrations/0011_newsletter_sends';
import { DELIVER_JOB, deliverSend } from './sends/delivery';
import { defineJob } from '../jobs';
import { z } from 'zod';
import './schema';

/** Newsletter: the mailing list, simple send and the builder (the builder's screens to come; its gate and menu stand). */
export const newsletterModule: PortalModule = {
  name: 'newsletter',
  calls: newsletterCalls,
  mountApi(api) {
    api.route('/', newsletterMemberRoutes);
    api.route('/', newsletterSendRoutes);
  },
  gates: [
    { prefix: '/newsletter/send/builder', products: ['newsletter', 'builder'] },
    { prefix: '/newsletter', products: ['newsletter'] },
  ],
  migrations: { '0009_newsletter': m0009, '0011_newsletter_sends': m0011 },
  jobs: {
    // A send's deliveries, a batch at a time (src/server/newsletter/sends/delivery.ts).
    [DELIVER_JOB]: defineJob({ payload: z.object({ sendId: z.number().int().positive() }), run: (rt, { sendId }) => deliverSend(rt, sendId) }),
  },
  async seedDemo(db, school, now) {
    await seedDemoMailingList(db, school, now);
  },
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
