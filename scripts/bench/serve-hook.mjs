// Preloaded by the bench (`node --import ./scripts/bench/serve-hook.mjs src/app/serve.ts`) to run
// the portal's own server process on the bench's build (PORTAL_BENCH_ENTRY, the entry of the build
// with the trivial pages) instead of dist/: src/app/serve.ts takes ENTRY from build-output.ts, so
// that one import is answered with serve-entry.mjs, which re-exports it with ENTRY replaced.
import { registerHooks } from 'node:module';

const SHIM = new URL('./serve-entry.mjs', import.meta.url).href;

if (!process.env.PORTAL_BENCH_ENTRY) throw new Error('serve-hook.mjs: PORTAL_BENCH_ENTRY (the bench build entry.mjs) is not set.');

registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    if (resolved.url.endsWith('/src/platform/server/build-output.ts') && context.parentURL?.endsWith('/src/app/serve.ts')) return { ...resolved, url: SHIM };
    return resolved;
  },
});
