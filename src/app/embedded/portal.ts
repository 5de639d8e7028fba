/** The embedded backend behind the portal (./portal.ts): this process's runtime, its pages and its API. */
import { getRuntime } from '../process';
import { createApi } from '../api';
import { embeddedPages } from './page-middleware';
import type { Portal } from '../../platform/server/portal';

export async function embeddedPortal(): Promise<Portal> {
  const runtime = await getRuntime();
  const api = createApi(runtime);
  return {
    mode: 'embedded',
    config: runtime.config,
    servePage: (context, next) => embeddedPages(runtime, context, next),
    serveApi: (request, clientAddress) => api.fetch(request, { clientAddress }),
  };
}
