// The compression of rendered answers (pages, API answers): every answer Astro's handler writes
// passes through it. Its only state is the compressed form of answers sent again byte for byte
// (compressed-bodies.ts). tests/integration/serve.test.ts drives it on real sockets.
import type http from 'node:http';
import zlib from 'node:zlib';
import { CompressedBodies } from './compressed-bodies.ts';
import { MIN_COMPRESS_BYTES, addVary, negotiateEncoding, type Encoding } from './encoding.ts';

/** The rendered types worth compressing; anything else (images, event streams, ...) goes as it is. */
const COMPRESSIBLE_TYPES = new Set(['text/html', 'application/json', 'text/css', 'text/javascript', 'application/javascript', 'image/svg+xml', 'text/plain']);
const DYNAMIC_ENCODINGS: readonly Encoding[] = ['br', 'gzip'];
/**
 * Speed over the last bytes, as every rendered answer pays it. Measured inside the server on
 * /home's 24 KB of HTML: brotli 2 ~0.1-0.2 ms (-> 5.3 KB), gzip 4 ~0.2 ms (-> 5.1 KB); brotli 4
 * saves 360 more bytes for twice the time, brotli 5 730 bytes for three times (either page fits
 * the first round trip anyway); brotli 11, the build's, would take 35 ms.
 */
const BROTLI_QUALITY = 2;
const GZIP_LEVEL = 4;

const compressedBodies = new CompressedBodies();

function brotliOptions(sizeHint?: number): zlib.BrotliOptions {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      ...(sizeHint ? { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } : {}),
    },
  };
}

/** Whether the head the handler wrote lets its body be compressed (its size aside). */
function compressibleHead(res: http.ServerResponse): boolean {
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

/** A chunk as the handler gave it to write()/end() (a string in `encoding`, a Buffer or another byte view). */
function toBuffer(chunk: unknown, encoding: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  if (ArrayBuffer.isView(chunk)) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  throw new TypeError('A response body chunk must be a string, a Buffer or a typed array.');
}

/** The callback among write()/end()'s optional arguments. */
const callbackOf = (args: unknown[]): (() => void) | undefined => args.find((arg): arg is () => void => typeof arg === 'function');

/** Lays writeHead()'s header argument (an object, a flat [name, value, ...] list or [name, value] pairs) onto `res`. */
function setHeadFields(res: http.ServerResponse, fields: unknown): void {
  if (Array.isArray(fields)) {
    const list: unknown[] = fields;
    const pairs = Array.isArray(list[0]) ? (list as [string, string | string[]][]) : pairsOf(list as (string | string[])[]);
    for (const [name, value] of pairs) res.appendHeader(name, value);
  } else if (fields && typeof fields === 'object') {
    for (const [name, value] of Object.entries(fields as http.OutgoingHttpHeaders)) if (value !== undefined) res.setHeader(name, value);
  }
}

function pairsOf(flat: (string | string[])[]): [string, string | string[]][] {
  const pairs: [string, string | string[]][] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) pairs.push([String(flat[i]), flat[i + 1] ?? '']);
  return pairs;
}

/**
 * Node's own writeHead/write/end, taken off a response and called with the handler's arguments
 * as they came (their overloads are Node's to sort out).
 */
type OwnMethod = (this: http.ServerResponse, ...args: unknown[]) => unknown;
type OwnMethods = Record<'writeHead' | 'write' | 'end', OwnMethod>;

/**
 * Makes `res` compress what the handler writes, when the browser accepts br or gzip and the
 * answer is one of COMPRESSIBLE_TYPES of at least MIN_COMPRESS_BYTES; every answer of those types
 * gets `Vary: Accept-Encoding`. The head is held until the body shows its size: a body that ends
 * within the tick it starts in (most pages: SQLite is synchronous) is compressed in one piece
 * and sent with its Content-Length; one still being written after that tick is streamed through
 * a compressor flushed after each burst of writes, so the browser gets each part of a streamed
 * page as soon as it is rendered. Anything else passes through untouched once its head is known.
 */
export function compressResponses(req: http.IncomingMessage, res: http.ServerResponse): void {
  // A HEAD answer gets the head of the identity form.
  const encoding = req.method === 'HEAD' ? null : negotiateEncoding(req.headers['accept-encoding'], DYNAMIC_ENCODINGS);
  const methods = res as unknown as OwnMethods;
  const { writeHead, write, end } = methods;
  const restore = () => {
    methods.writeHead = writeHead;
    methods.write = write;
    methods.end = end;
  };
  let headSeen = false;
  const held: Buffer[] = [];
  let heldBytes = 0;
  let tick: NodeJS.Immediate | undefined;

  /** Sends the head as it is and steps out of the way. */
  const passThrough = () => {
    restore();
    return writeHead.call(res, res.statusCode);
  };

  /** Keeps the handler's head on `res` without sending it, and decides what it can already. */
  methods.writeHead = function (status, reason, headers) {
    headSeen = true;
    if (typeof reason === 'string') res.statusMessage = reason;
    res.statusCode = Number(status);
    setHeadFields(res, typeof reason === 'string' ? headers : reason);
    if (!compressibleHead(res)) return passThrough();
    addVary(res);
    if (!encoding || Number(res.getHeader('Content-Length') ?? Infinity) < MIN_COMPRESS_BYTES) return passThrough();
    return res;
  };

  /** The body ended within its first tick: all of it is here. */
  const sendWhole = (body: Buffer, done: (() => void) | undefined) => {
    restore();
    if (!encoding || body.length < MIN_COMPRESS_BYTES) {
      if (!res.hasHeader('Content-Length')) res.setHeader('Content-Length', body.length);
      writeHead.call(res, res.statusCode);
      return end.call(res, body, done);
    }
    const packed = compressedBodies.get(body, encoding, (whole) =>
      encoding === 'br' ? zlib.brotliCompressSync(whole, brotliOptions(whole.length)) : zlib.gzipSync(whole, { level: GZIP_LEVEL }),
    );
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', packed.length);
    writeHead.call(res, res.statusCode);
    return end.call(res, packed, done);
  };

  /** The body is still being written after its first tick: stream it through a compressor. */
  const startStream = (coding: Encoding) => {
    tick = undefined;
    const compressor = coding === 'br' ? zlib.createBrotliCompress(brotliOptions()) : zlib.createGzip({ level: GZIP_LEVEL });
    const flushKind = coding === 'br' ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH;
    restore();
    res.removeHeader('Content-Length');
    res.setHeader('Content-Encoding', coding);
    writeHead.call(res, res.statusCode);
    compressor.on('data', (chunk: Buffer) => {
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
    methods.write = function (chunk, enc, done) {
      const ok = compressor.write(toBuffer(chunk, enc), callbackOf([enc, done]));
      flushSoon();
      return ok;
    };
    methods.end = function (chunk, enc, done) {
      const callback = callbackOf([chunk, enc, done]);
      if (chunk != null && typeof chunk !== 'function') compressor.write(toBuffer(chunk, enc));
      if (callback) res.once('finish', callback);
      compressor.end();
      return res;
    };
  };

  /** Writing before a head: Node would send the implicit head (statusCode, headers set) first. */
  const holding = () => {
    if (!headSeen) res.writeHead(res.statusCode);
    return methods.write !== write;
  };
  methods.write = function (chunk, enc, done) {
    if (!holding()) return write.call(res, chunk, enc, done);
    const buffer = toBuffer(chunk, enc);
    held.push(buffer);
    heldBytes += buffer.length;
    // Held only when the head allows compression, which needs an encoding.
    if (encoding) tick ??= setImmediate(startStream, encoding);
    const callback = callbackOf([enc, done]);
    if (callback) process.nextTick(callback);
    return true;
  };
  methods.end = function (chunk, enc, done) {
    if (!holding()) return end.call(res, chunk, enc, done);
    if (chunk != null && typeof chunk !== 'function') {
      const buffer = toBuffer(chunk, enc);
      held.push(buffer);
      heldBytes += buffer.length;
    }
    if (tick) clearImmediate(tick);
    tick = undefined;
    return sendWhole(held.length === 1 && held[0] ? held[0] : Buffer.concat(held, heldBytes), callbackOf([chunk, enc, done]));
  };
}
