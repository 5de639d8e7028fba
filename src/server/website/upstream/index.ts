import type { UpstreamModule } from '../../upstream/types';
import { POSTS_UPSTREAM_PAGES, websiteUpstreamRoutes } from './routes';
import { GALLERY_UPSTREAM_PAGES, galleryUpstreamRoutes } from './galleries/routes';

/** The website module against the provider's legacy backend (upstream mode). */
export const websiteUpstream: UpstreamModule = {
  name: 'website',
  mountApi(api) {
    api.route('/', websiteUpstreamRoutes);
    api.route('/', galleryUpstreamRoutes);
  },
  capabilities: [],
  pages: [...POSTS_UPSTREAM_PAGES, ...GALLERY_UPSTREAM_PAGES],
};
