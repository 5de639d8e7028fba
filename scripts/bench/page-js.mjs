// Measurement 1: how much JavaScript a page makes the browser download (gzip), split into what
// loads at start and what only loads on demand (dynamic import() chunks, lazy islands).
import zlib from 'node:zlib';

export const GZIP_LEVEL = 9;
/** Bounds the crawl: a page pulling in more files than this is reported as an error. */
const MAX_FILES = 300;
const JS_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);
/** Island directives that hydrate without waiting for the user or the viewport. */
const EAGER_ISLANDS = new Set(['load', 'idle', 'only']);

/**
 * @typedef {{ name: string, raw: number, gzip: number }} JsFile
 * @typedef {{ path: string, start: JsFile[], onDemand: JsFile[], skipped: string[] }} PageJs
 */

const gzipSize = (text) => zlib.gzipSync(Buffer.from(text), { level: GZIP_LEVEL }).length;
const sizes = (name, text) => ({ name, raw: Buffer.byteLength(text), gzip: gzipSize(text) });

function decodeEntities(value) {
  return value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** Attributes of one tag's attribute text, lower-cased names, entity-decoded values. */
function attributes(text) {
  /** @type {Record<string, string>} */
  const attrs = {};
  for (const m of text.matchAll(/([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    attrs[m[1].toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

/**
 * What the HTML itself asks for: script URLs and modulepreloads (start), inline scripts,
 * and island component/renderer URLs (start or on demand by their client directive).
 * Astro does not emit comments around scripts, so a regex over the markup is enough here.
 */
export function scanHtml(html) {
  const startUrls = [];
  const lazyUrls = [];
  const inline = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = attributes(m[1]);
    const type = (attrs.type ?? '').trim().toLowerCase();
    if (!JS_TYPES.has(type)) continue; // JSON data, import maps, speculation rules: not code
    if ('src' in attrs) startUrls.push(attrs.src);
    else if (m[2].trim()) inline.push({ text: m[2], module: type === 'module' });
  }
  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attrs = attributes(m[1]);
    const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
    if (attrs.href && (rel.includes('modulepreload') || (rel.includes('preload') && attrs.as === 'script'))) startUrls.push(attrs.href);
  }
  for (const m of html.matchAll(/<astro-island\b([^>]*)>/gi)) {
    const attrs = attributes(m[1]);
    const urls = [attrs['component-url'], attrs['renderer-url'], attrs['before-hydration-url']].filter(Boolean);
    (EAGER_ISLANDS.has(attrs.client) ? startUrls : lazyUrls).push(...urls);
  }
  return { startUrls, lazyUrls, inline };
}

/**
 * Import specifiers in a JS module. Static imports/re-exports are what the browser fetches
 * before running the module; import() with a literal string is fetched only when that code runs.
 * Regexes suffice for bundler output; a string that merely looks like an import could be
 * miscounted, which is acceptable for a size report.
 */
export function scanImports(code) {
  const statics = [];
  const dynamics = [];
  const staticImport = /(?:^|[;}\n/])\s*import\s*(?:[\w$*{}\s,]+?\s*from\s*)?(["'])([^"'\n]+)\1/g;
  const reExport = /(?:^|[;}\n/])\s*export\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*(["'])([^"'\n]+)\1/g;
  const dynamicImport = /\bimport\s*\(\s*(["'`])([^"'`$\n]+)\1\s*\)/g;
  for (const m of code.matchAll(staticImport)) statics.push(m[2]);
  for (const m of code.matchAll(reExport)) statics.push(m[2]);
  for (const m of code.matchAll(dynamicImport)) dynamics.push(m[2]);
  return { statics, dynamics };
}

/**
 * Measures one page. `fetchText(url)` returns a same-origin file's text (throws on non-200).
 * @param {URL} pageUrl
 * @param {string} html
 * @param {(url: URL) => Promise<string>} fetchText
 * @returns {Promise<PageJs>}
 */
export async function measurePageJs(pageUrl, html, fetchText) {
  const { startUrls, lazyUrls, inline } = scanHtml(html);
  /** @type {Map<string, { text: string, imports: ReturnType<typeof scanImports> }>} */
  const modules = new Map();
  const skipped = [];

  const resolve = (spec, base) => {
    if (!/^(\/|\.\/|\.\.\/|https?:)/.test(spec)) {
      skipped.push(`${spec} (bare specifier)`);
      return null;
    }
    const url = new URL(spec, base);
    if (url.origin !== pageUrl.origin) {
      skipped.push(`${url.href} (other origin, not counted)`);
      return null;
    }
    url.hash = '';
    return url;
  };
  const load = async (url) => {
    if (!modules.has(url.href)) {
      if (modules.size >= MAX_FILES) throw new Error(`${pageUrl.pathname} loads more than ${MAX_FILES} scripts; stopping.`);
      const text = await fetchText(url);
      modules.set(url.href, { text, imports: scanImports(text) });
    }
    return /** @type {{ text: string, imports: ReturnType<typeof scanImports> }} */ (modules.get(url.href));
  };
  /** Adds `url` and its static imports, recursively, to `into`; returns the dynamic imports met. */
  const closure = async (roots, into) => {
    const dynamic = [];
    const queue = [...roots];
    while (queue.length) {
      const url = /** @type {URL} */ (queue.shift());
      if (into.has(url.href)) continue;
      into.add(url.href);
      const { imports } = await load(url);
      for (const spec of imports.statics) queue.push(...[resolve(spec, url)].filter(Boolean));
      for (const spec of imports.dynamics) dynamic.push(...[resolve(spec, url)].filter(Boolean));
    }
    return dynamic;
  };

  // At start: script files, preloads, eager islands, and whatever inline modules import.
  const startRoots = startUrls.map((u) => resolve(u, pageUrl)).filter(Boolean);
  const lazyRoots = lazyUrls.map((u) => resolve(u, pageUrl)).filter(Boolean);
  for (const script of inline) {
    const { statics, dynamics } = scanImports(script.text);
    if (script.module) startRoots.push(...statics.map((s) => resolve(s, pageUrl)).filter(Boolean));
    lazyRoots.push(...dynamics.map((s) => resolve(s, pageUrl)).filter(Boolean));
  }
  const atStart = new Set();
  lazyRoots.push(...(await closure(startRoots, atStart)));

  // On demand: dynamic chunks and lazy islands with their own static imports, minus what is
  // already loaded; bounded by MAX_FILES through load().
  const seenLazy = new Set(atStart);
  const onDemandSet = new Set();
  let pending = lazyRoots;
  while (pending.length) {
    const before = new Set(seenLazy);
    const next = await closure(pending, seenLazy);
    for (const href of seenLazy) if (!before.has(href)) onDemandSet.add(href);
    pending = next.filter((u) => !seenLazy.has(u.href));
  }

  const label = (href) => new URL(href).pathname;
  const start = [
    ...inline.map((s, i) => sizes(`inline <script${s.module ? ' type=module' : ''}> #${i + 1}`, s.text)),
    ...[...atStart].map((href) => sizes(label(href), /** @type {any} */ (modules.get(href)).text)),
  ];
  const onDemand = [...onDemandSet].map((href) => sizes(label(href), /** @type {any} */ (modules.get(href)).text));
  return { path: pageUrl.pathname, start, onDemand, skipped: [...new Set(skipped)] };
}

export const total = (files, key = 'gzip') => files.reduce((sum, f) => sum + f[key], 0);
