import { Hono } from 'hono';
import type { AuthedEnv } from '../http/types';
import { ok } from '../http/envelope';
import { requireAuth } from '../http/middleware';
import { listChangelog, listUpdates, serverStatus } from './service';

export const supportRoutes = new Hono<AuthedEnv>()
  .use('*', requireAuth)
  .get('/updates', async (c) => ok(c, { data: await listUpdates(c.get('runtime').db) }))
  .get('/changelog', async (c) => ok(c, { data: await listChangelog(c.get('runtime').db) }))
  .get('/status', async (c) => {
    const { db, config } = c.get('runtime');
    return ok(c, await serverStatus(db, config.PORTAL_DATA_DIR));
  });
