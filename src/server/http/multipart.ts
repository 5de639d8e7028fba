import type { Context } from 'hono';
import type { AuthedEnv } from './types';
import { MB } from './upload-limit';
import { Refusal } from '../errors';
import { MEDIA_MESSAGES } from '../media/errors';

/**
 * A call's multipart body with at most one file (the simple send's attachment, a CSV import): its text
 * fields, and the file of `fileField` when one was chosen (a browser sends an empty, nameless file
 * part when none was), for the call's form schema to check. A file over PORTAL_MAX_UPLOAD_MB is a 413.
 */
export function readFormWithFile(fileField: string) {
  return async (c: Context<AuthedEnv>): Promise<Record<string, string | File>> => {
    let body: Record<string, string | File>;
    try {
      body = await c.req.parseBody();
    } catch {
      throw new Refusal(400, MEDIA_MESSAGES.notMultipart);
    }
    const fields: Record<string, string | File> = {};
    for (const [key, value] of Object.entries(body)) {
      if (typeof value === 'string') fields[key] = value;
      else if (key === fileField && value instanceof File && (value.size > 0 || value.name !== '')) fields[key] = value;
    }
    const file = fields[fileField];
    const maxMb = c.get('runtime').config.PORTAL_MAX_UPLOAD_MB;
    if (file instanceof File && file.size > maxMb * MB) throw new Refusal(413, MEDIA_MESSAGES.tooLarge(maxMb));
    return fields;
  };
}
