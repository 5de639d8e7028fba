import type { UpstreamModule } from '../../upstream/types';
import { websiteUpstreamRoutes } from './routes';

/** The website module against the provider's legacy backend (upstream mode). */
export const websiteUpstream: UpstreamModule = {
  name: 'website',
  mountApi(api) {
    api.route('/', websiteUpstreamRoutes);
  },
  capabilities: [],
  pages: ['/website/posts'],
};
