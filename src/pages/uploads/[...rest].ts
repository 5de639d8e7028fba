import type { APIRoute } from 'astro';

export const prerender = false;

/** Any address under /uploads/ that is not `<school>/<file>`: a plain 404, like an unknown file. */
export const ALL: APIRoute = () =>
  new Response('Not found.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' } });
