import { Hono } from 'hono';
import { websiteCalls } from '../../../contracts/website';
import type { AppEnv } from '../../http/types';
import { serve } from '../../http/calls';
import { dataDirOf, readMultipart, toUpload, uploadLimit } from './multipart';
import { uploadMedia } from './service';

/** Media uploads (spec section 7, Website), served at the API's root. Refusals reach the API's error handler. */
export const websiteMediaRoutes = new Hono<AppEnv>();

const upload = { before: [uploadLimit], readForm: readMultipart };

serve(
  websiteMediaRoutes,
  websiteCalls.uploadMedia,
  async (ctx, { form }, c) => ({ media: await uploadMedia(ctx, dataDirOf(c), await toUpload(form.file), false) }),
  upload,
);
serve(
  websiteMediaRoutes,
  websiteCalls.uploadBuilderMedia,
  async (ctx, { form }, c) => ({ media: await uploadMedia(ctx, dataDirOf(c), await toUpload(form.file), true) }),
  upload,
);
