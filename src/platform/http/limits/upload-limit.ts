import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AuthedEnv } from '../types';
import { MEDIA_MESSAGES } from '../../media/errors';
import { Refusal } from '../../errors';

/** Room for the multipart boundaries, part headers and the text fields around the file. */
export const MULTIPART_OVERHEAD = 64 * 1024;
export const MB = 1024 * 1024;

/**
 * Refuses an over-size body of an upload call while it streams in (or at once from
 * Content-Length), so a huge upload is never buffered; the limit comes from the runtime's config
 * (PORTAL_MAX_UPLOAD_MB). The refusal is a 413 Refusal, answered by the API's error handler.
 */
export const uploadLimit = createMiddleware<AuthedEnv>(async (c, next) => {
  const maxMb = c.get('runtime').config.PORTAL_MAX_UPLOAD_MB;
  const limit = bodyLimit({
    maxSize: maxMb * MB + MULTIPART_OVERHEAD,
    onError: () => {
      throw new Refusal(413, 'too_large', MEDIA_MESSAGES.tooLarge(maxMb));
    },
  });
  return limit(c, next);
});
