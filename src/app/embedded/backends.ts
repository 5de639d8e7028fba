/** The modules' ports on the embedded backend, for one signed-in request: each built when a page first asks for it. */
import type { RequestContext } from '../../platform/context';
import type { Runtime } from '../../platform/runtime';
import { lazyBackends, type Backends } from '../backends';
import { EMBEDDED_LIST } from '../modules';

export function embeddedBackends(ctx: RequestContext, runtime: Runtime): Backends {
  return lazyBackends(Object.keys(EMBEDDED_LIST), (name) => EMBEDDED_LIST[name as keyof typeof EMBEDDED_LIST].backend(ctx, runtime));
}
