import { Hono } from 'hono';
import { haparaCalls } from '../../../contracts/hapara';
import type { AppEnv } from '../../http/types';
import { serve } from '../../http/calls';
import { uploadLimit } from '../../http/upload-limit';
import { readFormWithFile } from '../../http/multipart';
import { uploadLeavers } from './service';

/** The leavers upload (POST /api/hapara/upload/leavers), served at the API's root. */
export const haparaLeaverRoutes = new Hono<AppEnv>();

serve(
  haparaLeaverRoutes,
  haparaCalls.leavers,
  async (ctx, { form }) => ({ summary: await uploadLeavers(ctx, new Uint8Array(await form.file.arrayBuffer()), form.dryRun) }),
  { before: [uploadLimit], readForm: readFormWithFile('file') },
);
