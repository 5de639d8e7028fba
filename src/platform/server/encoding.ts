// The content codings the server front sends: which one a request accepts, and the files the
// build precompressed in each (scripts/precompress.mjs writes them, static-files.ts sends them).
import type http from 'node:http';

export type Encoding = 'br' | 'gzip';

/** Below this, an encoding's framing and the extra header cost about what they save. */
export const MIN_COMPRESS_BYTES = 1024;

/** The precompressed sibling of `file` in each encoding, best first. */
export const ENCODINGS: readonly { name: Encoding; suffix: string }[] = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
];

/**
 * The encoding to send, of `available` (best first), for a request's Accept-Encoding: the one
 * with the highest q-value above 0 (`*` stands for the codings it does not name), ties going to
 * the earlier; null for identity.
 */
export function negotiateEncoding(header: string | undefined, available: readonly Encoding[]): Encoding | null {
  if (!header || available.length === 0) return null;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    let q = 1;
    for (const param of params) {
      const match = /^q\s*=\s*([0-9.]+)$/.exec(param);
      if (match) q = Number(match[1]) || 0;
    }
    if (name && !weights.has(name)) weights.set(name, q);
  }
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const encoding of available) {
    const q = weights.get(encoding) ?? (encoding === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
    if (q > bestQ) [best, bestQ] = [encoding, q];
  }
  return best;
}

/** Adds Accept-Encoding to the answer's Vary header (unless it names it, or `*`, already). */
export function addVary(res: http.ServerResponse): void {
  const vary = res.getHeader('Vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (!current) res.setHeader('Vary', 'Accept-Encoding');
  else if (!/(?:^|,)\s*(?:\*|accept-encoding)\s*(?:,|$)/i.test(current)) res.setHeader('Vary', `${current}, Accept-Encoding`);
}
