import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import type { Runtime } from './runtime';
import { Refusal } from './errors';
import type { AppEnv } from './http/types';
import { fail, MESSAGES } from './http/envelope';
import { gateProducts, loadSessionVar, provideRuntime, refuseCrossSiteWrites, zodMessage } from './http/middleware';
import { mountModuleApis } from './modules';
import { PRODUCT_GATES } from './shell-modules';

/**
 * The one contract between browser and backend, mounted at /api by Astro. Built from a runtime
 * so API tests run the same app on their own database file and clock.
 */
export function createApi(runtime: Runtime) {
  const app = new Hono<AppEnv>().basePath('/api');

  app.onError((err, c) => {
    if (err instanceof Refusal) return fail(c, err.status, err.message, err.code);
    // A service that validates with zod itself: its first issue is the answer, as for a route's.
    if (err instanceof ZodError) return fail(c, 400, zodMessage(err), 'invalid');
    if (err instanceof HTTPException) return fail(c, err.status, err.message || undefined);
    console.error(`[api] ${c.req.method} ${c.req.path}:`, err);
    return fail(c, 500, MESSAGES.internal);
  });
  app.notFound((c) => fail(c, 404, MESSAGES.notFound));

  app.use('*', provideRuntime(runtime), refuseCrossSiteWrites, loadSessionVar, gateProducts(PRODUCT_GATES));

  mountModuleApis(app);
  return app;
}

export type Api = ReturnType<typeof createApi>;
