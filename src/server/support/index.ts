import { z } from 'zod';
import type { PortalModule } from '../module';
import { defineJob } from '../jobs';
import { supportCommands } from './commands';
import { supportRoutes } from './routes';
import { supportTicketRoutes } from './tickets/routes';
import { supportKnowledgebaseRoutes } from './knowledgebase/routes';
import { REPLY_MAIL_JOB, sendReplyMail } from './tickets/mail';
import { seedProviderNews } from './seed';
import { updatesVersion } from './service';
import { seedKnowledgebase } from './knowledgebase/seed';
import { supportCalls } from '../../contracts/support';
import { supportHelpdeskCalls } from '../../contracts/support-helpdesk';
import * as m0021 from './migrations/0021_support_helpdesk';
import './schema';

/** Support: the provider's updates and changelog, service status, the embedded helpdesk (tickets, knowledgebase) and the tutorials. */
export const supportModule: PortalModule = {
  name: 'support',
  calls: { ...supportCalls, ...supportHelpdeskCalls },
  mountApi(api) {
    // The contracts' paths (supportCalls, supportHelpdeskCalls), served at the API's root.
    api.route('/', supportRoutes);
    api.route('/', supportTicketRoutes);
    api.route('/', supportKnowledgebaseRoutes);
  },
  migrations: { '0021_support_helpdesk': m0021 },
  jobs: {
    // The author's email when the provider replies to a ticket (src/server/support/tickets/mail.ts).
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
