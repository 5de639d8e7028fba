import { websiteCalls } from '../../contract';
import { routesOver } from '../../../../platform/http/port';
import { Refusal } from '../../../../platform/errors';
import { MEDIA_MESSAGES } from '../../../../platform/media/errors';
import type { GalleriesPort } from '../backend';
import { UPLOAD } from './media';

/** Galleries (spec section 7, Website), served at the API's root. */
export const GALLERY_ROUTES = routesOver<GalleriesPort>((serve) => {
  serve(websiteCalls.newGallery, (galleries, { body }) => galleries.createGallery(body.title));
  // The form's galleryID is checked by the call's schema (a 400 naming it) once the file is read.
  serve.upload(websiteCalls.uploadGalleryImage, (galleries, upload) => galleries.uploadGalleryImage(upload), UPLOAD);
  serve(websiteCalls.updateGallery, async (galleries, { body }) => {
    await galleries.updateGallery(body.galleryID, body.uploaded, body.images ?? []);
    return {};
  });
  serve(websiteCalls.removeGalleryImage, async (galleries, { body }) => {
    await galleries.removeGalleryImage(body.galleryID, body.id);
    return {};
  });
  serve(websiteCalls.deleteGallery, async (galleries, { body }) => {
    await galleries.deleteGallery(body.id);
    return {};
  });
  serve(websiteCalls.galleries, (galleries, { query }) => galleries.listGalleries(query.page, query.limit));
  // Before `{id}`, which would otherwise take "min" as an id.
  serve(websiteCalls.galleryTitles, async (galleries) => ({ galleries: await galleries.listGalleryTitles() }));
  serve(websiteCalls.gallery, async (galleries, { params }) => {
    const gallery = await galleries.findGallery(params.id);
    if (!gallery) throw new Refusal(404, 'not_found', MEDIA_MESSAGES.galleryNotFound);
    return { gallery };
  });
});
