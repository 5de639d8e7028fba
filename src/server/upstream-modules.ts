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

/** Pages of the portal's own making that need no backend data (beside the modules' pages). */
const SHELL_PAGES = ['/home', '/product-unavailable', '/account/products', '/support/help'];

/**
 * The staff pages upstream mode shows, by path: the others are 'not available' (and left out of
 * the edge build, scripts/edge-build.mjs).
 */
export const UPSTREAM_PAGES: ReadonlySet<string> = new Set([...SHELL_PAGES, ...UPSTREAM_MODULES.flatMap((module) => module.pages)]);
