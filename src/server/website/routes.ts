import { Hono } from 'hono';
import type { AuthedEnv } from '../http/types';
import { requireAuth } from '../http/middleware';

/** Posts, pages, categories and the menu (spec section 7, Website). */
export const websiteContentRoutes = new Hono<AuthedEnv>().use('*', requireAuth);
