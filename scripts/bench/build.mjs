// Makes sure dist/ matches the sources before measuring, so the boot figure is boot + serve only
// (start.mjs would otherwise build inside the timed window) and the JS weights are current.
import path from 'node:path';
import { ENTRY, ROOT, SERVER, buildReason } from '../build-state.mjs';
import { exited, killTree, startNode } from './processes.mjs';

export { ENTRY, SERVER, buildReason };
const BUILD_TIMEOUT_MS = 180_000;

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
