// `npm start`: build when the sources are newer than the last build, prepare the database
// (migrate, seed an empty one), then serve the built portal on HOST:PORT.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { ROOT, SERVER, buildReason } from './build-state.mjs';

process.env.ASTRO_TELEMETRY_DISABLED ??= '1';
const reason = buildReason();
if (reason) {
  console.log(`Building the portal (${reason})…`);
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// This process is the production server from here on (React's production build, among others).
process.env.NODE_ENV ??= 'production';
const { main } = await tsImport('../src/server/cli/main.ts', import.meta.url);
const code = await main(['boot']);
if (code !== 0) process.exit(code);

// The server reads HOST and PORT; the config step above has validated them.
process.env.HOST ??= 'localhost';
process.env.PORT ??= '4321';
await import(SERVER);
