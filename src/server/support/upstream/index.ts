import type { UpstreamModule } from '../../upstream/types';

/** The support module against the provider's legacy backend (upstream mode). */
export const supportUpstream: UpstreamModule = {
  name: 'support',
  capabilities: [],
  pages: [],
};
