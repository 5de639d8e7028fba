import type { APIRoute } from 'astro';
import { addressNumber } from '../../../../../modules/support/server/screens';

/** A ticket's attachment, for the signed-in school only (the middleware sends others to sign in). */
export const GET: APIRoute = async ({ params, locals }) => {
  const number = addressNumber(params.number);
  const id = addressNumber(params.id);
  const response = locals.backends && number !== null && id !== null ? await locals.backends.support.ticketAttachment(number, id) : null;
  return response ?? new Response('Not found.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
