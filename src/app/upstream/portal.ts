/** Upstream mode behind the portal (../portal.ts): the legacy backend's pages and API, nothing of the portal's own on disk. */
import type { Config } from '../../platform/config';
import type { Portal } from '../../platform/server/portal';
import { PRODUCT_GATES } from '../shell-modules';
import { UPSTREAM_MODULES, upstreamPagesFor } from './modules';
import { createUpstreamApi } from '../../platform/upstream/api';
import { upstreamPages } from './page-middleware';
import { upstreamSettings } from '../../platform/upstream/settings';

export function upstreamPortal(config: Config): Portal {
  const settings = upstreamSettings(config);
  const api = createUpstreamApi(settings, UPSTREAM_MODULES, PRODUCT_GATES);
  const pages = upstreamPagesFor(config);
  return {
    mode: 'upstream',
    config,
    servePage: (context, next) => upstreamPages({ config, settings, pages }, context, next),
    serveApi: (request, clientAddress) => api.fetch(request, { clientAddress }),
  };
}
