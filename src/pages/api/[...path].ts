import type { APIRoute } from 'astro';
import { getPortal } from '../../server/portal';
import { createApi, type Api } from '../../server/api';
import { createUpstreamApi, type UpstreamApi } from '../../server/upstream/api';
import { UPSTREAM_MODULES } from '../../server/upstream-modules';
import { PRODUCT_GATES } from '../../server/modules';

export const prerender = false;

let api: Api | UpstreamApi | undefined;

/** Hands every /api request to the Hono app of the portal's backend, with the client's address for rate limiting. */
export const ALL: APIRoute = async ({ request, clientAddress }) => {
  if (!api) {
    const portal = await getPortal();
    api = portal.mode === 'upstream' ? createUpstreamApi(portal.upstream, UPSTREAM_MODULES, PRODUCT_GATES) : createApi(portal.runtime);
  }
  return api.fetch(request, { clientAddress });
};
