/** The website screens' first HTML, loaded over the backend port (the same for both backends). */
import type { Category, Gallery } from '../contract';
import type { Autosave } from '../revisions-contract';
import type { EditorKind, EditorMode } from '../editor';
import { MAX_PAGE_LIMIT, parseId, WEBSITE_PAGE_SIZE } from '../rules';
import type { ListLocation } from '../../../lib/lists/location';
import type { ContentPort, EditorScreenItem, GalleriesPort, GalleryList, ListScreen, PageSummary, PostListChoice, PostSummary, RevisionsPort } from './backend';
import { everyItem } from './paging';
import { isSignedOut, isUpstreamFailure } from '../../../platform/upstream/errors';

export interface EditorScreen {
  /** The address's ?id=: null creates; a number edits (NaN when it is not an id). */
  id: number | null;
  /** The item to edit; null when creating, or when the id names nothing of this school (another school's included). */
  item: EditorScreenItem | null;
}

/**
 * Manage Posts' first screen at the address's page, search and (where the backend has them) filter
 * and order; null when the legacy backend failed to give the list (spec section 8: the page shows
 * its posts failure in the shell, not an error page). A sign-out still goes to the login.
 */
export async function loadPostsScreen(
  content: Pick<ContentPort, 'postsScreen'>,
  location: ListLocation,
  choice: PostListChoice,
): Promise<ListScreen<PostSummary> | null> {
  try {
    return await content.postsScreen(location, choice);
  } catch (err) {
    if (!isUpstreamFailure(err) || isSignedOut(err)) throw err;
    console.error('Manage Posts: the posts list could not be loaded:', err.message);
    return null;
  }
}

/** Manage Pages' first screen at the address's page and search. */
export function loadPagesScreen(content: Pick<ContentPort, 'pagesScreen'>, location: ListLocation): Promise<ListScreen<PageSummary>> {
  return content.pagesScreen(location);
}

/** The editor's first screen (/website/posts/edit, /website/pages/edit) for the address's `?id=`. */
export async function loadEditorScreen(content: Pick<ContentPort, 'editorItem'>, kind: EditorKind, rawId: string | null): Promise<EditorScreen> {
  if (rawId === null) return { id: null, item: null };
  const id = parseId(rawId);
  if (id === null) return { id: Number.NaN, item: null };
  return { id, item: await content.editorItem(kind, id) };
}

/** What the editor offers besides the content: a post's categories, a new page's Menu Parent titles. */
export async function loadEditorOptions(
  content: Pick<ContentPort, 'listCategories' | 'listPages'>,
  kind: EditorKind,
  mode: EditorMode,
): Promise<{ categories: Category[] | null; parents: string[] | null }> {
  if (kind === 'post') return { categories: await content.listCategories(), parents: null };
  if (mode !== 'create') return { categories: null, parents: null };
  // As the island would list them: by the pages call, page after page.
  const pages = await everyItem(async (page) => {
    const list = await content.listPages({ page, limit: MAX_PAGE_LIMIT });
    return { items: list.pages, total_pages: list.total_pages };
  });
  return { categories: null, parents: pages.map((page) => page.post_title) };
}

/** The user's autosave of the item newer than what is saved (asked only where the backend keeps autosaves). */
export function loadAutosaveOffer(revisions: Pick<RevisionsPort, 'findAutosave'>, kind: EditorKind, id: number | undefined): Promise<Autosave | null> {
  return revisions.findAutosave({ kind, ...(id === undefined ? {} : { id }) });
}

/** Manage Galleries' first screen: a page of WEBSITE_PAGE_SIZE galleries (`total_pages` at least 1). */
export function loadGalleriesScreen(galleries: Pick<GalleriesPort, 'listGalleries'>, page: number): Promise<GalleryList> {
  return galleries.listGalleries(page, WEBSITE_PAGE_SIZE);
}

/**
 * The gallery edit screen's gallery for the address's `?id=`, or null (no id, not an id, or no
 * gallery of this school: another school's answers exactly like a missing one).
 */
export async function loadGalleryEditScreen(galleries: Pick<GalleriesPort, 'findGallery'>, rawId: string | null): Promise<Gallery | null> {
  const id = parseId(rawId);
  return id === null ? null : galleries.findGallery(id);
}
