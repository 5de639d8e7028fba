/**
 * The website's page loaders on the embedded backend (upstream mode's: ./upstream/pages.ts). A
 * page asks `Astro.locals.loaders.website`, which the backend's page middleware sets.
 */
import type { Category } from '../../contracts/website';
import type { Autosave } from '../../contracts/website-revisions';
import { MAX_PAGE_LIMIT } from '../../contracts/website-rules';
import type { ListLocation } from '../../lib/lists';
import type { EditorScreen, PostListChoice } from './content/service';
import * as content from './content/service';
import * as galleries from './galleries/service';
import { findAutosave } from './revisions/service';
import { embeddedContext, type PageLocals } from '../page-locals';

export const websitePages = {
  loadPostsScreen(locals: PageLocals, location: ListLocation, choice: PostListChoice) {
    return content.loadPostsScreen(embeddedContext(locals), location, choice);
  },

  /** Manage Pages' first screen; `reviewHours` says when the embedded backend's pending pages publish. */
  loadPagesScreen(locals: PageLocals, location: ListLocation, reviewHours: number) {
    return content.loadPagesScreen(embeddedContext(locals), location, { hours: reviewHours });
  },

  /** The editor's item for the address's `?id=` (null when creating or when the id names nothing of this school). */
  loadEditorScreen(locals: PageLocals, kind: 'post' | 'page', rawId: string | null): Promise<EditorScreen> {
    return content.loadEditorScreen(embeddedContext(locals), kind, rawId);
  },

  /** What the editor offers besides the content: a post's categories, a new page's Menu Parent titles. */
  async loadEditorOptions(locals: PageLocals, kind: 'post' | 'page', mode: 'create' | 'edit'): Promise<{ categories: Category[] | null; parents: string[] | null }> {
    const ctx = embeddedContext(locals);
    if (kind === 'post') return { categories: await content.listCategories(ctx), parents: null };
    if (mode !== 'create') return { categories: null, parents: null };
    // As the island would list them: by the pages call, page after page.
    const parents: string[] = [];
    for (let page = 1, total = 1; page <= total; page += 1) {
      const list = await content.listPages(ctx, { page, limit: MAX_PAGE_LIMIT });
      parents.push(...list.pages.map((p) => p.post_title));
      total = list.total_pages;
    }
    return { categories: null, parents };
  },

  /** The user's autosave newer than what is saved. */
  loadAutosaveOffer(locals: PageLocals, kind: 'post' | 'page', id: number | undefined, timeZone: string): Promise<Autosave | null> {
    return findAutosave(embeddedContext(locals), { kind, ...(id === undefined ? {} : { id }) }, timeZone);
  },

  /** Manage Galleries' first screen: a page of galleries (`total_pages` at least 1). */
  loadGalleriesScreen(locals: PageLocals, page: number) {
    return galleries.loadGalleriesScreen(embeddedContext(locals), page);
  },

  /** The edit screen's gallery for the address's `?id=`, or null (missing, not an id, another school's). */
  loadGalleryEditScreen(locals: PageLocals, rawId: string | null) {
    return galleries.loadGalleryEditScreen(embeddedContext(locals), rawId);
  },
};
