// Section 'bytes': what a browser downloads for a page at start (the HTML, every stylesheet and
// every script it loads before any interaction), counted on the wire: compressed bodies as sent,
// response headers and chunk framing included. Plus the caching and compression of every
// hashed asset of the build.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { measurePageJs } from './page-js.mjs';

/** What Chromium would offer, reduced to the two encodings the goals name. */
export const BROWSER_ENCODING = 'br, gzip';
/** The Cache-Control every hashed asset must carry. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Responses of these types above this size must be compressed when the client accepts it. */
export const COMPRESS_ABOVE = 1024;
const COMPRESSIBLE = /^(text\/html|text\/css|text\/javascript|application\/javascript)\b/i;
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * @typedef {{ url: URL, status: number, headers: Record<string, string | string[] | undefined>,
 *   wire: number, encoded: number, decoded: number, encoding: string, body: Buffer }} WireResponse
 * `wire`: bytes read from the socket (status line, headers, framing, body); `encoded`: the body as
 * sent; `decoded`: after Content-Encoding; `body`: the decoded body.
 */

function decode(encoding, raw) {
  switch (encoding) {
    case '':
    case 'identity':
      return raw;
    case 'br':
      return zlib.brotliDecompressSync(raw);
    case 'gzip':
    case 'x-gzip':
      return zlib.gunzipSync(raw);
    case 'deflate':
      return zlib.inflateSync(raw);
    case 'zstd':
      return zlib.zstdDecompressSync(raw);
    default:
      throw new Error(`unknown Content-Encoding "${encoding}"`);
  }
}

/**
 * One GET on a connection of its own (so the socket's byte count is this response's alone).
 * @param {URL} url
 * @param {Record<string, string>} headers
 * @returns {Promise<WireResponse>}
 */
export function fetchWire(url, headers) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        try {
          const raw = Buffer.concat(chunks);
          const encoding = String(res.headers['content-encoding'] ?? '').trim().toLowerCase();
          const body = decode(encoding, raw);
          resolve({
            url,
            status: res.statusCode ?? 0,
            headers: res.headers,
            wire: res.socket?.bytesRead ?? NaN,
            encoded: raw.length,
            decoded: body.length,
            encoding: encoding || 'identity',
            body,
          });
        } catch (err) {
          reject(new Error(`GET ${url.pathname}: ${err instanceof Error ? err.message : String(err)}`));
        }
      });
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url.pathname}: no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)));
    req.on('error', reject);
  });
}

/** Stylesheets the HTML loads at start (rel=stylesheet, and style preloads). */
function stylesheetUrls(html, base) {
  const urls = [];
  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    const rel = /\brel\s*=\s*["']?([^"'>]+)/i.exec(m[1])?.[1].toLowerCase().split(/\s+/) ?? [];
    const as = /\bas\s*=\s*["']?([\w-]+)/i.exec(m[1])?.[1].toLowerCase();
    const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(m[1]);
    if (href && (rel.includes('stylesheet') || (rel.includes('preload') && as === 'style'))) urls.push(new URL(href[1] ?? href[2] ?? href[3], base));
  }
  return urls;
}

/** @import rules of a stylesheet (fetched before it applies). */
function cssImports(css, base) {
  return [...css.matchAll(/@import\s+(?:url\(\s*)?["']?([^"')\s;]+)/gi)].map((m) => new URL(m[1], base));
}

/**
 * One page as a browser loads it at start. Only same-origin files are counted.
 * @param {URL} pageUrl
 * @param {Record<string, string>} headers the browser's request headers (Accept-Encoding, Cookie)
 */
export async function measurePageBytes(pageUrl, headers) {
  const get = async (url) => {
    const res = await fetchWire(url, headers);
    if (res.status !== 200) throw new Error(`GET ${url.pathname}${url.search} answered ${res.status}${res.headers.location ? ` → ${res.headers.location}` : ''}.`);
    return res;
  };
  const page = await get(pageUrl);
  const html = page.body.toString('utf8');
  /** @type {Map<string, WireResponse>} */
  const css = new Map();
  const queue = stylesheetUrls(html, pageUrl);
  while (queue.length) {
    const url = /** @type {URL} */ (queue.shift());
    if (url.origin !== pageUrl.origin || css.has(url.href)) continue;
    const res = await get(url);
    css.set(url.href, res);
    queue.push(...cssImports(res.body.toString('utf8'), url));
  }
  /** @type {Map<string, WireResponse>} */
  const fetched = new Map();
  const js = await measurePageJs(pageUrl, html, async (url) => {
    const res = await get(url);
    fetched.set(url.pathname, res);
    return res.body.toString('utf8');
  });
  const scripts = js.start.map((f) => fetched.get(f.name)).filter((r) => r !== undefined);
  const onDemand = js.onDemand.map((f) => fetched.get(f.name)).filter((r) => r !== undefined);
  return { path: pageUrl.pathname, page, css: [...css.values()], scripts, onDemand };
}

export const sum = (responses, key) => responses.reduce((total, r) => total + r[key], 0);

/** Whether a response is one the compression goal covers, and is compressed. */
export function compressionVerdict(res) {
  const type = String(res.headers['content-type'] ?? '');
  if (!COMPRESSIBLE.test(type) || res.decoded <= COMPRESS_ABOVE) return null;
  return res.encoding !== 'identity';
}

/** Cache-Control directives as a set, `max-age=…` kept whole. */
export function hasImmutableCaching(res) {
  const directives = new Set(String(res.headers['cache-control'] ?? '').toLowerCase().split(',').map((d) => d.trim()));
  return directives.has('public') && directives.has('max-age=31536000') && directives.has('immutable');
}

/** Whether a compressed response says it varies by Accept-Encoding (so caches keep the variants apart). */
export function variesByEncoding(res) {
  return String(res.headers.vary ?? '').toLowerCase().split(',').some((v) => ['accept-encoding', '*'].includes(v.trim()));
}

/** Every hashed asset the build serves: the files under client/_astro of the served build. */
export function hashedAssets(outDir) {
  const dir = path.join(outDir, 'client/_astro');
  const files = [];
  const walk = (sub) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = path.posix.join(sub, entry.name);
      if (entry.isDirectory()) walk(rel);
      // Precompressed siblings (x.js.br, x.js.gz) are not addresses a page asks for.
      else if (!/\.(br|gz|zst)$/.test(entry.name)) files.push(`/_astro/${rel}`);
    }
  };
  walk('');
  return files.sort();
}
