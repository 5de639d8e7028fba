/**
 * Upstream mode's side of the modules (the embedded backend's is ../modules.ts): each module's second
 * implementation, against the provider's legacy backend. The API mounts their routes; their
 * capabilities and pages are what the screens and menus show.
 */
import { capabilitySet } from '../../lib/capabilities';
import type { UpstreamModule } from '../../platform/upstream/types';
import { sideOfEach } from '../module-list';
import type { UpstreamScope } from '../../platform/upstream/client';
import type { Config } from '../../platform/config';

/** Upstream mode's side of every module of the list (../module-list.ts), by name: each builds the module's port on the legacy backend. */
export const UPSTREAM_LIST = sideOfEach('upstream');

export const UPSTREAM_MODULES: readonly UpstreamModule[] = Object.values(UPSTREAM_LIST);

export const UPSTREAM_CAPABILITIES = capabilitySet(UPSTREAM_MODULES.flatMap((module) => module.capabilities));

/** Every page's warm-up (UpstreamModule.warmups), by path. */
export const UPSTREAM_WARMUPS: ReadonlyMap<string, (up: UpstreamScope, url: URL) => Promise<unknown>> = new Map(
  UPSTREAM_MODULES.flatMap((module) => Object.entries(module.warmups ?? {})),
);

/** Pages of the portal's own making that need no backend data (beside the modules' pages). */
const SHELL_PAGES = ['/home', '/product-unavailable', '/account/products', '/support/help'];

/**
 * The staff pages upstream mode may show, by path, whatever the settings: the others are 'not
 * available' (and left out of the edge build, scripts/edge/build-plugin.mjs).
 */
export const UPSTREAM_PAGES: ReadonlySet<string> = new Set([
  ...SHELL_PAGES,
  ...UPSTREAM_MODULES.flatMap((module) => [...module.pages, ...Object.keys(module.pagesWith ?? {})]),
]);

/** The staff pages upstream mode shows with these settings. */
export function upstreamPagesFor(config: Config): ReadonlySet<string> {
  const conditional = UPSTREAM_MODULES.flatMap((module) => Object.entries(module.pagesWith ?? {}));
  return new Set([...UPSTREAM_PAGES].filter((path) => conditional.every(([page, shown]) => page !== path || shown(config))));
}
