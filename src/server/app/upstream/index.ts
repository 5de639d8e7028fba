import type { UpstreamModule } from '../../upstream/types';

/** The app module against the provider's legacy backend (upstream mode). */
export const appUpstream: UpstreamModule = {
  name: 'app',
  capabilities: [],
  pages: [],
};
