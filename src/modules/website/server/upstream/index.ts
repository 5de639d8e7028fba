import type { UpstreamModule } from '../../../../platform/upstream/types';
import { mountUpstream } from '../../../../platform/upstream/port';
import { websiteCalls as calls } from '../../contract';
import { readLocation, readPostsLocation } from '../../lists';
import { CONTENT_ROUTES, GALLERY_ROUTES, MEDIA_ROUTES } from '../routes';
import { galleriesOnce, pagesScreenOnce, postsScreenOnce, upstreamWebsiteBackend } from './backend';
import type { WebsiteBackend } from '../backend';

/** The website module against the provider's legacy backend (upstream mode): the spec's calls, no revisions, autosaves, preview or bulk actions. */
export const websiteUpstream: UpstreamModule<WebsiteBackend> = {
  name: 'website',
  backend: upstreamWebsiteBackend,
  mountApi(api) {
    mountUpstream(api, CONTENT_ROUTES, upstreamWebsiteBackend, {
      calls: [
        calls.categories,
        calls.posts,
        calls.post,
        calls.pages,
        calls.page,
        calls.menu,
        calls.togglePost,
        calls.deletePost,
        calls.createPost,
        calls.updatePost,
        calls.createPage,
        calls.updatePage,
      ],
    });
    // Uploads stream through to the legacy backend (platform/upstream/upload-stream.ts).
    mountUpstream(api, MEDIA_ROUTES, upstreamWebsiteBackend, { calls: [calls.uploadMedia, calls.uploadBuilderMedia] });
    mountUpstream(api, GALLERY_ROUTES, upstreamWebsiteBackend, {
      calls: [
        calls.newGallery,
        calls.uploadGalleryImage,
        calls.updateGallery,
        calls.removeGalleryImage,
        calls.galleries,
        calls.galleryTitles,
        calls.gallery,
      ],
    });
  },
  capabilities: [],
  pages: [
    '/website/posts',
    '/website/posts/edit',
    '/website/pages',
    '/website/pages/edit',
    '/website/galleries',
    '/website/galleries/new',
    '/website/galleries/edit',
  ],
  // The address's page and query, read as each page reads them.
  warmups: {
    '/website/posts': (up, url) => postsScreenOnce(up, readPostsLocation(url.searchParams)),
    '/website/pages': (up, url) => pagesScreenOnce(up, readLocation(url.searchParams)),
    '/website/galleries': (up, url) => galleriesOnce(up, readLocation(url.searchParams).page),
  },
};
