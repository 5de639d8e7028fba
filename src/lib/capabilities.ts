/**
 * What the backend behind the portal can do beyond the spec's calls. The embedded backend can do
 * everything; an upstream (legacy) backend only what its modules' upstream services declare.
 * Screens ask for a capability, never for the mode: a feature the backend lacks is not shown.
 */
export const CAPABILITIES = [
  // Website
  'website.revisions',
  'website.autosave',
  'website.preview',
  'website.bulk',
  // Deleting a page, a gallery (the legacy backend deletes posts only).
  'website.delete-pages',
  'website.delete-galleries',
  // Manage Posts' status filter and sort (the legacy posts call pages and searches only).
  'website.list-choices',
  'website.import',
  'website.media-details',
  'website.public-site',
  // Newsletter
  'newsletter.import',
  'newsletter.export',
  'newsletter.sent-history',
  'newsletter.signup',
  // Learning in the Cloud
  'hapara.leavers',
  'hapara.requests',
  // Account
  'account.activity',
  'account.invitations',
  // App
  'app.send',
  // Staff lists
  'staff.photo-upload',
  // Support
  'support.helpdesk',
  'support.knowledgebase',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** The set a screen asks: `has('website.revisions')`. */
export interface Capabilities {
  has(capability: Capability): boolean;
}

export function capabilitySet(list: readonly Capability[]): Capabilities {
  const set = new Set<Capability>(list);
  return { has: (capability) => set.has(capability) };
}

export const ALL_CAPABILITIES: Capabilities = capabilitySet(CAPABILITIES);
