// What src/app/serve.ts sees as build-output.ts under the bench (serve-hook.mjs): the same module,
// with ENTRY the bench build's entry (PORTAL_BENCH_ENTRY).
export * from '../../src/platform/server/build-output.ts';
export const ENTRY = /** @type {string} */ (process.env.PORTAL_BENCH_ENTRY);
