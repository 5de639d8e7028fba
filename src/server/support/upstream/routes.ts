import { Hono } from 'hono';
import { supportCalls } from '../../../contracts/support';
import { supportHelpdeskCalls } from '../../../contracts/support-helpdesk';
import { serveUpstream } from '../../upstream/serve';
import type { UpstreamEnv } from '../../upstream/types';
import * as support from './service';

/** The support calls the legacy backend has (spec section 7, Shell and support), served through the upstream service. */
export const supportUpstreamRoutes = new Hono<UpstreamEnv>();

serveUpstream(supportUpstreamRoutes, supportCalls.updates, async (up) => ({ data: await support.listUpdates(up) }));
serveUpstream(supportUpstreamRoutes, supportCalls.changelog, async (up) => ({ data: await support.listChangelog(up) }));
serveUpstream(supportUpstreamRoutes, supportHelpdeskCalls.tickets, (up, { query }) => support.listTickets(up, query.page));

/** The support screens upstream mode can show (/home is the shell's own). */
export const SUPPORT_UPSTREAM_PAGES: readonly string[] = ['/support/tickets'];
