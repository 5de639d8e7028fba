import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Runtime } from './runtime';
import { Refusal } from './errors';
import type { AppEnv } from './http/types';
import { fail, MESSAGES } from './http/envelope';
import { gateProducts, loadSessionVar, provideRuntime, refuseCrossSiteWrites } from './http/middleware';
import { authRoutes, userRoutes } from './auth/routes';
import { supportRoutes } from './support/routes';
import { websiteContentRoutes } from './website/routes';
import { websiteMediaRoutes } from './website/media-routes';

/**
 * The one contract between browser and backend, mounted at /api by Astro. Built from a runtime
 * so API tests run the same app on their own database file and clock.
 */
export function createApi(runtime: Runtime) {
  const app = new Hono<AppEnv>().basePath('/api');

  app.onError((err, c) => {
    if (err instanceof Refusal) return fail(c, err.status, err.message);
    if (err instanceof HTTPException) return fail(c, err.status, err.message || undefined);
    console.error(`[api] ${c.req.method} ${c.req.path}:`, err);
    return fail(c, 500, MESSAGES.internal);
  });
  app.notFound((c) => fail(c, 404, MESSAGES.notFound));

  app.use('*', provideRuntime(runtime), refuseCrossSiteWrites, loadSessionVar, gateProducts);

  app.route('/', authRoutes);
  app.route('/api', userRoutes);
  app.route('/support', supportRoutes);
  app.route('/website', websiteContentRoutes);
  app.route('/website', websiteMediaRoutes);
  return app;
}

export type Api = ReturnType<typeof createApi>;
