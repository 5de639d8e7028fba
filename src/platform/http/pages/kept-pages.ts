/**
 * Rendered pages kept in memory to answer the same request again, while the data they were
 * rendered from has not changed: the public sites' page cache (website/site/page-cache.ts) and
 * the staff pages' (staff-page-cache.ts) share it.
 *
 * A kept page carries the version of its data (read from the database on every request, so
 * several instances sharing one database stay right) and the moment time alone makes it stale
 * (a post dated in the future falls due). The whole store is bounded in bytes, least recently used
 * first out; a page larger than `maxPageBytes` is rendered every time rather than pushing many
 * others out.
 */

/** What is kept of a response: enough to answer the same request again. */
export interface KeptPage {
  version: string;
  /** From when (unix seconds) the page is stale whatever its version; null: only its version decides. */
  until: number | null;
  status: number;
  headers: Array<[string, string]>;
  body: string;
  bytes: number;
}

/** The headers a page's render sets that belong to the page itself (the middleware adds the rest afterwards). */
const KEPT_HEADERS = new Set(['content-type', 'content-security-policy']);

export class KeptPages {
  private readonly pages = new Map<string, KeptPage>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly maxPageBytes = 1024 * 1024,
  ) {}

  /**
   * The answer to the request `key`: the kept page when it was rendered from `version` and time has
   * not made it stale, else `render()`'s, kept for next time when it is a plain success. `until`
   * is asked only when a render is kept.
   */
  async serve(key: string, version: string, now: number, render: () => Promise<Response>, until: () => Promise<number | null>): Promise<Response> {
    const kept = this.pages.get(key);
    if (kept && kept.version === version && (kept.until === null || now < kept.until)) {
      // Most recently used last.
      this.pages.delete(key);
      this.pages.set(key, kept);
      return new Response(kept.body, { status: kept.status, headers: kept.headers });
    }
    const response = await render();
    if (!keepable(response)) return response;
    const body = await response.text();
    this.keep(key, {
      version,
      until: await until(),
      status: response.status,
      headers: [...response.headers].filter(([name]) => KEPT_HEADERS.has(name)),
      body,
      bytes: body.length * 2,
    });
    return new Response(body, { status: response.status, headers: response.headers });
  }

  /** How many pages and bytes are kept (for tests and the bench). */
  get size(): { pages: number; bytes: number } {
    return { pages: this.pages.size, bytes: this.bytes };
  }

  private keep(key: string, page: KeptPage): void {
    this.drop(key);
    if (page.bytes > this.maxPageBytes || page.bytes > this.maxBytes) return;
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
 * Only a plain 200 is kept: not a 404 for any address a crawler invents (it would push real pages
 * out), not an answer marked no-store (a confirmation link's, a form's answer). Of its headers only
 * KEPT_HEADERS are: a cookie one render set is never sent with a kept page.
 */
function keepable(response: Response): boolean {
  if (response.status !== 200 || !response.body) return false;
  return !/\bno-store\b/.test(response.headers.get('cache-control') ?? '');
}
