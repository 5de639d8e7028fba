/**
 * The website's page loaders, whichever backend serves them: the page calls these with its
 * locals, and they ask the embedded service (the request context) or the upstream one (the
 * request's upstream scope). The one place a website page's data source is chosen.
 */
import type { Category } from '../../contracts/website';
import type { Autosave } from '../../contracts/website-revisions';
import { MAX_PAGE_LIMIT } from '../../contracts/website-rules';
import type { ListLocation } from '../../lib/lists';
import type { EditorScreen, PostListChoice } from './content/service';
import * as embedded from './content/service';
import { findAutosave } from './revisions/service';
import * as upstream from './upstream/service';
import { embeddedContext, type PageLocals } from '../page-locals';

type Locals = PageLocals;

export function loadPostsScreen(locals: Locals, location: ListLocation, choice: PostListChoice) {
  return locals.upstream ? upstream.loadPostsScreen(locals.upstream, location) : embedded.loadPostsScreen(embeddedContext(locals), location, choice);
}

/** Manage Pages' first screen; `reviewHours` says when the embedded backend's pending pages publish. */
export function loadPagesScreen(locals: Locals, location: ListLocation, reviewHours: number) {
  return locals.upstream
    ? upstream.loadPagesScreen(locals.upstream, location)
    : embedded.loadPagesScreen(embeddedContext(locals), location, { hours: reviewHours });
}

/** The editor's item for the address's `?id=` (null when creating or when the id names nothing of this school). */
export function loadEditorScreen(locals: Locals, kind: 'post' | 'page', rawId: string | null): Promise<EditorScreen> {
  return locals.upstream ? upstream.loadEditorScreen(locals.upstream, kind, rawId) : embedded.loadEditorScreen(embeddedContext(locals), kind, rawId);
}

/** What the editor offers besides the content: a post's categories, a new page's Menu Parent titles. */
export async function loadEditorOptions(
  locals: Locals,
  kind: 'post' | 'page',
  mode: 'create' | 'edit',
): Promise<{ categories: Category[] | null; parents: string[] | null }> {
  const up = locals.upstream;
  if (kind === 'post') return { categories: up ? await upstream.listCategories(up) : await embedded.listCategories(embeddedContext(locals)), parents: null };
  if (mode !== 'create') return { categories: null, parents: null };
  if (up) return { categories: null, parents: await upstream.listParentTitles(up) };
  // As the island would list them: by the pages call, page after page.
  const ctx = embeddedContext(locals);
  const parents: string[] = [];
  for (let page = 1, total = 1; page <= total; page += 1) {
    const list = await embedded.listPages(ctx, { page, limit: MAX_PAGE_LIMIT });
    parents.push(...list.pages.map((p) => p.post_title));
    total = list.total_pages;
  }
  return { categories: null, parents };
}

/** The user's autosave newer than what is saved; the legacy backend keeps none (no 'website.autosave'). */
export function loadAutosaveOffer(locals: Locals, kind: 'post' | 'page', id: number | undefined, timeZone: string): Promise<Autosave | null> {
  if (locals.upstream) return Promise.resolve(null);
  return findAutosave(embeddedContext(locals), { kind, ...(id === undefined ? {} : { id }) }, timeZone);
}
