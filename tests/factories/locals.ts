import { ALL_CAPABILITIES } from '../../src/lib/capabilities';
import type { Runtime } from '../../src/platform/runtime';

/** What the embedded backend's page middleware puts in Astro.locals for a signed-out request, for calling an Astro endpoint directly. */
export function signedOutLocals(runtime: Runtime): App.Locals {
  return { backend: { mode: 'embedded', runtime, ctx: null }, config: runtime.config, session: null, backends: null, capabilities: ALL_CAPABILITIES, pageAvailable: () => true };
}
