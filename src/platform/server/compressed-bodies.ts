// The compressed form of rendered answers that are sent again byte for byte: a page the server
// keeps (the public sites' and the staff pages' caches, src/platform/http/pages/kept-pages.ts) is the same
// HTML on every visit, and brotli costs six times what hashing it does (24 KB: ~90 µs against ~14 µs).
// Keyed by the body's SHA-256 and the coding, so an answer can only ever get its own bytes back;
// bounded in bytes, least recently used first out.
import { createHash } from 'node:crypto';

/** The compressed bytes kept for all answers together. */
export const COMPRESSED_CACHE_BYTES = 8 * 1024 * 1024;
/** A body larger than this is compressed every time rather than pushing many others out. */
const MAX_BODY_BYTES = 512 * 1024;

export class CompressedBodies {
  readonly #kept = new Map<string, Buffer>();
  #bytes = 0;
  readonly #maxBytes: number;

  constructor(maxBytes = COMPRESSED_CACHE_BYTES) {
    this.#maxBytes = maxBytes;
  }

  /**
   * `body` compressed with `coding`: the kept bytes when the same body was compressed before, else
   * `compress(body)`'s (kept for next time).
   */
  get(body: Buffer, coding: string, compress: (body: Buffer) => Buffer): Buffer {
    if (body.length > MAX_BODY_BYTES) return compress(body);
    const key = `${coding}:${createHash('sha256').update(body).digest('base64')}`;
    const kept = this.#kept.get(key);
    if (kept) {
      // Most recently used last.
      this.#kept.delete(key);
      this.#kept.set(key, kept);
      return kept;
    }
    const packed = compress(body);
    if (packed.length > this.#maxBytes) return packed;
    for (const [oldest, bytes] of this.#kept) {
      if (this.#bytes + packed.length <= this.#maxBytes) break;
      this.#kept.delete(oldest);
      this.#bytes -= bytes.length;
    }
    this.#kept.set(key, packed);
    this.#bytes += packed.length;
    return packed;
  }

  /** How many bodies and bytes are kept (for tests). */
  get size(): { bodies: number; bytes: number } {
    return { bodies: this.#kept.size, bytes: this.#bytes };
  }
}
