// `npm start`: build when the sources are newer than the last build, prepare the database
// (migrate, seed an empty one), then serve the built portal on HOST:PORT.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'dist/server/entry.mjs');

function newestMtime(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

function needsBuild() {
  if (!fs.existsSync(entry)) return true;
  const built = fs.statSync(entry).mtimeMs;
  const inputs = ['src', 'public', 'astro.config.mjs', 'package-lock.json'].map((p) => path.join(root, p)).filter(fs.existsSync);
  return inputs.some((p) => newestMtime(p) > built);
}

process.env.ASTRO_TELEMETRY_DISABLED ??= '1';
if (needsBuild()) {
  console.log('Building the portal…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { main } = await tsImport('../src/server/cli/main.ts', import.meta.url);
const code = await main(['boot']);
if (code !== 0) process.exit(code);

// Astro's standalone server reads HOST and PORT; the config step above has validated them.
process.env.HOST ??= 'localhost';
process.env.PORT ??= '4321';
await import(entry);
