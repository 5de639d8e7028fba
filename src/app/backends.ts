/**
 * Each module's backend port (`src/modules/<module>/server/backend.ts`), built for one signed-in
 * page by the backend serving it: the embedded one (./embedded/backends.ts) or upstream mode's
 * (./upstream/backends.ts). Pages load their screens over these (`load<Screen>(backends.staff, …)`),
 * never from a backend directly, so an upstream build reaches no embedded code through a page.
 * The type is read off the module list's manifests (a type-only import: nothing of the embedded
 * backend reaches a bundle through it).
 */
import type { MODULE_LIST } from './module-list';
import type { PortalModule } from '../platform/module/module';

type ModuleList = typeof MODULE_LIST;

export type Backends = { readonly [Name in keyof ModuleList]: ModuleList[Name]['embedded'] extends PortalModule<infer Backend> ? Backend : never };

/** A signed-in page's backends (its middleware builds them; public pages have none). */
export function backendsOf(locals: Pick<App.Locals, 'backends'>): Backends {
  if (!locals.backends) throw new Error('A signed-in page has its backends: the middleware builds them once the user is known.');
  return locals.backends;
}

/** The backends of `modules`, each built by `build` when a page first asks for it. */
export function lazyBackends(names: readonly string[], build: (name: string) => unknown): Backends {
  const backends = {};
  for (const name of names) Object.defineProperty(backends, name, { enumerable: true, get: () => build(name) });
  // Every name of the list has its getter (the lists are checked against Backends where they are written).
  return backends as Backends;
}
