import type { APIRoute } from 'astro';
import { addressNumber, attachmentDownload } from '../../../../../server/support/helpdesk/service';

/** A ticket's attachment, for the signed-in school only (the middleware sends others to sign in). */
export const GET: APIRoute = async ({ params, locals }) => {
  const number = addressNumber(params.number);
  const id = addressNumber(params.id);
  const response =
    locals.ctx && number !== null && id !== null ? await attachmentDownload(locals.ctx, locals.runtime.config.PORTAL_DATA_DIR, number, id) : null;
  return response ?? new Response('Not found.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
