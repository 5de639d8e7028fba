import type { Context } from 'hono';
import type { AuthedEnv } from '../../http/types';
import { MB } from '../../http/upload-limit';
import { MEDIA_MESSAGES } from '../../media/errors';
import { Refusal } from '../../errors';
import type { Upload } from './service';

/** The HTTP side of uploads, shared by the media and gallery routes (their size limit: http/upload-limit.ts). */
export { uploadLimit } from '../../http/upload-limit';

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
