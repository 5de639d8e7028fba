/**
 * The website's port (../backend.ts) on the legacy backend: the spec's content, media and gallery
 * calls. It has no bulk actions, page or gallery deletion, revisions, autosaves or preview (their routes are not mounted in
 * upstream mode and the screens hide them: no 'website.bulk', 'website.revisions', … capability).
 */
import type { ListLocation } from '../../../../lib/lists/location';
import type { PortUpload, PortStream } from '../../../../platform/http/port';
import type { UpstreamScope } from '../../../../platform/upstream/client';
import { WEBSITE_PAGE_SIZE } from '../../rules';
import type { WebsiteBackend } from '../backend';
import * as content from './service';
import * as galleries from './galleries/service';

/**
 * Manage Posts' rows at a page and search, asked once per request: the page middleware starts the
 * call beside the user's (the manifest's `warmups`), and the screen gets the same answer.
 */
export const postsScreenOnce = (up: UpstreamScope, location: Pick<ListLocation, 'page' | 'query'>) =>
  up.once(`page:website.posts:${location.page}:${location.query}`, () => content.postsScreen(up, location));

/** Manage Pages' rows at a page and search, asked once per request (started beside the user call, as the posts are). */
export const pagesScreenOnce = (up: UpstreamScope, location: Pick<ListLocation, 'page' | 'query'>) =>
  up.once(`page:website.pages:${location.page}:${location.query}`, () => content.pagesScreen(up, location));

/** A page of galleries, asked once per request: Manage Galleries' (WEBSITE_PAGE_SIZE) is started beside the user call. */
export const galleriesOnce = (up: UpstreamScope, page: number, limit: number = WEBSITE_PAGE_SIZE) =>
  up.once(`page:website.galleries:${page}:${limit}`, () => galleries.listGalleries(up, page, limit));

/** The body the upstream adapter streams through (the legacy backend reads its uploads itself). */
function streamOf<F>(upload: PortUpload<F>): PortStream {
  if (!('stream' in upload)) throw new Error('Upstream mode streams uploads through: a form read by the portal is the embedded backend’s.');
  return upload.stream;
}

function notServed(what: string): () => Promise<never> {
  return () => Promise.reject(new Error(`The legacy backend has no ${what}: its route is not served in upstream mode.`));
}

export function upstreamWebsiteBackend(up: UpstreamScope): WebsiteBackend {
  return {
    listCategories: () => content.listCategories(up),
    listPosts: (query) => content.listPosts(up, query),
    getPost: (id) => content.getPost(up, id),
    listPages: (query) => content.listPages(up, query),
    getPage: (id) => content.getPage(up, id),
    getMenu: () => content.getMenu(up),
    togglePost: (input) => content.togglePost(up, input),
    deletePost: (id) => content.deletePost(up, id),
    deletePage: notServed('page deletion'),
    bulkPosts: notServed('bulk actions'),
    createPost: (input) => content.save(up, 'post', 'create', input),
    updatePost: (input) => content.save(up, 'post', 'update', input),
    createPage: (input) => content.save(up, 'page', 'create', input),
    updatePage: (input) => content.save(up, 'page', 'update', input),
    // The legacy posts call pages and searches only: the list choice (filter, order) is the embedded backend's.
    postsScreen: (location) => postsScreenOnce(up, location),
    pagesScreen: (location) => pagesScreenOnce(up, location),
    editorItem: (kind, id) => content.editorItem(up, kind, id),

    uploadMedia: (upload, builder) => galleries.uploadMedia(up, builder ? '/api/website/media/upload/builder' : '/api/website/media/upload', streamOf(upload)),

    listGalleries: (page, limit) => galleriesOnce(up, page, limit),
    listGalleryTitles: () => galleries.listGalleryTitles(up),
    findGallery: (id) => galleries.findGallery(up, id),
    createGallery: (title) => galleries.createGallery(up, title),
    uploadGalleryImage: (upload) => galleries.uploadGalleryImage(up, streamOf(upload)),
    updateGallery: (galleryId, uploaded, images) => galleries.updateGallery(up, galleryId, uploaded, images),
    removeGalleryImage: (galleryId, id) => galleries.removeGalleryImage(up, galleryId, id),
    deleteGallery: notServed('gallery deletion'),

    listRevisions: notServed('revisions'),
    getRevision: notServed('revisions'),
    saveAutosave: notServed('autosaves'),
    findAutosave: notServed('autosaves'),
    discardAutosave: notServed('autosaves'),
    createPreview: notServed('preview'),
  };
}
