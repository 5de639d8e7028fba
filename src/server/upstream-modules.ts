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

/** The staff pages the legacy backend can feed, by path. */
export const UPSTREAM_PAGES: ReadonlySet<string> = new Set(UPSTREAM_MODULES.flatMap((module) => module.pages));
