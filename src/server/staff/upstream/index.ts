import type { UpstreamModule } from '../../upstream/types';

/** The staff module against the provider's legacy backend (upstream mode). */
export const staffUpstream: UpstreamModule = {
  name: 'staff',
  capabilities: [],
  pages: [],
};
