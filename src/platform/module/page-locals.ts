/**
 * What a page's locals hold of the backend serving it (`Astro.locals.backend`), told apart by
 * `mode`: the embedded runtime and the signed-in request's context, or upstream mode's calls to
 * the legacy backend. Signed-in pages load through `Astro.locals.backends` (src/app/backends.ts);
 * these are for the few pages only one backend serves.
 */
import type { RequestContext } from '../context';
import type { Runtime } from '../runtime';
import type { UpstreamScope } from '../upstream/client';

export type BackendLocals =
  | { readonly mode: 'embedded'; readonly runtime: Runtime; readonly ctx: RequestContext | null }
  | { readonly mode: 'upstream'; readonly upstream: UpstreamScope };

type WithBackend = Pick<App.Locals, 'backend'>;

/** The runtime of a page only the embedded backend serves (the public sites, uploads): upstream mode routes none of them here. */
export function embeddedRuntime(locals: WithBackend): Runtime {
  if (locals.backend.mode !== 'embedded') throw new Error('Only the embedded backend serves this page: upstream mode answers it 404 before it renders.');
  return locals.backend.runtime;
}

/** The request's moment in seconds: the embedded request context's (tests set its clock), else the server's. */
export function requestNow(locals: WithBackend): number {
  return (locals.backend.mode === 'embedded' ? locals.backend.ctx?.now : undefined) ?? Math.floor(Date.now() / 1000);
}
