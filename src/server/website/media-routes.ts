import { Hono } from 'hono';
import type { AuthedEnv } from '../http/types';
import { requireAuth } from '../http/middleware';

/** Media uploads and galleries (spec section 7, Website). */
export const websiteMediaRoutes = new Hono<AuthedEnv>().use('*', requireAuth);
