import { Hono } from 'hono';
import { websiteCalls } from '../../../../contracts/website';
import { serveUpstream } from '../../../upstream/serve';
import type { UpstreamEnv } from '../../../upstream/types';
import * as galleries from './service';
import { serveUpstreamUpload } from './stream';

/** The galleries' and media uploads' calls the legacy backend has, served through the upstream service. */
export const galleryUpstreamRoutes = new Hono<UpstreamEnv>();

serveUpstream(galleryUpstreamRoutes, websiteCalls.newGallery, (up, { body }) => galleries.createGallery(up, body.title));
// Uploads stream through (stream.ts): no form validation that would read the body here.
serveUpstreamUpload(galleryUpstreamRoutes, websiteCalls.uploadGalleryImage, (up, stream) => galleries.uploadGalleryImage(up, stream));
serveUpstreamUpload(galleryUpstreamRoutes, websiteCalls.uploadMedia, async (up, stream) => ({
  media: await galleries.uploadMedia(up, '/api/website/media/upload', stream),
}));
serveUpstreamUpload(galleryUpstreamRoutes, websiteCalls.uploadBuilderMedia, async (up, stream) => ({
  media: await galleries.uploadMedia(up, '/api/website/media/upload/builder', stream),
}));
serveUpstream(galleryUpstreamRoutes, websiteCalls.updateGallery, async (up, { body }) => {
  await galleries.updateGallery(up, body.galleryID, body.uploaded, body.images);
  return {};
});
serveUpstream(galleryUpstreamRoutes, websiteCalls.removeGalleryImage, async (up, { body }) => {
  await galleries.removeGalleryImage(up, body.galleryID, body.id);
  return {};
});
serveUpstream(galleryUpstreamRoutes, websiteCalls.galleries, (up, { query }) => galleries.listGalleries(up, query.page, query.limit));
// Before `{id}`, which would otherwise take "min" as an id.
serveUpstream(galleryUpstreamRoutes, websiteCalls.galleryTitles, async (up) => ({ galleries: await galleries.listGalleryTitles(up) }));
serveUpstream(galleryUpstreamRoutes, websiteCalls.gallery, async (up, { params }) => ({ gallery: await galleries.getGallery(up, params.id) }));

/** The galleries' pages upstream mode can show. */
export const GALLERY_UPSTREAM_PAGES: readonly string[] = ['/website/galleries', '/website/galleries/new', '/website/galleries/edit'];
