/**
 * The server process's backend, chosen once by PORTAL_BACKEND: the embedded one (database, files,
 * mail, jobs: ./embedded-portal.ts) or upstream mode (the legacy backend at PORTAL_UPSTREAM_URL,
 * nothing of its own on disk: ./upstream/portal.ts). Astro's middleware and /api route hand every
 * request to it.
 */
import type { APIContext, MiddlewareNext } from 'astro';
import { parseConfig, type Config } from './config';
import { upstreamPortal } from './upstream/portal';

export interface Portal {
  mode: 'embedded' | 'upstream';
  config: Config;
  /** The pages' middleware: the session, gates, page loaders, hardening headers. */
  servePage(context: APIContext, next: MiddlewareNext): Promise<Response>;
  /** The /api app, with the client's address for rate limiting. */
  serveApi(request: Request, clientAddress: string): Response | Promise<Response>;
}

let portal: Promise<Portal> | undefined;

export function getPortal(): Promise<Portal> {
  portal ??= (async (): Promise<Portal> => {
    const config = parseConfig(process.env);
    if (config.PORTAL_BACKEND === 'upstream') return upstreamPortal(config);
    // The embedded backend is imported only when it is the one used (and the edge build has none: astro.edge.config.mjs).
    const { embeddedPortal } = await import('./embedded-portal');
    return embeddedPortal();
  })();
  return portal;
}
