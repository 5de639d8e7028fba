/**
 * What the modules' page facades (`src/server/<module>/pages.ts`) read from a page's locals: the
 * embedded request context or the upstream scope, whichever the middleware set.
 */
import type { RequestContext } from './context';

export type PageLocals = Pick<App.Locals, 'ctx' | 'upstream'>;

/** The embedded backend's request context of a signed-in page (the middleware builds it). */
export function embeddedContext(locals: PageLocals): RequestContext {
  if (!locals.ctx) throw new Error('A signed-in page of the embedded backend has a request context: the middleware builds it.');
  return locals.ctx;
}
