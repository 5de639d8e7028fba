import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AuthedEnv } from '../../http/types';
import { MEDIA_MESSAGES } from '../../media/errors';
import { Refusal } from '../../errors';
import type { Upload } from './service';

/** The HTTP side of uploads, shared by the media and gallery routes. */

/** Room for the multipart boundaries, part headers and the galleryID field around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;
const MB = 1024 * 1024;

/**
 * Refuses an over-size body while it streams in (or at once from Content-Length), so a huge
 * upload is never buffered; the limit comes from the runtime's config (PORTAL_MAX_UPLOAD_MB).
 * The refusal is a 413 Refusal, answered by the API's error handler.
 */
export const uploadLimit = createMiddleware<AuthedEnv>(async (c, next) => {
  const maxMb = c.get('runtime').config.PORTAL_MAX_UPLOAD_MB;
  const limit = bodyLimit({
    maxSize: maxMb * MB + MULTIPART_OVERHEAD,
    onError: () => {
      throw new Refusal(413, MEDIA_MESSAGES.tooLarge(maxMb));
    },
  });
  return limit(c, next);
});

/**
 * The multipart body of an upload call: the `file` and the other text fields, for the call's form
 * schema to check. An unreadable body or a missing file is a 400, a file over the limit a 413.
 */
export async function readMultipart(c: Context<AuthedEnv>): Promise<Record<string, string | File>> {
  let body: Record<string, string | File>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw new Refusal(400, MEDIA_MESSAGES.notMultipart);
  }
  const file = body['file'];
  if (!(file instanceof File)) throw new Refusal(400, MEDIA_MESSAGES.noFile);
  const maxMb = c.get('runtime').config.PORTAL_MAX_UPLOAD_MB;
  if (file.size > maxMb * MB) throw new Refusal(413, MEDIA_MESSAGES.tooLarge(maxMb));
  const fields: Record<string, string | File> = { file };
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') fields[key] = value;
  return fields;
}

/** The uploaded file as the media service takes it: its bytes, and the client's name (a title only). */
export async function toUpload(file: File): Promise<Upload> {
  return { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name };
}

/** Where the runtime keeps uploaded files (PORTAL_DATA_DIR). */
export function dataDirOf(c: Context<AuthedEnv>): string {
  return c.get('runtime').config.PORTAL_DATA_DIR;
}
