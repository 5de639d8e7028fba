import fs from 'node:fs';
import { Readable } from 'node:stream';

/** Types a browser shows inline without running anything; everything else is a download. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'application/pdf']);

export function servedInline(mimeType: string): boolean {
  return INLINE_TYPES.has(mimeType);
}

export interface ServableFile {
  path: string;
  mimeType: string;
  /** The uploader's file name, offered when the file is downloaded. */
  downloadName: string;
}

/** RFC 6266 filename parameters: an ASCII fallback plus the exact UTF-8 name. */
function dispositionFileName(name: string): string {
  const ascii = name.replace(/[^\w .-]/g, '_') || 'download';
  return `filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Streams a stored file. nosniff stops browsers guessing a type; anything that could run or
 * render as a document (HTML, SVG, XML, scripts, unknown bytes) is sent as a download and
 * sandboxed in case a browser ignores the download hint. Names are random and files never
 * change, so the response can be cached for a year.
 */
export async function fileResponse(file: ServableFile): Promise<Response | null> {
  let size: number;
  try {
    size = (await fs.promises.stat(file.path)).size;
  } catch {
    return null;
  }
  const inline = servedInline(file.mimeType);
  const headers = new Headers({
    'Content-Type': file.mimeType,
    'Content-Length': String(size),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'public, max-age=31536000, immutable',
    'Content-Disposition': inline ? 'inline' : `attachment; ${dispositionFileName(file.downloadName)}`,
  });
  if (!inline) headers.set('Content-Security-Policy', "default-src 'none'; sandbox");
  const stream = Readable.toWeb(fs.createReadStream(file.path)) as ReadableStream<Uint8Array>;
  return new Response(stream, { status: 200, headers });
}
