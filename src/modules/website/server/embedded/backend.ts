/**
 * The website's port (../backend.ts) on the embedded backend: the school's CMS in its database,
 * its uploads in the data folder. What the routes took from the runtime is bound here: the data
 * folder, the pages' review hours, the school's time zone and the public sites' origin.
 */
import type { RequestContext } from '../../../../platform/context';
import type { Runtime } from '../../../../platform/runtime';
import type { PortUpload } from '../../../../platform/http/port';
import type { WebsiteBackend } from '../backend';
import * as content from './content/service';
import * as galleries from './galleries/service';
import * as revisions from './revisions/service';
import { createPreview } from './revisions/preview';
import { uploadMedia, type Upload } from './media/service';

/** The form the embedded adapter read and checked (the embedded backend never gets a body unread). */
function formOf<F>(upload: PortUpload<F>): F {
  if (!('form' in upload)) throw new Error('The embedded backend reads its uploads: a streamed body is upstream mode’s.');
  return upload.form;
}

/** The uploaded file as the media service takes it: its bytes, and the client's name (a title only). */
async function toUpload(file: File): Promise<Upload> {
  return { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name };
}

export function embeddedWebsiteBackend(ctx: RequestContext, runtime: Runtime): WebsiteBackend {
  const { PORTAL_DATA_DIR: dataDir, PORTAL_TIMEZONE: timeZone, PORTAL_SITES_URL: sitesOrigin } = runtime.config;
  const review = { hours: runtime.config.PORTAL_PAGE_REVIEW_HOURS };
  return {
    listCategories: () => content.listCategories(ctx),
    listPosts: (query) => content.listPosts(ctx, query),
    getPost: (id) => content.getPost(ctx, id),
    listPages: (query) => content.listPages(ctx, query, review),
    getPage: (id) => content.getPage(ctx, id),
    getMenu: () => content.getMenu(ctx),
    togglePost: (input) => content.togglePost(ctx, input),
    deletePost: (id) => content.deletePost(ctx, id),
    deletePage: (id) => content.deletePage(ctx, id),
    bulkPosts: (input) => content.bulkPosts(ctx, input),
    createPost: (input) => content.createPost(ctx, input),
    updatePost: (input) => content.updatePost(ctx, input),
    createPage: (input) => content.createPage(ctx, input),
    updatePage: (input) => content.updatePage(ctx, input),
    postsScreen: (location, choice) => content.loadPostsScreen(ctx, location, choice),
    pagesScreen: (location) => content.loadPagesScreen(ctx, location, review),
    editorItem: (kind, id) => content.findEditorItem(ctx, kind, id),

    uploadMedia: async (upload, builder) => uploadMedia(ctx, dataDir, await toUpload(formOf(upload).file), builder),

    listGalleries: (page, limit) => galleries.listGalleries(ctx, page, limit),
    listGalleryTitles: () => galleries.listGalleryTitles(ctx),
    findGallery: (id) => galleries.findGallery(ctx, id),
    createGallery: (title) => galleries.createGallery(ctx, title),
    async uploadGalleryImage(upload) {
      const form = formOf(upload);
      return galleries.uploadGalleryImage(ctx, dataDir, form.galleryID, await toUpload(form.file));
    },
    updateGallery: (galleryId, uploaded, images) => galleries.updateGallery(ctx, galleryId, uploaded, images),
    removeGalleryImage: (galleryId, id) => galleries.removeGalleryImage(ctx, dataDir, galleryId, id),
    deleteGallery: (id) => galleries.deleteGallery(ctx, dataDir, id),

    listRevisions: (kind, id) => revisions.listRevisions(ctx, kind, id, timeZone),
    getRevision: (id) => revisions.getRevision(ctx, id, timeZone),
    saveAutosave: (input) => revisions.saveAutosave(ctx, input, timeZone),
    findAutosave: (query) => revisions.findAutosave(ctx, query, timeZone),
    discardAutosave: (input) => revisions.discardAutosave(ctx, input),
    createPreview: (input) => createPreview(ctx, input, sitesOrigin),
  };
}
