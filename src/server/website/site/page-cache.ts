import type { Db } from '../../db';
import { findPublicSite } from './service';
import { nextDuePostAt } from '../content/repository';

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
 * appears on its date, so a page is kept only until the school's next such post falls due. Only successful renders are kept (a 404 for any
 * address a crawler invents must not push real pages out); the whole cache is bounded in bytes,
 * least recently used first out.
 */

/** What the cache holds of a response: enough to answer the same request again. */
interface KeptPage {
  version: string;
  /** When the next future-dated post falls due (unix seconds): the page is stale from then on. */
  until: number | null;
  status: number;
  headers: Array<[string, string]>;
  body: string;
  bytes: number;
}

/** The bytes kept for all schools together (about 10 KB a page: a few thousand pages). */
export const SITE_PAGE_CACHE_BYTES = 32 * 1024 * 1024;
/** A page larger than this is rendered on every visit rather than pushing many others out. */
const MAX_PAGE_BYTES = 1024 * 1024;
/** The headers a page's render sets that belong to the page itself (the middleware adds the rest afterwards). */
const KEPT_HEADERS = new Set(['content-type', 'content-security-policy']);

export class SitePageCache {
  private readonly pages = new Map<string, KeptPage>();
  private bytes = 0;

  constructor(private readonly maxBytes = SITE_PAGE_CACHE_BYTES) {}

  /**
   * The page at `pathAndQuery` of the site `label`, from the cache when the site has not changed
   * since it was kept, else rendered by `render` (and kept when it is a 200).
   */
  async serve(db: Db, label: string, pathAndQuery: string, render: () => Promise<Response>, now = Math.floor(Date.now() / 1000)): Promise<Response> {
    const site = await siteVersionKey(db, label);
    // Unknown school or no website: the pages answer their 404, which is not kept.
    if (site === null) return render();
    const { version } = site;
    const kept = this.pages.get(pathAndQuery);
    if (kept && kept.version === version && (kept.until === null || now < kept.until)) {
      // Most recently used last.
      this.pages.delete(pathAndQuery);
      this.pages.set(pathAndQuery, kept);
      return new Response(kept.body, {
        status: kept.status,
        headers: kept.headers,
      });
    }
    const response = await render();
    // A page that must not be kept (a confirmation link's, a form's answer) says so.
    if (response.status !== 200 || !response.body || /\bno-store\b/.test(response.headers.get('cache-control') ?? '')) return response;
    const body = await response.text();
    const headers = [...response.headers].filter(([name]) => KEPT_HEADERS.has(name));
    this.keep(pathAndQuery, {
      version,
      until: await nextDuePostAt(db, site.id, now),
      status: response.status,
      headers,
      body,
      bytes: body.length * 2,
    });
    return new Response(body, {
      status: response.status,
      headers: response.headers,
    });
  }

  /** How many pages and bytes are kept (for tests and the bench). */
  get size(): { pages: number; bytes: number } {
    return { pages: this.pages.size, bytes: this.bytes };
  }

  private keep(key: string, page: KeptPage): void {
    this.drop(key);
    if (page.bytes > MAX_PAGE_BYTES || page.bytes > this.maxBytes) return;
    while (this.bytes + page.bytes > this.maxBytes) {
      const oldest = this.pages.keys().next().value as string;
      this.drop(oldest);
    }
    this.pages.set(key, page);
    this.bytes += page.bytes;
  }

  private drop(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= page.bytes;
  }
}

/**
 * What a kept page of the school `label` must match: its site version and name (with the school's
 * id); null when no school of that label has a website.
 */
async function siteVersionKey(db: Db, label: string): Promise<{ id: number; version: string } | null> {
  const site = await findPublicSite(db, label);
  if (!site) return null;
  const row = await db.selectFrom('website_site_versions').select('version').where('domain_id', '=', site.id).executeTakeFirst();
  // The year: the footer's copyright line (src/layouts/PublicSite.astro) reads the clock.
  // The newsletter: the footer's sign-up link.
  return { id: site.id, version: `${site.id}:${row ? Number(row.version) : 0}:${new Date().getFullYear()}:${site.newsletter ? 'n' : '-'}:${site.name}` };
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
