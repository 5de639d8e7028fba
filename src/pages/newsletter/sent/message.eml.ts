import type { APIRoute } from 'astro';
import { backendsOf } from '../../../app/backends';
import { loadOutboxMessageScreen } from '../../../modules/newsletter/server/screens';
import { parseId } from '../../../modules/website/rules';

/**
 * A message of the outbox as an .eml file (its MIME source), for a mail client to open. Signed
 * in, with the newsletter: the middleware's gates. Another school's id is a 404.
 */
export const GET: APIRoute = async ({ locals, url }) => {
  const message = await loadOutboxMessageScreen(backendsOf(locals).newsletter, parseId(url.searchParams.get('id') ?? ''));
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
