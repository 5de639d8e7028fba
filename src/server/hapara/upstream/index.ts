import type { UpstreamModule } from '../../upstream/types';

/** The hapara module against the provider's legacy backend (upstream mode). */
export const haparaUpstream: UpstreamModule = {
  name: 'hapara',
  capabilities: [],
  pages: [],
};
