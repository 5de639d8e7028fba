import type { APIRoute } from 'astro';
import { getRuntime } from '../../server/process';
import { createApi, type Api } from '../../server/api';

export const prerender = false;

let api: Api | undefined;

/** Hands every /api request to the Hono app, with the client's address for rate limiting. */
export const ALL: APIRoute = async ({ request, clientAddress }) => {
  api ??= createApi(await getRuntime());
  return api.fetch(request, { clientAddress });
};
