/**
 * The server process's backend, chosen once by PORTAL_BACKEND: the embedded one (database, files,
 * mail, jobs: ./embedded-portal.ts) or upstream mode (the legacy backend at PORTAL_UPSTREAM_URL,
 * nothing of its own on disk: ./upstream/portal.ts). Astro's middleware and /api route hand every
 * request to it.
 */
import { parseConfig } from '../platform/config';
import { upstreamPortal } from './upstream/portal';
import type { Portal } from '../platform/server/portal';

export type { Portal };


let portal: Promise<Portal> | undefined;

export function getPortal(): Promise<Portal> {
  portal ??= (async (): Promise<Portal> => {
    const config = parseConfig(process.env);
    if (config.PORTAL_BACKEND === 'upstream') return upstreamPortal(config);
    // The embedded backend is imported only when it is the one used (and the edge build has none: astro.edge.config.mjs).
    const { embeddedPortal } = await import('./embedded/portal');
    return embeddedPortal();
  })();
  return portal;
}
