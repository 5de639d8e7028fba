import { Hono } from 'hono';
import { haparaCalls } from '../../../contracts/hapara';
import type { AppEnv } from '../../http/types';
import { serve } from '../../http/calls';
import { loadStatusScreen } from './service';

/** Status (spec section 7: `GET /api/hapara/status`), served at the API's root. */
export const haparaStatusRoutes = new Hono<AppEnv>();

serve(haparaStatusRoutes, haparaCalls.status, async (ctx) => ({ status: await loadStatusScreen(ctx) }));
