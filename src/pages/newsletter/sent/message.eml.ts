import type { APIRoute } from 'astro';
import { findOutboxMessage } from '../../../server/newsletter/sends/outbox';
import { parseId } from '../../../contracts/website-rules';

/**
 * A message of the outbox as an .eml file (its MIME source), for a mail client to open. Signed
 * in, with the newsletter: the middleware's gates. Another school's id is a 404.
 */
export const GET: APIRoute = async ({ locals, url }) => {
  const id = parseId(url.searchParams.get('id') ?? '');
  const message = id === null ? null : await findOutboxMessage(locals.ctx!, id);
  if (!message) return new Response('This message was not found.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(message.raw, {
    headers: {
      'Content-Type': 'message/rfc822',
      'Content-Disposition': `attachment; filename="message-${message.id}.eml"`,
      'Cache-Control': 'no-store',
      // Never rendered as a page, even by a browser that ignores the download hint.
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  });
};
