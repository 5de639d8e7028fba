// Where the build is and when it is stale: `npm start` (src/app/start.ts) builds when needed,
// `npm run bench` builds before timing (so the start-up figure never includes a build), and the
// server process (src/app/serve.ts) serves ENTRY.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The Node adapter's entry of the production build (`astro build`). */
export const ENTRY = path.join(ROOT, 'dist/server/entry.mjs');
// The precompression and the work pool's bundle run inside the build: a change to them needs a new build too.
const INPUTS = ['src', 'public', 'astro.config.mjs', 'scripts/precompress.mjs', 'scripts/work-entry-build.mjs', 'package-lock.json'];

/** The newest modification time in a file or folder tree (ms). */
export function newestMtime(target: string): number {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

/** Why a build is needed (no entry, or a source newer than it), or null when dist/ is current. */
export function buildReason(): string | null {
  if (!fs.existsSync(ENTRY)) return 'dist/server/entry.mjs is missing';
  const built = fs.statSync(ENTRY).mtimeMs;
  const stale = INPUTS.map((p) => path.join(ROOT, p))
    .filter((p) => fs.existsSync(p))
    .filter((p) => newestMtime(p) > built);
  return stale.length ? `${stale.map((p) => path.relative(ROOT, p)).join(', ')} newer than dist/` : null;
}
