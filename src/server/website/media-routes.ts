import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import {
  galleryRemoveRequestSchema,
  galleryUpdateRequestSchema,
  galleryUploadFieldsSchema,
  listQuerySchema,
  newGalleryRequestSchema,
} from '../../contracts/website';
import { schoolOf, type AuthedEnv } from '../http/types';
import { ok } from '../http/envelope';
import { limitBody } from '../http/body-limits';
import { requireAuth, validate } from '../http/middleware';
import { MEDIA_MESSAGES } from '../media/errors';
import { Refusal } from '../errors';
import { createGallery, getGallery, listGalleries, listGalleryTitles, removeGalleryImage, updateGallery, uploadGalleryImage } from './galleries';
import { uploadMedia, type MediaContext, type Upload } from './media-service';

/** Room for the multipart boundaries, part headers and the galleryID field around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;
const MB = 1024 * 1024;

/**
 * Refuses an over-size body while it streams in (or at once from Content-Length), so a huge
 * upload is never buffered; the limit comes from the runtime's config (PORTAL_MAX_UPLOAD_MB).
 */
const uploadLimit = createMiddleware<AuthedEnv>(async (c, next) => {
  const maxMb = c.get('runtime').config.PORTAL_MAX_UPLOAD_MB;
  return limitBody(maxMb * MB + MULTIPART_OVERHEAD, MEDIA_MESSAGES.tooLarge(maxMb))(c, next);
});

function mediaContext(c: Context<AuthedEnv>): MediaContext {
  const { db, config, clock } = c.get('runtime');
  return { db, dataDir: config.PORTAL_DATA_DIR, now: clock() };
}

/** The multipart `file` and the other text fields; a missing file or unreadable body is a 400. */
async function readMultipart(c: Context<AuthedEnv>): Promise<{ upload: Upload; fields: Record<string, string> }> {
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
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') fields[key] = value;
  return { upload: { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name }, fields };
}

const galleryIdParam = z.object({
  id: z.coerce.number({ error: 'id must be a number.' }).int('id must be a whole number.').positive('id must be positive.'),
});

/** Media uploads and galleries (spec section 7, Website). */
export const websiteMediaRoutes = new Hono<AuthedEnv>()
  .use('*', requireAuth)
  .post('/media/upload', uploadLimit, async (c) => {
    const { upload } = await readMultipart(c);
    return ok(c, { media: await uploadMedia(mediaContext(c), schoolOf(c), upload, false) });
  })
  .post('/media/upload/builder', uploadLimit, async (c) => {
    const { upload } = await readMultipart(c);
    return ok(c, { media: await uploadMedia(mediaContext(c), schoolOf(c), upload, true) });
  })
  .post('/gallery/new', validate('json', newGalleryRequestSchema), async (c) => {
    const { db, clock } = c.get('runtime');
    return ok(c, await createGallery(db, schoolOf(c).id, c.req.valid('json').title, clock()));
  })
  .post('/gallery/upload', uploadLimit, async (c) => {
    const { upload, fields } = await readMultipart(c);
    // A ZodError reaches the API's error handler: a 400 naming galleryID.
    const { galleryID } = galleryUploadFieldsSchema.parse(fields);
    return ok(c, await uploadGalleryImage(mediaContext(c), schoolOf(c), galleryID, upload));
  })
  .post('/gallery/update', validate('json', galleryUpdateRequestSchema), async (c) => {
    const { uploaded, galleryID } = c.req.valid('json');
    await updateGallery(c.get('runtime').db, schoolOf(c).id, galleryID, uploaded);
    return ok(c, {});
  })
  .post('/gallery/remove', validate('json', galleryRemoveRequestSchema), async (c) => {
    const { id, galleryID } = c.req.valid('json');
    await removeGalleryImage(mediaContext(c), schoolOf(c).id, galleryID, id);
    return ok(c, {});
  })
  .get('/wordpress/galleries', validate('query', listQuerySchema), async (c) => {
    const { page, limit } = c.req.valid('query');
    return ok(c, await listGalleries(c.get('runtime').db, schoolOf(c), page, limit));
  })
  // Before `/:id`, which would otherwise take "min" as an id.
  .get('/wordpress/galleries/min', async (c) => ok(c, { galleries: await listGalleryTitles(c.get('runtime').db, schoolOf(c).id) }))
  .get('/wordpress/galleries/:id', validate('param', galleryIdParam), async (c) => {
    const gallery = await getGallery(c.get('runtime').db, schoolOf(c).id, c.req.valid('param').id);
    if (!gallery) throw new Refusal(404, MEDIA_MESSAGES.galleryNotFound);
    return ok(c, { gallery });
  });
