// Makes sure dist/ matches the sources before measuring, so the boot figure is boot + serve only
// (start.mjs would otherwise build inside the timed window) and the JS weights are current.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, exited, killTree, startNode } from './processes.mjs';

export const ENTRY = path.join(ROOT, 'dist/server/entry.mjs');
const BUILD_TIMEOUT_MS = 180_000;

function newestMtime(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

/**
 * Why a build is needed, or null. Same rule as scripts/start.mjs (which does not export it):
 * no entry, or a source newer than the entry.
 * @returns {string | null}
 */
export function buildReason() {
  if (!fs.existsSync(ENTRY)) return 'dist/server/entry.mjs is missing';
  const built = fs.statSync(ENTRY).mtimeMs;
  const stale = ['src', 'public', 'astro.config.mjs', 'package-lock.json']
    .map((p) => path.join(ROOT, p))
    .filter(fs.existsSync)
    .filter((p) => newestMtime(p) > built);
  return stale.length ? `${stale.map((p) => path.relative(ROOT, p)).join(', ')} newer than dist/` : null;
}

/** Runs `astro build` (what `npx astro build` runs) with this Node; returns the seconds it took. */
export async function build() {
  const started = performance.now();
  const run = startNode([path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    label: 'astro build',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  const timer = setTimeout(() => killTree(run.child), BUILD_TIMEOUT_MS);
  const code = await exited(run.child);
  clearTimeout(timer);
  if (code !== 0) throw new Error(`astro build failed (exit ${code}):\n${run.output.text}`);
  return (performance.now() - started) / 1000;
}
