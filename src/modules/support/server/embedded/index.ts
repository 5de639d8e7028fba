import { z } from 'zod';
import type { PortalModule } from '../../../../platform/module/module';
import { defineJob } from '../../../../platform/jobs';
import { supportCommands } from './commands';
import { SUPPORT_ROUTES } from '../routes';
import { mountEmbedded } from '../../../../platform/http/port-embedded';
import { embeddedSupportBackend } from './backend';
import { REPLY_MAIL_JOB, sendReplyMail } from './tickets/mail';
import { seedProviderNews } from './seed';
import { updatesVersion } from './service';
import { seedKnowledgebase } from './knowledgebase/seed';
import { supportCalls } from '../../contract';
import { supportHelpdeskCalls } from '../../helpdesk-contract';
import * as m0021 from './migrations/0021_support_helpdesk';
import './schema';
import type { SupportBackend } from '../backend';

/** Support: the provider's updates and changelog, service status, the embedded helpdesk (tickets, knowledgebase) and the tutorials. */
export const supportModule: PortalModule<SupportBackend> = {
  name: 'support',
  backend: embeddedSupportBackend,
  calls: { ...supportCalls, ...supportHelpdeskCalls },
  mountApi(api) {
    // The contracts' paths (supportCalls, supportHelpdeskCalls), served at the API's root.
    mountEmbedded(api, SUPPORT_ROUTES, embeddedSupportBackend);
  },
  migrations: { '0021_support_helpdesk': m0021 },
  jobs: {
    // The author's email when the provider replies to a ticket (src/modules/support/server/embedded/tickets/mail.ts).
    [REPLY_MAIL_JOB]: defineJob({
      payload: z.object({ messageId: z.number().int().positive() }),
      run: (rt, { messageId }) => sendReplyMail(rt, messageId),
    }),
  },
  commands: supportCommands,
  async seedDemo(db, _school, now) {
    await seedProviderNews(db, now);
    await seedKnowledgebase(db, now);
  },
  // The home page shows nothing beyond the session but the provider's updates (and the build's links).
  cachedPages: [{ path: '/home', version: (ctx) => updatesVersion(ctx.db) }],
};
