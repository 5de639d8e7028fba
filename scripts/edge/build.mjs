// @ts-check
// `npm run build:edge`: the edge build of upstream mode into dist-edge/ (astro.edge.config.mjs),
// then `astro sync` with the default config, so that the generated types (.astro/) stay those of
// the Node build (the Cloudflare adapter's add a `cfContext` local the Node build has not).
// Prints the Worker's bundle size (its JavaScript, raw and gzipped) at the end.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROOT } from '../../src/platform/server/build-output.ts';

export const EDGE_DIST = path.join(ROOT, 'dist-edge');
export const EDGE_WRANGLER_CONFIG = path.join(EDGE_DIST, 'server/wrangler.json');

/** @param {string[]} args */
function astro(args) {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), ...args], {
    cwd: ROOT,
    stdio: 'inherit',
    // Always a production build, also when a test runner (NODE_ENV=test) asks for it: React's production code, as deployed.
    env: { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error(`astro ${args.join(' ')} failed (exit ${result.status})`);
}

/** The Worker's modules (what is uploaded and what workerd compiles): their count and size. */
export function edgeBundleSize() {
  const dir = path.join(EDGE_DIST, 'server');
  const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.mjs'));
  let raw = 0;
  let gzip = 0;
  for (const name of files) {
    const data = fs.readFileSync(path.join(dir, name));
    raw += data.length;
    gzip += zlib.gzipSync(data, { level: 9 }).length;
  }
  return { modules: files.length, raw, gzip };
}

export function buildEdge() {
  fs.rmSync(EDGE_DIST, { recursive: true, force: true });
  try {
    astro(['build', '--config', 'astro.edge.config.mjs']);
  } finally {
    astro(['sync']);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  buildEdge();
  const size = edgeBundleSize();
  const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(0)} KB`;
  console.log(`Edge build: ${EDGE_WRANGLER_CONFIG} (${size.modules} modules, ${kb(size.raw)}, ${kb(size.gzip)} gzipped)`);
}
