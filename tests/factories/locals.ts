import { ALL_CAPABILITIES } from '../../src/lib/capabilities';
import type { Runtime } from '../../src/server/runtime';
import { EMBEDDED_PAGE_LOADERS } from '../../src/server/embedded-page-loaders';

/** What the embedded backend's page middleware puts in Astro.locals for a signed-out request, for calling an Astro endpoint directly. */
export function signedOutLocals(runtime: Runtime): App.Locals {
  return { runtime, config: runtime.config, session: null, ctx: null, upstream: null, capabilities: ALL_CAPABILITIES, loaders: EMBEDDED_PAGE_LOADERS, pageAvailable: () => true };
}
