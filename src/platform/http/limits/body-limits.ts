import { bodyLimit } from 'hono/body-limit';
import type { MiddlewareHandler } from 'hono';
import { fail } from '../envelope';

/**
 * How much of a request body the server reads. The Node adapter's own cap (astro.config.mjs) is
 * only the backstop for the largest upload; every call that reads a body sets its own, much
 * smaller, limit and refuses a larger body with 413 while it streams in (or at once from
 * Content-Length), so nothing is buffered beyond it.
 */

/** A JSON call's body unless the call says otherwise: a few fields. */
export const JSON_MAX_BYTES = 64 * 1024;
/** The forms of pages (the sign-in form). */
export const PAGE_FORM_MAX_BYTES = 8 * 1024;

export const TOO_LARGE_MESSAGE = 'This request is too large.';

/** Refuses a body larger than `maxBytes` with the JSON envelope's 413. */
export function limitBody(maxBytes: number, message: string = TOO_LARGE_MESSAGE): MiddlewareHandler {
  return bodyLimit({ maxSize: maxBytes, onError: (c) => fail(c, 413, message) });
}

/** True when the request announces a body larger than `maxBytes` (chunked bodies are read with readLimited). */
export function declaredBodyTooLarge(request: Request, maxBytes: number): boolean {
  const length = request.headers.get('content-length');
  return length !== null && Number(length) > maxBytes;
}

/** The body's bytes, or null as soon as more than `maxBytes` have arrived. */
export async function readLimited(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (declaredBodyTooLarge(request, maxBytes)) return null;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** A urlencoded or multipart form of at most `maxBytes`: 'too-large', or null when it cannot be read. */
export async function readFormLimited(request: Request, maxBytes: number): Promise<FormData | 'too-large' | null> {
  const bytes = await readLimited(request, maxBytes);
  if (!bytes) return 'too-large';
  const contentType = request.headers.get('content-type') ?? '';
  try {
    return await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    return null;
  }
}
