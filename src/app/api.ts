import { Hono } from 'hono';
import type { Runtime } from '../platform/runtime';
import type { AppEnv } from '../platform/http/types';
import { fail, MESSAGES } from '../platform/http/envelope';
import { answerError, gateProducts, loadSessionVar, noStore, provideRuntime, refuseCrossSiteWrites } from '../platform/http/middleware';
import { mountModuleApis } from './modules';
import { PRODUCT_GATES } from './shell-modules';

/**
 * The one contract between browser and backend, mounted at /api by Astro. Built from a runtime
 * so API tests run the same app on their own database file and clock.
 */
export function createApi(runtime: Runtime) {
  const app = new Hono<AppEnv>().basePath('/api');

  app.onError(answerError);
  app.notFound((c) => fail(c, 404, MESSAGES.notFound));

  app.use('*', noStore, provideRuntime(runtime), refuseCrossSiteWrites, loadSessionVar, gateProducts(PRODUCT_GATES));

  mountModuleApis(app);
  return app;
}

export type Api = ReturnType<typeof createApi>;
