import type { PortalModule } from '../module';
import { supportCommands } from './commands';
import { supportRoutes } from './routes';
import { seedProviderNews } from './seed';
import { updatesVersion } from './service';
import { supportCalls } from '../../contracts/support';
import './schema';

/** Support: the provider's updates and changelog, service status, tickets and help (tickets to come). */
export const supportModule: PortalModule = {
  name: 'support',
  calls: supportCalls,
  mountApi(api) {
    // The contract's paths (supportCalls), served at the API's root.
    api.route('/', supportRoutes);
  },
  commands: supportCommands,
  async seedDemo(db, _school, now) {
    await seedProviderNews(db, now);
  },
  // The home page shows nothing beyond the session but the provider's updates (and the build's links).
  cachedPages: [{ path: '/home', version: (ctx) => updatesVersion(ctx.db) }],
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
