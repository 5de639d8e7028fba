import type { APIRoute } from 'astro';
import { getPortal } from '../../app/portal';

export const prerender = false;

/** Hands every /api request to the Hono app of the portal's backend, with the client's address for rate limiting. */
export const ALL: APIRoute = async ({ request, clientAddress }) => (await getPortal()).serveApi(request, clientAddress);
