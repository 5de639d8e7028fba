// `npm start`: build when the sources are newer than the last build, prepare the database
// (migrate, seed an empty one), then serve the built portal on HOST:PORT (serve.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { ROOT, buildReason } from '../platform/server/build-output.ts';

process.env.ASTRO_TELEMETRY_DISABLED ??= '1';
// `npm start -- --no-demo`: a production install starts without the demo school.
if (process.argv.includes('--no-demo')) process.env.PORTAL_DEMO = 'off';
const reason = buildReason();
if (reason) {
  console.log(`Building the portal (${reason})…`);
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// This process is the production server from here on (React's production build, among others).
process.env.NODE_ENV ??= 'production';
// Through tsx: the operator command's modules import each other without extensions, which Node's
// own type stripping does not resolve.
const { main }: typeof import('./cli/main.ts') = await tsImport('./cli/main.ts', import.meta.url);
const code = await main(['boot']);
if (code !== 0) process.exit(code);

await import('./serve.ts');
