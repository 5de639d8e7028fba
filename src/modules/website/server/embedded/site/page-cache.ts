import type { Db } from '../../../../../platform/db';
import { findPublicSite } from './service';
import { nextDuePostAt, siteVersion } from '../content/repository';
import { KeptPages } from '../../../../../platform/http/pages/kept-pages';

/**
 * Rendered pages of the public sites, kept in memory until their school's site changes.
 *
 * A school's site is read by many and written by few: every visitor of the home otherwise paid
 * for five queries, forty excerpts' worth of text reading and a render (383 req/s against 3,128
 * for a trivial public page). A kept page is keyed by its school's site version
 * (`website_site_versions`, moved by database triggers on every change to posts, pages,
 * categories, galleries and media, migration 0005), by the school's name, which the pages
 * show, and by the year their footer prints: one indexed read per visit tells whether the kept copy is still the one to send, on
 * every instance that shares the database. Time changes a site too: a post dated in the future
 * appears on its date, so a page is kept only until the school's next such post falls due. What is
 * kept and for how long is http/kept-pages.ts's.
 */

/** The bytes kept for all schools together (about 10 KB a page: a few thousand pages). */
export const SITE_PAGE_CACHE_BYTES = 32 * 1024 * 1024;

export class SitePageCache {
  private readonly pages: KeptPages;

  constructor(maxBytes = SITE_PAGE_CACHE_BYTES) {
    this.pages = new KeptPages(maxBytes);
  }

  /**
   * The page at `pathAndQuery` of the site `label`, from the cache when the site has not changed
   * since it was kept, else rendered by `render` (and kept when it is a 200).
   */
  async serve(db: Db, label: string, pathAndQuery: string, render: () => Promise<Response>, now = Math.floor(Date.now() / 1000)): Promise<Response> {
    const site = await siteVersionKey(db, label);
    // Unknown school or no website: the pages answer their 404, which is not kept.
    if (site === null) return render();
    return this.pages.serve(pathAndQuery, site.version, now, render, () => nextDuePostAt(db, site.id, now));
  }

  /** How many pages and bytes are kept (for tests and the bench). */
  get size(): { pages: number; bytes: number } {
    return this.pages.size;
  }
}

/**
 * What a kept page of the school `label` must match: its site version and name (with the school's
 * id); null when no school of that label has a website.
 */
async function siteVersionKey(db: Db, label: string): Promise<{ id: number; version: string } | null> {
  const site = await findPublicSite(db, label);
  if (!site) return null;
  const version = await siteVersion(db, site.id);
  // The year: the footer's copyright line (src/layouts/PublicSite.astro) reads the clock.
  // The newsletter: the footer's sign-up link. The app: the manifest link and the footer's 'Get notifications'.
  return { id: site.id, version: `${site.id}:${version}:${new Date().getFullYear()}:${site.newsletter ? 'n' : '-'}:${site.app ? 'a' : '-'}:${site.name}` };
}

/** The school label of a public site page's path (`/sites/<label>/...`), or null for other paths. */
export function siteLabelOf(pathname: string): string | null {
  const match = /^\/sites\/([^/]+)(?:\/|$)/.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

const caches = new WeakMap<Db, SitePageCache>();

/** The page cache of the sites stored in `db` (one per database handle, so tests never share one). */
export function sitePageCache(db: Db): SitePageCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new SitePageCache();
    caches.set(db, cache);
  }
  return cache;
}
