// The build's static files (its client folder: hashed /_astro assets, public/), indexed once at
// start and answered by path before Astro sees the request: no file-system lookup per request,
// the precompressed sibling the browser accepts, ETag/304, and caching by kind of file.
// tests/integration/serve.test.ts drives it on real sockets.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { ENCODINGS, negotiateEncoding, type Encoding } from './encoding.ts';

/** Vite's folder of content-hashed file names (Astro's build.assets): cached for a year. */
const HASHED_PREFIX = '/_astro/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The other public files (favicon, ...) keep their names across builds: browsers check back after 5 minutes. */
const REVALIDATE = 'public, max-age=300, must-revalidate';
/** A prerendered page (none today) changes with each build under the same address. */
const PAGE = 'no-cache';

const MIME_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};

/** One form of a static file (identity or an encoding): where it is and the ready-made head of its answer. */
interface Variant {
  file: string;
  headers: Record<string, string | number>;
}

/** One static file: its tag, the encodings the build precompressed, each form (identity under null), and a 304's head. */
interface StaticFile {
  etag: string;
  encodings: Encoding[];
  variants: Map<Encoding | null, Variant>;
  notModified: Record<string, string>;
}

export type StaticIndex = Map<string, StaticFile>;

/**
 * Indexes the files under `dir` by URL path, reading each once (for its ETag): the adapter runs
 * in middleware mode and serves no file itself. A prerendered page (`x/index.html`, `x.html`) is
 * also indexed at its address (`/x/` and `/x`). Left out: dot files (as the adapter left them
 * out) except under /.well-known/, and the .br/.gz siblings themselves.
 */
export function indexStaticFiles(dir: string): StaticIndex {
  const index: StaticIndex = new Map();
  if (!fs.existsSync(dir)) return index;
  for (const relative of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, relative);
    const urlPath = `/${relative.split(path.sep).join('/')}`;
    const ext = path.extname(file).toLowerCase();
    if (/\/\.(?!well-known\/)/.test(urlPath) || !fs.statSync(file).isFile()) continue;
    if (ENCODINGS.some((e) => file.endsWith(e.suffix) && fs.existsSync(file.slice(0, -e.suffix.length)))) continue;

    const content = fs.readFileSync(file);
    const etag = `W/"${createHash('sha256').update(content).digest('base64url').slice(0, 27)}"`;
    const encodings = ENCODINGS.filter((e) => fs.existsSync(file + e.suffix)).map((e) => e.name);
    const common: Record<string, string> = {
      'Cache-Control': urlPath.startsWith(HASHED_PREFIX) ? IMMUTABLE : ext === '.html' ? PAGE : REVALIDATE,
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
      ...(encodings.length ? { Vary: 'Accept-Encoding' } : {}),
    };
    const type = MIME_TYPES[ext] ?? 'application/octet-stream';
    const variants = new Map<Encoding | null, Variant>([[null, { file, headers: { ...common, 'Content-Type': type, 'Content-Length': content.length } }]]);
    for (const { name, suffix } of ENCODINGS) {
      if (!encodings.includes(name)) continue;
      const size = fs.statSync(file + suffix).size;
      variants.set(name, { file: file + suffix, headers: { ...common, 'Content-Type': type, 'Content-Encoding': name, 'Content-Length': size } });
    }
    const entry: StaticFile = { etag, encodings, variants, notModified: common };
    index.set(urlPath, entry);
    if (ext === '.html') for (const address of pageAddresses(urlPath)) if (!index.has(address)) index.set(address, entry);
  }
  return index;
}

/** The addresses of a prerendered page's file: `/x/index.html` -> `/x/`, `/x`; `/x.html` -> `/x`. */
function pageAddresses(urlPath: string): string[] {
  if (urlPath.endsWith('/index.html')) {
    const folder = urlPath.slice(0, -'index.html'.length);
    return folder === '/' ? ['/'] : [folder, folder.slice(0, -1)];
  }
  return [urlPath.slice(0, -'.html'.length)];
}

/**
 * The indexed file a GET or HEAD asks for (query ignored). A Range header is ignored: the whole
 * file is the answer (allowed by RFC 9110; the build holds no media to seek in).
 */
function staticFileFor(req: http.IncomingMessage, index: StaticIndex): StaticFile | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  const url = req.url ?? '/';
  const end = url.search(/[?#]/);
  const pathname = end < 0 ? url : url.slice(0, end);
  if (!pathname.includes('%')) return index.get(pathname);
  try {
    return index.get(decodeURI(pathname));
  } catch {
    return undefined; // not an address any file has: Astro answers it
  }
}

/** If-None-Match names the file's tag (weak comparison; `*` too). */
function notModified(req: http.IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  const opaque = etag.slice(2);
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === opaque;
  });
}

/**
 * Answers a GET or HEAD of an indexed file and returns true; false for anything else (Astro's
 * to answer). `fallback` answers instead if the file has gone since it was indexed (a rebuild
 * under a running server).
 */
export function serveStatic(req: http.IncomingMessage, res: http.ServerResponse, index: StaticIndex, fallback: () => void): boolean {
  const entry = staticFileFor(req, index);
  if (!entry) return false;
  if (notModified(req, entry.etag)) {
    res.writeHead(304, entry.notModified);
    res.end();
    return true;
  }
  // Negotiated among the file's own encodings, so its variant is always there; identity otherwise.
  const variant = entry.variants.get(negotiateEncoding(req.headers['accept-encoding'], entry.encodings)) ?? entry.variants.get(null);
  if (!variant) return false;
  if (req.method === 'HEAD') {
    res.writeHead(200, variant.headers);
    res.end();
    return true;
  }
  const stream = fs.createReadStream(variant.file);
  stream.once('error', () => {
    if (res.headersSent) res.destroy();
    else fallback();
  });
  stream.once('open', () => {
    res.writeHead(200, variant.headers);
    stream.pipe(res);
  });
  res.once('close', () => stream.destroy());
  return true;
}
