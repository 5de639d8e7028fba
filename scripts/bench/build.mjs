// Makes sure dist/ matches the sources before measuring, so the boot figure is boot + serve only
// (src/app/start.ts would otherwise build inside the timed window) and the JS weights are current.
// The sections lighthouse, bytes and ratios serve a build of their own instead (buildBench()):
// the portal plus the bench's trivial pages, in BENCH_OUT_DIR, never in dist/.
import fs from 'node:fs';
import path from 'node:path';
import { ENTRY, ROOT, buildReason, newestMtime } from '../../src/platform/server/build-output.ts';
import { exited, killTree, startNode } from './processes.mjs';
import { BENCH_OUT_DIR, BENCH_PAGES_FLAG, TRIVIAL_PAGES } from './trivial-pages.mjs';

export { ENTRY, buildReason, BENCH_OUT_DIR, TRIVIAL_PAGES };
/** The server process `npm start` ends in, which serves the build (src/app/serve.ts). */
export const SERVER = path.join(ROOT, 'src/app/serve.ts');
const BUILD_TIMEOUT_MS = 180_000;
export const BENCH_ENTRY = path.join(BENCH_OUT_DIR, 'server/entry.mjs');
/** Preloaded into src/app/serve.ts to make it serve BENCH_ENTRY (see serve-hook.mjs). */
export const SERVE_HOOK = path.join(ROOT, 'scripts/bench/serve-hook.mjs');
// All of scripts/: the bench's pages and integration, and whatever else astro.config.mjs imports
// from there (e.g. the build's precompression). A bench-only change costs one quick rebuild.
const BENCH_INPUTS = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'scripts'];

/** Runs `astro build` (what `npx astro build` runs) with this Node; returns the seconds it took. */
async function astroBuild(args = [], env = {}) {
  const started = performance.now();
  const run = startNode([path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', ...args], {
    label: 'astro build',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env },
  });
  const timer = setTimeout(() => killTree(run.child), BUILD_TIMEOUT_MS);
  const code = await exited(run.child);
  clearTimeout(timer);
  if (code !== 0) throw new Error(`astro build failed (exit ${code}):\n${run.output.text}`);
  return (performance.now() - started) / 1000;
}

/** The production build, into dist/. */
export const build = () => astroBuild();

/** Written after a bench build completed: an interrupted build (entry written, hooks not run) is not current. */
const BENCH_STAMP = path.join(BENCH_OUT_DIR, '.bench-build-complete');

/** The bench's build: PORTAL_BENCH_PAGES=1 into BENCH_OUT_DIR (the integration refuses any other outDir). */
export async function buildBench() {
  fs.rmSync(BENCH_STAMP, { force: true });
  const seconds = await astroBuild(['--outDir', BENCH_OUT_DIR], { [BENCH_PAGES_FLAG]: '1' });
  fs.writeFileSync(BENCH_STAMP, `${new Date().toISOString()}\n`);
  return seconds;
}

/** Why the bench's build is needed (missing, or a source newer than it), or null when it is current. */
export function benchBuildReason() {
  if (!fs.existsSync(BENCH_ENTRY)) return `${path.relative(ROOT, BENCH_ENTRY)} is missing`;
  if (!fs.existsSync(BENCH_STAMP)) return 'the last bench build did not complete';
  const built = fs.statSync(BENCH_STAMP).mtimeMs;
  const stale = BENCH_INPUTS.map((p) => path.join(ROOT, p))
    .filter(fs.existsSync)
    .filter((p) => newestMtime(p) > built);
  return stale.length ? `${stale.map((p) => path.relative(ROOT, p)).join(', ')} newer than the bench build` : null;
}

/**
 * The production server build (dist/server) must hold no bench route. Returns the files that
 * name one ([] when clean), or null when there is no dist/ to look at.
 */
export function benchRoutesInDist() {
  const dir = path.join(ROOT, 'dist/server');
  if (!fs.existsSync(dir)) return null;
  const needles = Object.values(TRIVIAL_PAGES).flatMap((p) => [p.pattern, path.basename(p.entrypoint, '.astro')]);
  const hits = [];
  const walk = (sub) => {
    let entries;
    try {
      entries = fs.readdirSync(sub, { withFileTypes: true });
    } catch {
      return; // removed meanwhile: someone is building into dist/
    }
    for (const entry of entries) {
      const file = path.join(sub, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(m?js|json)$/.test(entry.name)) {
        let text = '';
        try {
          text = fs.readFileSync(file, 'utf8');
        } catch {
          continue; // removed meanwhile: someone is building into dist/
        }
        if (needles.some((n) => text.includes(n))) hits.push(path.relative(ROOT, file));
      }
    }
  };
  walk(dir);
  return hits;
}
