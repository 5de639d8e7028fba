import { Hono } from 'hono';
import { supportCalls } from '../../contracts/support';
import type { AppEnv } from '../http/types';
import { serve } from '../http/calls';
import { listChangelog, listUpdates, serverStatus } from './service';

/** The support module's calls (`supportCalls`), served at the API's root. */
export const supportRoutes = new Hono<AppEnv>();

serve(supportRoutes, supportCalls.updates, async (ctx) => ({ data: await listUpdates(ctx.db) }));
serve(supportRoutes, supportCalls.changelog, async (ctx) => ({ data: await listChangelog(ctx.db) }));
serve(supportRoutes, supportCalls.status, (ctx, _input, c) => serverStatus(ctx.db, c.get('runtime').config.PORTAL_DATA_DIR));
