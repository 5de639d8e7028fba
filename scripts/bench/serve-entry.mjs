// What scripts/serve.mjs sees as build-state.mjs under the bench (serve-hook.mjs): the same module,
// with ENTRY the bench build's entry (PORTAL_BENCH_ENTRY).
export * from '../build-state.mjs';
export const ENTRY = /** @type {string} */ (process.env.PORTAL_BENCH_ENTRY);
