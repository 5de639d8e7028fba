import type { PortalModule } from '../../../../platform/module/module';
import { newsletterCalls } from '../../contract';
import { newsletterBuilderCalls } from '../../builder-contract';
import * as m0013 from './migrations/0013_newsletter_builder';
import * as m0015 from './migrations/0015_newsletter_delivery_message_ids';
import * as m0024 from './migrations/0024_newsletter_send_quota';
import * as m0026 from './migrations/0026_newsletter_reply_to';
import * as m0027 from './migrations/0027_newsletter_bounces';
import * as m0028 from './migrations/0028_newsletter_member_counts';
import * as m0030 from './migrations/0030_newsletter_test_addresses_frame_blocks';
import { mountEmbedded } from '../../../../platform/http/port-embedded';
import { MAILING_LIST_ROUTES } from '../routes/members';
import { SEND_ROUTES } from '../routes/sends';
import { BUILDER_ROUTES } from '../routes/builder';
import { embeddedNewsletterBackend } from './backend';
import * as m0009 from './migrations/0009_newsletter';
import { seedDemoMailingList } from './seed';
import * as m0011 from './migrations/0011_newsletter_sends';
import { DELIVER_JOB, deliverSend } from './sends/delivery';
import { defineJob } from '../../../../platform/jobs';
import { z } from 'zod';
import * as m0012 from './migrations/0012_newsletter_signups';
import { SIGNUP_MAIL_JOB, purgeOldSignups } from './signup/service';
import { sendSignupMail } from './signup/mail';
import { PDF_CONCURRENCY, PDF_JOB, PDF_TIMEOUT_SECONDS, pdfJobPayload, runPdfJob } from './builder/pdf/job';
import { newsletterCommands } from './commands';
import { READ_BOUNCES_EVERY_SECONDS, READ_BOUNCES_JOB, readBounces } from './bounces/mailbox-job';
import { mountBounceWebhooks } from './bounces/webhooks';
import './schema';
import type { NewsletterBackend } from '../backend';

const PURGE_SIGNUPS = 'newsletter-purge-signups';

/** Newsletter: the mailing list, simple send and the builder (the builder's screens to come; its gate and menu stand). */
export const newsletterModule: PortalModule<NewsletterBackend> = {
  name: 'newsletter',
  backend: embeddedNewsletterBackend,
  calls: { ...newsletterCalls, ...newsletterBuilderCalls },
  mountApi(api) {
    mountEmbedded(api, MAILING_LIST_ROUTES, embeddedNewsletterBackend);
    mountEmbedded(api, SEND_ROUTES, embeddedNewsletterBackend);
    mountEmbedded(api, BUILDER_ROUTES, embeddedNewsletterBackend);
    mountBounceWebhooks(api);
  },
  migrations: { '0009_newsletter': m0009, '0011_newsletter_sends': m0011, '0012_newsletter_signups': m0012, '0013_newsletter_builder': m0013, '0015_newsletter_delivery_message_ids': m0015, '0024_newsletter_send_quota': m0024, '0026_newsletter_reply_to': m0026, '0027_newsletter_bounces': m0027, '0028_newsletter_member_counts': m0028, '0030_newsletter_test_addresses_frame_blocks': m0030 },
  jobs: {
    // A send's deliveries, a batch at a time (src/modules/newsletter/server/embedded/sends/delivery.ts).
    [DELIVER_JOB]: defineJob({ payload: z.object({ sendId: z.number().int().positive() }), run: (rt, { sendId }) => deliverSend(rt, sendId) }),
    // The public sign-up's confirmation message (src/modules/newsletter/server/embedded/signup).
    [SIGNUP_MAIL_JOB]: defineJob({
      payload: z.object({ signupId: z.number().int().positive(), schoolName: z.string() }),
      run: (rt, { signupId, schoolName }) => sendSignupMail(rt, signupId, schoolName),
    }),
    // The builder's PDF export: print in headless Chromium, mail it to who asked (src/modules/newsletter/server/embedded/builder/pdf).
    [PDF_JOB]: defineJob({
      payload: pdfJobPayload,
      concurrency: PDF_CONCURRENCY,
      timeoutSeconds: PDF_TIMEOUT_SECONDS,
      run: (rt, job, signal) => runPdfJob(rt, job, signal),
    }),
    [PURGE_SIGNUPS]: defineJob({ run: async (rt) => void (await purgeOldSignups(rt.db, rt.clock())) }),
    // Bounces and complaints read from MAIL_BOUNCES_URL's mailbox (src/modules/newsletter/server/embedded/bounces).
    [READ_BOUNCES_JOB]: defineJob({ run: async (rt) => void (await readBounces(rt)) }),
  },
  schedules: [
    { name: PURGE_SIGNUPS, everySeconds: 60 * 60 },
    { name: READ_BOUNCES_JOB, everySeconds: READ_BOUNCES_EVERY_SECONDS },
  ],
  commands: newsletterCommands,
  async seedDemo(db, school, now) {
    await seedDemoMailingList(db, school, now);
  },
};
