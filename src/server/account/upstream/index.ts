import type { UpstreamModule } from '../../upstream/types';

/** The account module against the provider's legacy backend (upstream mode). */
export const accountUpstream: UpstreamModule = {
  name: 'account',
  capabilities: [],
  pages: [],
};
