import type { PortalModule } from '../module';
import { newsletterCalls } from '../../contracts/newsletter';
import { newsletterBuilderCalls } from '../../contracts/newsletter-builder';
import { newsletterBuilderRoutes } from './builder/routes';
import * as m0013 from './migrations/0013_newsletter_builder';
import * as m0015 from './migrations/0015_newsletter_delivery_message_ids';
import { newsletterMemberRoutes } from './members/routes';
import { newsletterSendRoutes } from './sends/routes';
import * as m0009 from './migrations/0009_newsletter';
import { seedDemoMailingList } from './seed';
import * as m0011 from './migrations/0011_newsletter_sends';
import { DELIVER_JOB, deliverSend } from './sends/delivery';
import { defineJob } from '../jobs';
import { z } from 'zod';
import * as m0012 from './migrations/0012_newsletter_signups';
import { SIGNUP_MAIL_JOB, purgeOldSignups } from './signup/service';
import { sendSignupMail } from './signup/mail';
import { PDF_JOB, pdfJobPayload, runPdfJob } from './builder/pdf/job';
import './schema';

const PURGE_SIGNUPS = 'newsletter-purge-signups';

/** Newsletter: the mailing list, simple send and the builder (the builder's screens to come; its gate and menu stand). */
export const newsletterModule: PortalModule = {
  name: 'newsletter',
  calls: { ...newsletterCalls, ...newsletterBuilderCalls },
  mountApi(api) {
    api.route('/', newsletterMemberRoutes);
    api.route('/', newsletterSendRoutes);
    api.route('/', newsletterBuilderRoutes);
  },
  migrations: { '0009_newsletter': m0009, '0011_newsletter_sends': m0011, '0012_newsletter_signups': m0012, '0013_newsletter_builder': m0013, '0015_newsletter_delivery_message_ids': m0015 },
  jobs: {
    // A send's deliveries, a batch at a time (src/server/newsletter/sends/delivery.ts).
    [DELIVER_JOB]: defineJob({ payload: z.object({ sendId: z.number().int().positive() }), run: (rt, { sendId }) => deliverSend(rt, sendId) }),
    // The public sign-up's confirmation message (src/server/newsletter/signup).
    [SIGNUP_MAIL_JOB]: defineJob({
      payload: z.object({ signupId: z.number().int().positive(), schoolName: z.string() }),
      run: (rt, { signupId, schoolName }) => sendSignupMail(rt, signupId, schoolName),
    }),
    // The builder's PDF export: print in headless Chromium, mail it to who asked (src/server/newsletter/builder/pdf).
    [PDF_JOB]: defineJob({ payload: pdfJobPayload, run: (rt, job) => runPdfJob(rt, job) }),
    [PURGE_SIGNUPS]: defineJob({ run: async (rt) => void (await purgeOldSignups(rt.db, rt.clock())) }),
  },
  schedules: [{ name: PURGE_SIGNUPS, everySeconds: 60 * 60 }],
  async seedDemo(db, school, now) {
    await seedDemoMailingList(db, school, now);
  },
};
