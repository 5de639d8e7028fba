import type { Db } from '../../db';
import type { SessionContext } from '../../auth/sessions';
import type { RequestContext } from '../../context';
import { KeptPages } from './kept-pages';

/**
 * Staff pages kept per user until the data they show changes: a module lists its pages that
 * depend only on data it can version cheaply (its manifest's `cachedPages`), and a signed-in
 * visit of one answers the page rendered for that user before when its version still holds.
 *
 * The shell, a page loader's queries, the render and the compression of the same HTML otherwise
 * cost every visit about twice a trivial page. The session is still read on every request (a
 * signed-out or expired user gets the login page, never a kept page), and a kept page is
 * keyed by the user and everything of the session the shell shows (name, avatar, school, its
 * products), so a user only ever gets a page rendered for them, and a change to their name or
 * their school's products shows at once. The page's own version comes from the database on every
 * request, so several instances sharing it stay right.
 */
export interface CachedPage {
  /** The page's path (its query, e.g. ?page=2, keys the kept copy too). */
  path: string;
  /** The version of everything the page shows beyond the session: read on every visit, so one indexed read. */
  version(ctx: RequestContext): Promise<string>;
  /** When time alone makes a page rendered now stale (unix seconds; asked only when a page is kept). */
  until?(ctx: RequestContext): Promise<number | null>;
}

/** The bytes kept for all users together (a staff page is 20-60 KB of HTML: several hundred pages). */
export const STAFF_PAGE_CACHE_BYTES = 16 * 1024 * 1024;

export class StaffPageCache {
  private readonly pages: KeptPages;

  constructor(maxBytes = STAFF_PAGE_CACHE_BYTES) {
    this.pages = new KeptPages(maxBytes);
  }

  /** `pathAndQuery` as the signed-in user, kept or rendered by `render`. */
  async serve(session: SessionContext, ctx: RequestContext, page: CachedPage, pathAndQuery: string, render: () => Promise<Response>): Promise<Response> {
    const version = await page.version(ctx);
    // The year: the footer's copyright line (src/modules/shell/components/Footer.astro) reads the clock.
    const key = `${session.user.id}\n${pathAndQuery}`;
    const kept = `${JSON.stringify(session.user)}\n${JSON.stringify(session.domain)}\n${new Date().getFullYear()}\n${version}`;
    return this.pages.serve(key, kept, ctx.now, render, () => page.until?.(ctx) ?? Promise.resolve(null));
  }

  /** How many pages and bytes are kept (for tests). */
  get size(): { pages: number; bytes: number } {
    return this.pages.size;
  }
}

const caches = new WeakMap<Db, StaffPageCache>();

/** The staff page cache of the schools stored in `db` (one per database handle, so tests never share one). */
export function staffPageCache(db: Db): StaffPageCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new StaffPageCache();
    caches.set(db, cache);
  }
  return cache;
}
