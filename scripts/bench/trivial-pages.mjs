// @ts-check
// Bench-only Astro integration: two trivial pages, the baselines of `npm run bench -- --sections ratios`.
// astro.config.mjs includes it only when PORTAL_BENCH_PAGES=1, and it refuses any outDir but the
// bench's own, so a production build (dist/) never holds these routes. tests/unit/bench-pages.test.ts
// checks both.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');

/** Where the bench builds the portal with these pages (ignored by git, ESLint and tsc as part of node_modules/). */
export const BENCH_OUT_DIR = path.join(ROOT, 'node_modules/.cache/portal-bench/dist');
/** The environment flag that makes astro.config.mjs include this integration. */
export const BENCH_PAGES_FLAG = 'PORTAL_BENCH_PAGES';

/** The trivial pages: a signed-in portal page and a public-site page, each through the full middleware. */
export const TRIVIAL_PAGES = {
  signedIn: { pattern: '/__bench/trivial-signed-in', entrypoint: path.join(HERE, 'pages/trivial-signed-in.astro') },
  public: { pattern: '/sites/__bench/trivial-public', entrypoint: path.join(HERE, 'pages/trivial-public.astro') },
};

/** @returns {import('astro').AstroIntegration} */
export default function benchTrivialPages() {
  return {
    name: 'staff-portal:bench-trivial-pages',
    hooks: {
      'astro:config:setup': ({ config, command, injectRoute }) => {
        const outDir = path.resolve(fileURLToPath(config.outDir));
        if (command === 'build' && outDir !== BENCH_OUT_DIR) {
          throw new Error(
            `${BENCH_PAGES_FLAG}=1 builds the bench's trivial pages, which must never reach a production build: ` +
              `build with --outDir ${path.relative(ROOT, BENCH_OUT_DIR)} (npm run bench does), not into ${path.relative(ROOT, outDir) || '.'}.`,
          );
        }
        for (const page of Object.values(TRIVIAL_PAGES)) injectRoute({ pattern: page.pattern, entrypoint: page.entrypoint, prerender: false });
      },
    },
  };
}
