/**
 * The server process's backend, chosen once by PORTAL_BACKEND: the embedded one (database, files,
 * mail, jobs: process.ts's runtime) or upstream mode (the legacy backend at PORTAL_UPSTREAM_URL,
 * nothing of its own on disk). Pages and the API ask this, then work with what it gives.
 */
import { parseConfig, type Config } from './config';
import type { Runtime } from './runtime';
import type { UpstreamSettings } from './upstream/client';
import { upstreamSettings } from './upstream/settings';

export type Portal = { mode: 'embedded'; config: Config; runtime: Runtime } | { mode: 'upstream'; config: Config; upstream: UpstreamSettings };

let portal: Promise<Portal> | undefined;

export function getPortal(): Promise<Portal> {
  portal ??= (async (): Promise<Portal> => {
    const config = parseConfig(process.env);
    if (config.PORTAL_BACKEND === 'upstream') return { mode: 'upstream', config, upstream: upstreamSettings(config) };
    // The embedded backend is imported only when it is the one used.
    const { getRuntime } = await import('./process');
    const runtime = await getRuntime();
    return { mode: 'embedded', config: runtime.config, runtime };
  })();
  return portal;
}
