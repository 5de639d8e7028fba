import { Hono } from 'hono';
import { websiteCalls } from '../../../contracts/website';
import type { AppEnv } from '../../http/types';
import { serve } from '../../http/calls';
import { dataDirOf, readMultipart, toUpload, uploadLimit } from '../media/multipart';
import * as galleries from './service';

/** Galleries (spec section 7, Website), served at the API's root. Refusals reach the API's error handler. */
export const websiteGalleryRoutes = new Hono<AppEnv>();

serve(websiteGalleryRoutes, websiteCalls.newGallery, (ctx, { body }) => galleries.createGallery(ctx, body.title));
// The multipart body is read by readMultipart (its own refusals); the call's form schema then
// checks galleryID, and its ZodError reaches the API's error handler: a 400 naming galleryID.
serve(
  websiteGalleryRoutes,
  websiteCalls.uploadGalleryImage,
  async (ctx, { form }, c) => galleries.uploadGalleryImage(ctx, dataDirOf(c), form.galleryID, await toUpload(form.file)),
  { before: [uploadLimit], readForm: readMultipart },
);
serve(websiteGalleryRoutes, websiteCalls.updateGallery, async (ctx, { body }) => {
  await galleries.updateGallery(ctx, body.galleryID, body.uploaded, body.images);
  return {};
});
serve(websiteGalleryRoutes, websiteCalls.removeGalleryImage, async (ctx, { body }, c) => {
  await galleries.removeGalleryImage(ctx, dataDirOf(c), body.galleryID, body.id);
  return {};
});
serve(websiteGalleryRoutes, websiteCalls.galleries, (ctx, { query }) => galleries.listGalleries(ctx, query.page, query.limit));
// Before `{id}`, which would otherwise take "min" as an id.
serve(websiteGalleryRoutes, websiteCalls.galleryTitles, async (ctx) => ({ galleries: await galleries.listGalleryTitles(ctx) }));
serve(websiteGalleryRoutes, websiteCalls.gallery, async (ctx, { params }) => ({ gallery: await galleries.getGallery(ctx, params.id) }));
