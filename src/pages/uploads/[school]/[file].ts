import type { APIContext, APIRoute } from 'astro';
import { serveUpload } from '../../../modules/website/server/embedded/media/service';
import { embeddedRuntime } from '../../../platform/module/page-locals';

export const prerender = false;

const NOT_FOUND_HEADERS = { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' };

/**
 * Public files of a school's website: `/uploads/<school label>/<file name>` and its
 * `-150x150` thumbnail. Only server-generated names of that school resolve; anything else is 404.
 * It reads only params and locals, which lets tests call it without a whole Astro context.
 */
export const GET = (async ({ params, locals }: Pick<APIContext, 'params' | 'locals'>) => {
  const { db, config } = embeddedRuntime(locals);
  const response = await serveUpload(db, config.PORTAL_DATA_DIR, params.school ?? '', params.file ?? '');
  return response ?? new Response('Not found.', { status: 404, headers: NOT_FOUND_HEADERS });
}) satisfies APIRoute;
