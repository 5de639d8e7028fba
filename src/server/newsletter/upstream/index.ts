import type { UpstreamModule } from '../../upstream/types';

/** The newsletter module against the provider's legacy backend (upstream mode). */
export const newsletterUpstream: UpstreamModule = {
  name: 'newsletter',
  capabilities: [],
  pages: [],
};
