import type { UpstreamModule } from '../../upstream/types';
import { POSTS_UPSTREAM_PAGES, websiteUpstreamRoutes } from './routes';
import { GALLERY_UPSTREAM_PAGES, galleryUpstreamRoutes } from './galleries/routes';
import { galleriesScreenOnce, pagesScreenOnce, postsScreenOnce } from './pages';
import { readLocation, readPostsLocation } from '../../../lib/website-lists';

/** The website module against the provider's legacy backend (upstream mode). */
export const websiteUpstream: UpstreamModule = {
  name: 'website',
  mountApi(api) {
    api.route('/', websiteUpstreamRoutes);
    api.route('/', galleryUpstreamRoutes);
  },
  capabilities: [],
  pages: [...POSTS_UPSTREAM_PAGES, ...GALLERY_UPSTREAM_PAGES],
  // The address's page and query, read as each page reads them.
  warmups: {
    '/website/posts': (up, url) => postsScreenOnce(up, readPostsLocation(url.searchParams)),
    '/website/pages': (up, url) => pagesScreenOnce(up, readLocation(url.searchParams)),
    '/website/galleries': (up, url) => galleriesScreenOnce(up, readLocation(url.searchParams).page),
  },
};
