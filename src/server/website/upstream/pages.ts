/** The website's page loaders against the legacy backend (the embedded backend's: ../pages.ts, their contract). */
import type { websitePages } from '../pages';
import { upstreamScope } from '../../page-locals';
import type { UpstreamScope } from '../../upstream/client';
import type { ListLocation } from '../../../lib/lists';
import * as posts from './service';
import * as galleries from './galleries/service';

/**
 * Manage Posts' screen at a page and query, asked once per request: the page middleware starts the
 * call beside the user's (the module's `warmups`). The legacy posts call pages and searches only:
 * the list choice (filter, order) is the embedded backend's.
 */
export const postsScreenOnce = (up: UpstreamScope, location: Pick<ListLocation, 'page' | 'query'>) =>
  up.once(`page:website.posts:${location.page}:${location.query}`, () => posts.loadPostsScreen(up, location));

/** Manage Pages' screen at a page and query, asked once per request (started beside the user call, as the posts are). */
export const pagesScreenOnce = (up: UpstreamScope, location: Pick<ListLocation, 'page' | 'query'>) =>
  up.once(`page:website.pages:${location.page}:${location.query}`, () => posts.loadPagesScreen(up, location));

/** Manage Galleries at a page, asked once per request (started beside the user call). */
export const galleriesScreenOnce = (up: UpstreamScope, page: number) =>
  up.once(`page:website.galleries:${page}`, () => galleries.loadGalleriesScreen(up, page));

export const websiteUpstreamPages: typeof websitePages = {
  loadPostsScreen: (locals, location) => postsScreenOnce(upstreamScope(locals), location),
  loadPagesScreen: (locals, location) => pagesScreenOnce(upstreamScope(locals), location),
  loadEditorScreen: (locals, kind, rawId) => posts.loadEditorScreen(upstreamScope(locals), kind, rawId),
  async loadEditorOptions(locals, kind, mode) {
    const up = upstreamScope(locals);
    if (kind === 'post') return { categories: await posts.listCategories(up), parents: null };
    return { categories: null, parents: mode === 'create' ? await posts.listParentTitles(up) : null };
  },
  // The legacy backend keeps no autosaves (no 'website.autosave').
  loadAutosaveOffer: () => Promise.resolve(null),
  loadGalleriesScreen: (locals, page) => galleriesScreenOnce(upstreamScope(locals), page),
  loadGalleryEditScreen: (locals, rawId) => galleries.loadGalleryEditScreen(upstreamScope(locals), rawId),
};
