// When is dist/ stale? Shared by `npm start` (builds when needed) and `npm run bench`
// (builds before timing, so the start-up figure never includes a build).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ENTRY = path.join(ROOT, 'dist/server/entry.mjs');
/** The server to run: scripts/serve.mjs serves the built entry. */
export const SERVER = path.join(ROOT, 'scripts/serve.mjs');
// The precompression runs inside the build: a change to it needs a new build too.
const INPUTS = ['src', 'public', 'astro.config.mjs', 'scripts/precompress.mjs', 'package-lock.json'];

/**
 * The newest modification time in a file or folder tree (ms).
 * @param {string} target
 * @returns {number}
 */
export function newestMtime(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

/**
 * Why a build is needed (no entry, or a source newer than it), or null when dist/ is current.
 * @returns {string | null}
 */
export function buildReason() {
  if (!fs.existsSync(ENTRY)) return 'dist/server/entry.mjs is missing';
  const built = fs.statSync(ENTRY).mtimeMs;
  const stale = INPUTS.map((p) => path.join(ROOT, p))
    .filter(fs.existsSync)
    .filter((p) => newestMtime(p) > built);
  return stale.length ? `${stale.map((p) => path.relative(ROOT, p)).join(', ')} newer than dist/` : null;
}
