/**
 * Upstream mode's list of modules (the embedded backend's is modules.ts): each module's second
 * implementation, against the provider's legacy backend. The API mounts their routes; their
 * capabilities and pages are what the screens and menus show.
 */
import { capabilitySet } from '../lib/capabilities';
import { websiteUpstream } from './website/upstream';
import { appUpstream } from './app/upstream';
import { staffUpstream } from './staff/upstream';
import { newsletterUpstream } from './newsletter/upstream';
import { haparaUpstream } from './hapara/upstream';
import { accountUpstream } from './account/upstream';
import { supportUpstream } from './support/upstream';
import type { UpstreamModule } from './upstream/types';
import type { UpstreamScope } from './upstream/client';
import type { Config } from './config';

export const UPSTREAM_MODULES: readonly UpstreamModule[] = [
  websiteUpstream,
  appUpstream,
  staffUpstream,
  newsletterUpstream,
  haparaUpstream,
  accountUpstream,
  supportUpstream,
];

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
