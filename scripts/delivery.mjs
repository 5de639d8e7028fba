// @ts-check
// How scripts/serve.mjs sends answers: the static files of the build, indexed once and answered by
// path (precompressed sibling the browser accepts, ETag/304, caching), and the compression of
// rendered answers. Its only state is the compressed form of answers sent again byte for byte
// (compressed-bodies.mjs). serve.mjs wires it; tests/integration/serve.test.ts
// drives it on real sockets.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ENCODINGS, MIN_COMPRESS_BYTES } from './precompress.mjs';
import { CompressedBodies } from './compressed-bodies.mjs';

/** @typedef {import('node:http').IncomingMessage} Request */
/** @typedef {import('node:http').ServerResponse} Response */
/** @typedef {'br' | 'gzip'} Encoding */

// ---------------------------------------------------------------------------------------------
// Content negotiation

/**
 * The encoding to send, of `available` (best first), for a request's Accept-Encoding: the one
 * with the highest q-value above 0 (`*` stands for the codings it does not name), ties going to
 * the earlier; null for identity.
 * @param {string | undefined} header
 * @param {readonly Encoding[]} available
 * @returns {Encoding | null}
 */
export function negotiateEncoding(header, available) {
  if (!header || available.length === 0) return null;
  /** @type {Map<string, number>} */
  const weights = new Map();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    let q = 1;
    for (const param of params) {
      const match = /^q\s*=\s*([0-9.]+)$/.exec(param);
      if (match) q = Number(match[1]) || 0;
    }
    if (name && !weights.has(name)) weights.set(name, q);
  }
  /** @type {Encoding | null} */
  let best = null;
  let bestQ = 0;
  for (const encoding of available) {
    const q = weights.get(encoding) ?? (encoding === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
    if (q > bestQ) [best, bestQ] = [encoding, q];
  }
  return best;
}

/** Adds Accept-Encoding to the answer's Vary header (unless it names it, or `*`, already). @param {Response} res */
function addVary(res) {
  const vary = res.getHeader('Vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (!current) res.setHeader('Vary', 'Accept-Encoding');
  else if (!/(?:^|,)\s*(?:\*|accept-encoding)\s*(?:,|$)/i.test(current)) res.setHeader('Vary', `${current}, Accept-Encoding`);
}

// ---------------------------------------------------------------------------------------------
// Static files

/** Vite's folder of content-hashed file names (Astro's build.assets): cached for a year. */
const HASHED_PREFIX = '/_astro/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The other public files (favicon, ...) keep their names across builds: browsers check back after 5 minutes. */
const REVALIDATE = 'public, max-age=300, must-revalidate';
/** A prerendered page (none today) changes with each build under the same address. */
const PAGE = 'no-cache';

/** @type {Record<string, string>} */
const MIME_TYPES = {
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

/**
 * One static file: its tag, the encodings the build precompressed, and the ready-made head of
 * each form (identity under null) and of a 304.
 * @typedef {{ file: string, headers: Record<string, string | number> }} Variant
 * @typedef {{ etag: string, encodings: Encoding[], variants: Map<Encoding | null, Variant>,
 *   notModified: Record<string, string> }} StaticFile
 * @typedef {Map<string, StaticFile>} StaticIndex
 */

/**
 * Indexes the files under `dir` by URL path, reading each once (for its ETag): the adapter runs
 * in middleware mode and serves no file itself. A prerendered page (`x/index.html`, `x.html`) is
 * also indexed at its address (`/x/` and `/x`). Left out: dot files (as the adapter left them
 * out) except under /.well-known/, and the .br/.gz siblings themselves.
 * @param {string} dir
 * @returns {StaticIndex}
 */
export function indexStaticFiles(dir) {
  /** @type {StaticIndex} */
  const index = new Map();
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
    const common = {
      'Cache-Control': urlPath.startsWith(HASHED_PREFIX) ? IMMUTABLE : ext === '.html' ? PAGE : REVALIDATE,
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
      ...(encodings.length ? { Vary: 'Accept-Encoding' } : {}),
    };
    const type = MIME_TYPES[ext] ?? 'application/octet-stream';
    /** @type {Map<Encoding | null, Variant>} */
    const variants = new Map([[null, { file, headers: { ...common, 'Content-Type': type, 'Content-Length': content.length } }]]);
    for (const { name, suffix } of ENCODINGS) {
      if (!encodings.includes(name)) continue;
      const size = fs.statSync(file + suffix).size;
      variants.set(name, { file: file + suffix, headers: { ...common, 'Content-Type': type, 'Content-Encoding': name, 'Content-Length': size } });
    }
    const entry = { etag, encodings, variants, notModified: common };
    index.set(urlPath, entry);
    if (ext === '.html') for (const address of pageAddresses(urlPath)) if (!index.has(address)) index.set(address, entry);
  }
  return index;
}

/** The addresses of a prerendered page's file: `/x/index.html` -> `/x/`, `/x`; `/x.html` -> `/x`. @param {string} urlPath */
function pageAddresses(urlPath) {
  if (urlPath.endsWith('/index.html')) {
    const folder = urlPath.slice(0, -'index.html'.length);
    return folder === '/' ? ['/'] : [folder, folder.slice(0, -1)];
  }
  return [urlPath.slice(0, -'.html'.length)];
}

/**
 * The indexed file a GET or HEAD asks for (query ignored). A Range header is ignored: the whole
 * file is the answer (allowed by RFC 9110; the build holds no media to seek in).
 * @param {Request} req @param {StaticIndex} index
 */
function staticFileFor(req, index) {
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

/** If-None-Match names the file's tag (weak comparison; `*` too). @param {Request} req @param {string} etag */
function notModified(req, etag) {
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
 * @param {Request} req @param {Response} res @param {StaticIndex} index @param {() => void} fallback
 */
export function serveStatic(req, res, index, fallback) {
  const entry = staticFileFor(req, index);
  if (!entry) return false;
  if (notModified(req, entry.etag)) {
    res.writeHead(304, entry.notModified);
    res.end();
    return true;
  }
  const variant = /** @type {Variant} */ (entry.variants.get(negotiateEncoding(req.headers['accept-encoding'], entry.encodings)));
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

// ---------------------------------------------------------------------------------------------
// Compression of rendered answers

/** The rendered types worth compressing; anything else (images, event streams, ...) goes as it is. */
const COMPRESSIBLE_TYPES = new Set(['text/html', 'application/json', 'text/css', 'text/javascript', 'application/javascript', 'image/svg+xml', 'text/plain']);
/** @type {readonly Encoding[]} */
const DYNAMIC_ENCODINGS = ['br', 'gzip'];
/**
 * Speed over the last bytes, as every rendered answer pays it. Measured inside the server on
 * /home's 24 KB of HTML: brotli 2 ~0.1-0.2 ms (-> 5.3 KB), gzip 4 ~0.2 ms (-> 5.1 KB); brotli 4
 * saves 360 more bytes for twice the time, brotli 5 730 bytes for three times (either page fits
 * the first round trip anyway); brotli 11, the build's, would take 35 ms.
 */
const BROTLI_QUALITY = 2;
const GZIP_LEVEL = 4;

const compressedBodies = new CompressedBodies();

/** @param {Encoding} encoding @param {number} [sizeHint] @returns {zlib.ZlibOptions | zlib.BrotliOptions} */
function zlibOptions(encoding, sizeHint) {
  if (encoding === 'gzip') return { level: GZIP_LEVEL };
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      ...(sizeHint ? { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } : {}),
    },
  };
}

/** Whether the head the handler wrote lets its body be compressed (its size aside). @param {Response} res */
function compressibleHead(res) {
  const status = res.statusCode;
  if (status < 200 || status === 204 || status === 206 || status === 304) return false;
  if (res.hasHeader('Content-Encoding')) return false;
  if (/\bno-transform\b/i.test(String(res.getHeader('Cache-Control') ?? ''))) return false;
  const type = String(res.getHeader('Content-Type') ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase();
  return COMPRESSIBLE_TYPES.has(type ?? '');
}

/** @param {any} chunk @param {any} encoding @returns {Buffer} */
function toBuffer(chunk, encoding) {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? /** @type {BufferEncoding} */ (encoding) : 'utf8');
  return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/** The callback among write()/end()'s optional arguments. @param {unknown[]} args @returns {(() => void) | undefined} */
const callbackOf = (args) => /** @type {any} */ (args.find((arg) => typeof arg === 'function'));

/**
 * Makes `res` compress what the handler writes, when the browser accepts br or gzip and the
 * answer is one of COMPRESSIBLE_TYPES of at least MIN_COMPRESS_BYTES; every answer of those types
 * gets `Vary: Accept-Encoding`. The head is held until the body shows its size: a body that ends
 * within the tick it starts in (most pages: SQLite is synchronous) is compressed in one piece
 * and sent with its Content-Length; one still being written after that tick is streamed through
 * a compressor flushed after each burst of writes, so the browser gets each part of a streamed
 * page as soon as it is rendered. Anything else passes through untouched once its head is known.
 * @param {Request} req @param {Response} res
 */
export function compressResponses(req, res) {
  // A HEAD answer gets the head of the identity form.
  const encoding = req.method === 'HEAD' ? null : negotiateEncoding(req.headers['accept-encoding'], DYNAMIC_ENCODINGS);
  // Node's own methods, called once the head is settled (typed loosely: they are overloaded).
  const { writeHead, write, end } = /** @type {Record<'writeHead' | 'write' | 'end', (...args: any[]) => any>} */ (/** @type {unknown} */ (res));
  const restore = () => {
    res.writeHead = writeHead;
    res.write = write;
    res.end = end;
  };
  let headSeen = false;
  /** @type {Buffer[]} */
  const held = [];
  let heldBytes = 0;
  /** @type {NodeJS.Immediate | undefined} */
  let tick;

  /** Sends the head as it is and steps out of the way. */
  const passThrough = () => {
    restore();
    return writeHead.call(res, res.statusCode);
  };

  /** Keeps the handler's head on `res` without sending it, and decides what it can already. */
  res.writeHead = /** @type {any} */ (
    function (/** @type {number} */ status, /** @type {any} */ reason, /** @type {any} */ headers) {
      headSeen = true;
      const fields = typeof reason === 'string' ? headers : reason;
      if (typeof reason === 'string') res.statusMessage = reason;
      res.statusCode = status;
      if (Array.isArray(fields)) {
        const pairs = Array.isArray(fields[0]) ? fields : fields.flatMap((v, i) => (i % 2 ? [] : [[v, fields[i + 1]]]));
        for (const [name, value] of pairs) res.appendHeader(name, value);
      } else if (fields) {
        for (const [name, value] of Object.entries(fields)) if (value !== undefined) res.setHeader(name, value);
      }
      if (!compressibleHead(res)) return passThrough();
      addVary(res);
      if (!encoding || Number(res.getHeader('Content-Length') ?? Infinity) < MIN_COMPRESS_BYTES) return passThrough();
      return res;
    }
  );

  /** The body ended within its first tick: all of it is here. @param {Buffer} body @param {(() => void) | undefined} done */
  const sendWhole = (body, done) => {
    restore();
    if (!encoding || body.length < MIN_COMPRESS_BYTES) {
      if (!res.hasHeader('Content-Length')) res.setHeader('Content-Length', body.length);
      writeHead.call(res, res.statusCode);
      return end.call(res, body, done);
    }
    const packed = compressedBodies.get(body, encoding, (whole) =>
      encoding === 'br' ? zlib.brotliCompressSync(whole, zlibOptions('br', whole.length)) : zlib.gzipSync(whole, zlibOptions('gzip')),
    );
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', packed.length);
    writeHead.call(res, res.statusCode);
    return end.call(res, packed, done);
  };

  /** The body is still being written after its first tick: stream it through a compressor. */
  const startStream = () => {
    tick = undefined;
    const coding = /** @type {Encoding} */ (encoding);
    const compressor = coding === 'br' ? zlib.createBrotliCompress(zlibOptions('br')) : zlib.createGzip(zlibOptions('gzip'));
    const flushKind = coding === 'br' ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH;
    restore();
    res.removeHeader('Content-Length');
    res.setHeader('Content-Encoding', coding);
    writeHead.call(res, res.statusCode);
    compressor.on('data', (chunk) => {
      if (write.call(res, chunk)) return;
      compressor.pause();
      res.once('drain', () => compressor.resume());
    });
    compressor.once('end', () => end.call(res));
    compressor.once('error', (err) => res.destroy(err));
    compressor.on('drain', () => res.emit('drain'));
    res.once('close', () => compressor.destroy());
    let flushing = false;
    const flushSoon = () => {
      if (flushing) return;
      flushing = true;
      setImmediate(() => {
        flushing = false;
        if (!compressor.writableEnded && !compressor.destroyed) compressor.flush(flushKind);
      });
    };
    for (const chunk of held.splice(0)) compressor.write(chunk);
    flushSoon();
    res.write = /** @type {any} */ (
      function (/** @type {any} */ chunk, /** @type {any} */ enc, /** @type {any} */ done) {
        const ok = compressor.write(toBuffer(chunk, enc), callbackOf([enc, done]));
        flushSoon();
        return ok;
      }
    );
    res.end = /** @type {any} */ (
      function (/** @type {any} */ chunk, /** @type {any} */ enc, /** @type {any} */ done) {
        const callback = callbackOf([chunk, enc, done]);
        if (chunk != null && typeof chunk !== 'function') compressor.write(toBuffer(chunk, enc));
        if (callback) res.once('finish', callback);
        compressor.end();
        return res;
      }
    );
  };

  /** Writing before a head: Node would send the implicit head (statusCode, headers set) first. */
  const holding = () => {
    if (!headSeen) res.writeHead(res.statusCode);
    return res.write !== write;
  };
  res.write = /** @type {any} */ (
    function (/** @type {any} */ chunk, /** @type {any} */ enc, /** @type {any} */ done) {
      if (!holding()) return write.call(res, chunk, enc, done);
      const buffer = toBuffer(chunk, enc);
      held.push(buffer);
      heldBytes += buffer.length;
      tick ??= setImmediate(startStream);
      const callback = callbackOf([enc, done]);
      if (callback) process.nextTick(callback);
      return true;
    }
  );
  res.end = /** @type {any} */ (
    function (/** @type {any} */ chunk, /** @type {any} */ enc, /** @type {any} */ done) {
      if (!holding()) return end.call(res, chunk, enc, done);
      if (chunk != null && typeof chunk !== 'function') {
        const buffer = toBuffer(chunk, enc);
        held.push(buffer);
        heldBytes += buffer.length;
      }
      if (tick) clearImmediate(tick);
      tick = undefined;
      return sendWhole(held.length === 1 ? /** @type {Buffer} */ (held[0]) : Buffer.concat(held, heldBytes), callbackOf([chunk, enc, done]));
    }
  );
}
