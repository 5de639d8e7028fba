/** The modules' ports on the legacy backend, for one signed-in request: each built when a page first asks for it. */
import type { ShellSession } from '../../platform/module/shell-session';
import type { UpstreamScope } from '../../platform/upstream/client';
import { lazyBackends, type Backends } from '../backends';
import { UPSTREAM_LIST } from './modules';

export function upstreamBackends(up: UpstreamScope, session: ShellSession): Backends {
  const signedIn = () => session;
  return lazyBackends(Object.keys(UPSTREAM_LIST), (name) => UPSTREAM_LIST[name as keyof typeof UPSTREAM_LIST].backend(up, signedIn));
}
