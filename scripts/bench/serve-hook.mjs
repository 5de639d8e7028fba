// Preloaded by the bench (`node --import ./scripts/bench/serve-hook.mjs scripts/serve.mjs`) to run
// the portal's own server front on the bench's build (PORTAL_BENCH_ENTRY, the entry of the build
// with the trivial pages) instead of dist/: scripts/serve.mjs takes ENTRY from build-state.mjs, so
// that one import is answered with serve-entry.mjs, which re-exports it with ENTRY replaced.
import { registerHooks } from 'node:module';

const SHIM = new URL('./serve-entry.mjs', import.meta.url).href;

if (!process.env.PORTAL_BENCH_ENTRY) throw new Error('serve-hook.mjs: PORTAL_BENCH_ENTRY (the bench build entry.mjs) is not set.');

registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    if (resolved.url.endsWith('/scripts/build-state.mjs') && context.parentURL?.endsWith('/scripts/serve.mjs')) return { ...resolved, url: SHIM };
    return resolved;
  },
});
