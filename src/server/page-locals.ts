/**
 * What the page loaders (`src/server/<module>/pages.ts`, `<module>/upstream/pages.ts`) read from a
 * page's locals: the embedded request context or the upstream scope, whichever the middleware set.
 */
import type { RequestContext } from './context';
import type { UpstreamScope } from './upstream/client';

export type PageLocals = Pick<App.Locals, 'ctx' | 'upstream'>;

/** The embedded backend's request context of a signed-in page (its middleware builds it). */
export function embeddedContext(locals: PageLocals): RequestContext {
  if (!locals.ctx) throw new Error('A signed-in page of the embedded backend has a request context: the middleware builds it.');
  return locals.ctx;
}

/** Upstream mode's calls to the legacy backend for a signed-in page (its middleware builds them). */
export function upstreamScope(locals: PageLocals): UpstreamScope {
  if (!locals.upstream) throw new Error('A page of upstream mode has an upstream scope: the middleware builds it.');
  return locals.upstream;
}
