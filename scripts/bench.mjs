// `npm run bench`: measures, in one run on 127.0.0.1 only,
//   1. the JavaScript (gzip) each page loads at start, against its budget;
//   2. req/s and latency of GET /home vs GET /api/api/user, signed in;
//   3. the seconds from `node scripts/start.mjs` on an empty data dir to the first 200 from /login;
//   4. the posts list API (page 1, and a title search) for a school of 10,000 posts vs one of 100.
// Every server runs on a free port with a temp data dir (never ./data, never 4321) and is killed
// at the end, also on failure or Ctrl+C. Exit code 1 when a budget fails or a step errors.
//
//   npm run bench -- --pages /home,/account/products --connections 10 --duration 5
//   npm run bench -- --postgres            every server on a new PostgreSQL database of its own
//                                          (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
//   npm run bench -- --sections posts --api-only [--postgres]
//                                          section 4 alone, against the API served from the sources
//                                          (scripts/bench/api-server.ts): no build needed
import crypto from 'node:crypto';
import { tsImport } from 'tsx/esm/api';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SERVER, build, buildReason } from './bench/build.mjs';
import { createBenchDatabase, dropBenchDatabases, serverVersion } from './bench/postgres.mjs';
import { bytesAndKb, kb, ms, table } from './bench/format.mjs';
import { runLoad } from './bench/load.mjs';
import { GZIP_LEVEL, measurePageJs, total } from './bench/page-js.mjs';
import {
  LOOPBACK,
  ROOT,
  cleanup,
  cleanupSync,
  freePort,
  killTree,
  makeTempDir,
  startNode,
  waitFor200,
} from './bench/processes.mjs';

/**
 * JS budgets (gzip bytes at start) per page; add a row when a page gets one.
 * @type {Record<string, number>}
 */
const BUDGETS = {
  '/home': 10 * 1024,
  '/account/products': 10 * 1024,
  '/website/posts': 90 * 1024,
  '/website/posts/edit': 250 * 1024,
};
const DEFAULT_PAGES = ['/home', '/account/products', '/website/posts', '/website/posts/edit'];
const LOAD_TARGETS = ['/home', '/api/api/user'];
const WARMUP_MS = 1000;
const SECTIONS = ['js', 'load', 'boot', 'posts'];
const API_SERVER = path.join(ROOT, 'scripts/bench/api-server.ts');
const BOOT_TIMEOUT_MS = 150_000;

/** A per-run admin, seeded into each temp database through the portal's own env variables. */
const ADMIN = { email: 'bench-admin@example.org', password: crypto.randomBytes(12).toString('base64url') };

const log = (line) => process.stderr.write(`… ${line}\n`);

function options() {
  const { values } = parseArgs({
    options: {
      pages: { type: 'string' },
      connections: { type: 'string', default: '10' },
      duration: { type: 'string', default: '5' },
      sections: { type: 'string', default: SECTIONS.join(',') },
      postgres: { type: 'boolean', default: false },
      'api-only': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(
      'Usage: npm run bench -- [--pages /home,/account/products] [--connections 10] [--duration 5] [--sections js,load,boot,posts] [--postgres] [--api-only]',
    );
    console.log('  --postgres   every server on a new PostgreSQL database of its own, on BENCH_DATABASE_URL');
    console.log('               (an admin address; default postgres://postgres@127.0.0.1:5432/test), dropped at the end');
    console.log('  --api-only   section 4 against the API served from the sources, without Astro: no build needed');
    console.log(`Budgets: ${Object.entries(BUDGETS).map(([p, b]) => `${p} ${kb(b)}`).join(', ')}`);
    process.exit(0);
  }
  const pages = values.pages ? values.pages.split(',').map((p) => p.trim()).filter(Boolean) : DEFAULT_PAGES;
  for (const page of pages) if (!page.startsWith('/')) throw new Error(`--pages: "${page}" must start with /`);
  // Clamped so a typo cannot start an endless or enormous run.
  const connections = Math.min(100, Math.max(1, Math.trunc(Number(values.connections)) || 10));
  const durationMs = Math.min(30, Math.max(1, Number(values.duration) || 5)) * 1000;
  const sections = new Set(values.sections.split(',').map((s) => s.trim()).filter(Boolean));
  for (const section of sections) if (!SECTIONS.includes(section)) throw new Error(`--sections: "${section}" is not one of ${SECTIONS.join(', ')}`);
  return { pages, connections, durationMs, sections, postgres: values.postgres, apiOnly: values['api-only'] };
}

/** Set by main(): whether every server runs on PostgreSQL (`--postgres`). */
let onPostgres = false;

/** The DATABASE_URL of a new server: a new PostgreSQL database with --postgres, else none (its data dir's SQLite file). */
async function databaseFor() {
  return onPostgres ? createBenchDatabase() : '';
}

/**
 * Environment for a server: loopback, its own port and empty data dir (and, with --postgres, its
 * own database: never a DATABASE_URL from the caller's shell), a known admin.
 */
function serverEnv(port, dataDir, databaseUrl) {
  return {
    ...process.env,
    HOST: LOOPBACK,
    PORT: String(port),
    PORTAL_DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PORTAL_ADMIN_EMAIL: ADMIN.email,
    PORTAL_ADMIN_PASSWORD: ADMIN.password,
    ASTRO_TELEMETRY_DISABLED: '1',
  };
}

/** `node scripts/serve.mjs`, ready once /login answers 200 (the first request prepares the database). */
async function startServer() {
  const port = await freePort();
  const run = startNode([SERVER], { label: 'server', env: serverEnv(port, makeTempDir('server'), await databaseFor()) });
  const base = `http://${LOOPBACK}:${port}`;
  await waitFor200(`${base}/login`, run);
  return { base, run };
}

/** POST /api/login (as the admin unless told); returns the `portal_session=…` cookie pair. */
async function signIn(base, user = ADMIN) {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
    redirect: 'manual',
  });
  if (res.status !== 200) throw new Error(`POST /api/login answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('portal_session='));
  if (!cookie) throw new Error('POST /api/login set no portal_session cookie.');
  return cookie;
}

/** GET as the signed-in user; a redirect (e.g. to /login) is an error, not a page to measure. */
async function fetchText(url, cookie) {
  const res = await fetch(url, { headers: { cookie }, redirect: 'manual' });
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}${res.headers.get('location') ? ` → ${res.headers.get('location')}` : ''}.`);
  return res.text();
}

/** Section 1. Returns how many pages failed their budget. */
async function reportPageJs(base, cookie, pages) {
  const results = [];
  for (const page of pages) {
    log(`JS shipped by ${page}`);
    const pageUrl = new URL(page, base);
    const html = await fetchText(pageUrl, cookie);
    results.push(await measurePageJs(pageUrl, html, (url) => fetchText(url, cookie)));
  }
  let failures = 0;
  const rows = results.map((r) => {
    const gzip = total(r.start);
    const budget = BUDGETS[r.path];
    const verdict = budget === undefined ? 'no budget' : gzip <= budget ? 'PASS' : 'FAIL';
    if (verdict === 'FAIL') failures++;
    return [
      r.path,
      String(r.start.length),
      kb(total(r.start, 'raw')),
      bytesAndKb(gzip),
      budget === undefined ? '–' : kb(budget),
      verdict,
      `${kb(total(r.onDemand))} in ${r.onDemand.length} file(s)`,
    ];
  });
  console.log(`\n1. JavaScript shipped at start, signed in (zlib gzip level ${GZIP_LEVEL}, KB = 1024 B)`);
  console.log(table(['Page', 'Files', 'Raw', 'Gzip at start', 'Budget', 'Result', 'Loaded on demand (gzip)'], rows));
  for (const r of results) {
    console.log(`\n  ${r.path}`);
    for (const f of r.start) console.log(`    start      ${bytesAndKb(f.gzip).padStart(22)}  ${f.name}`);
    for (const f of r.onDemand) console.log(`    on demand  ${bytesAndKb(f.gzip).padStart(22)}  ${f.name}`);
    for (const s of r.skipped) console.log(`    skipped    ${s}`);
  }
  return failures;
}

/** Section 2: the same load, one target after the other, on the same server. */
async function reportLoad(base, cookie, connections, durationMs) {
  const rows = [];
  for (const target of LOAD_TARGETS) {
    log(`load on GET ${target}: ${connections} connections, ${WARMUP_MS / 1000} s warm-up + ${durationMs / 1000} s`);
    const r = await runLoad({ url: `${base}${target}`, headers: { cookie }, connections, warmupMs: WARMUP_MS, durationMs });
    const kinds = Object.entries(r.errorKinds).map(([k, n]) => `${k}×${n}`).join(' ');
    rows.push([
      `GET ${target}`,
      String(r.requests),
      r.rps.toFixed(0),
      ms(r.p50),
      ms(r.p95),
      r.errors ? `${r.errors} (${kinds})` : '0',
    ]);
  }
  console.log(
    `\n2. Throughput, signed in: ${connections} keep-alive connections, ${WARMUP_MS / 1000} s warm-up then ${durationMs / 1000} s each`,
  );
  console.log(table(['Request', 'Requests', 'Req/s (200s)', 'p50', 'p95', 'Errors (non-200)'], rows));
  return rows.filter((r) => r[5] !== '0').length;
}

/** Section 4: the same server holds a school of 100 posts and one of 10,000; same load on both. */
const SCALE_SCHOOLS = [
  { label: 'small.bench', posts: 100 },
  { label: 'large.bench', posts: 10_000 },
].map((s) => ({ ...s, email: `staff@${s.label}`, password: ADMIN.password }));

async function reportPostsAtScale(connections, durationMs, apiOnly) {
  log(`seeding 100 and 10,000 posts${onPostgres ? ' (PostgreSQL)' : ''}`);
  const dataDir = makeTempDir('scale');
  const databaseUrl = await databaseFor();
  const { seedPostsBench, SEARCH_TERM } = await tsImport('./bench/seed-posts.ts', import.meta.url);
  await seedPostsBench(dataDir, SCALE_SCHOOLS, databaseUrl || undefined);
  const port = await freePort();
  const env = serverEnv(port, dataDir, databaseUrl);
  const run = apiOnly
    ? startNode(['--import', 'tsx', API_SERVER], { label: 'API only', env })
    : startNode([SERVER], { label: 'server', env });
  const base = `http://${LOOPBACK}:${port}`;
  const rows = [];
  const p50 = {};
  try {
    await waitFor200(apiOnly ? `${base}/ready` : `${base}/login`, run);
    for (const school of SCALE_SCHOOLS) {
      const cookie = await signIn(base, school);
      for (const [name, query] of [['page 1', 'page=1&limit=10'], [`search "${SEARCH_TERM}"`, `page=1&limit=10&query=${SEARCH_TERM}`]]) {
        const url = `${base}/api/website/wordpress/posts?${query}`;
        log(`load on ${school.label} ${name}`);
        const r = await runLoad({ url, headers: { cookie }, connections, warmupMs: WARMUP_MS, durationMs });
        p50[`${school.label} ${name}`] = r.p50;
        rows.push([`${school.posts.toLocaleString('en-GB')} posts, ${name}`, r.rps.toFixed(0), ms(r.p50), ms(r.p95), String(r.errors)]);
      }
    }
  } finally {
    await killTree(run.child);
  }
  const ratio = (name) => p50[`large.bench ${name}`] / p50[`small.bench ${name}`];
  const names = ['page 1', `search "${SEARCH_TERM}"`];
  const served = `${onPostgres ? 'PostgreSQL' : 'SQLite'}${apiOnly ? ', API only (no Astro)' : ''}`;
  console.log(`\n4. Posts list API at school scale (${served}): GET /api/website/wordpress/posts, ${connections} connections, ${durationMs / 1000} s each`);
  console.log(table(['School', 'Req/s', 'p50', 'p95', 'Errors'], rows));
  const failing = names.filter((n) => !(ratio(n) < 2));
  console.log(table(['Ratio of p50, 10,000 vs 100 posts', 'Value', 'Result'], names.map((n) => [n, ratio(n).toFixed(2), ratio(n) < 2 ? 'PASS (< 2)' : 'FAIL (>= 2)'])));
  return failing.length + rows.filter((r) => r[4] !== '0').length;
}

/** Builds when dist/ is missing or older than the sources; returns what was done, or null. */
async function ensureBuilt() {
  const reason = buildReason();
  if (!reason) return null;
  log(`building first: ${reason}`);
  return `yes (${reason}), built in ${(await build()).toFixed(1)} s`;
}

/** Section 3: `node scripts/start.mjs` on a fresh data dir, timed to the first 200 from /login. */
async function reportBoot(prebuilt) {
  log(`boot time of node scripts/start.mjs on an empty ${onPostgres ? 'PostgreSQL database' : 'data dir'}`);
  const port = await freePort();
  const env = serverEnv(port, makeTempDir('boot'), await databaseFor());
  const started = performance.now();
  const run = startNode([path.join(ROOT, 'scripts/start.mjs')], { label: 'npm start', env });
  try {
    const ready = await waitFor200(`http://${LOOPBACK}:${port}/login`, run, { intervalMs: 50, timeoutMs: BOOT_TIMEOUT_MS });
    const builtDuringStart = run.output.text.includes('Building the portal');
    console.log('\n3. Start-up: `node scripts/start.mjs` (what `npm start` runs) on an empty data dir → first 200 from /login');
    console.log(
      table(
        ['Figure', 'Value'],
        [
          ['Seconds to first 200', `${((ready - started) / 1000).toFixed(2)} s`],
          ['Build needed before measuring', prebuilt],
          ['Build inside the timed start', builtDuringStart ? 'yes (the figure includes a build)' : 'no'],
        ],
      ),
    );
  } finally {
    await killTree(run.child);
  }
}

async function main() {
  const { pages, connections, durationMs, sections, postgres, apiOnly } = options();
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 22 || (major === 22 && minor < 12)) {
    throw new Error(`Node ${process.versions.node}: run through npm (\`npm run bench\`) so the project's Node 24 is used.`);
  }
  onPostgres = postgres;
  const database = onPostgres ? await serverVersion() : 'SQLite';
  console.log(`Staff Portal benchmark · Node ${process.versions.node} · ${database} · ${new Date().toISOString()} · all on ${LOOPBACK}`);

  // Only the API-only posts section runs from the sources; everything else serves dist/.
  const needsBuild = sections.has('js') || sections.has('load') || sections.has('boot') || (sections.has('posts') && !apiOnly);
  const builds = needsBuild ? [await ensureBuilt()] : [];
  let problems = 0;
  if (sections.has('js') || sections.has('load')) {
    const server = await startServer();
    try {
      const cookie = await signIn(server.base);
      if (sections.has('js')) problems += await reportPageJs(server.base, cookie, pages);
      if (sections.has('load')) problems += await reportLoad(server.base, cookie, connections, durationMs);
    } finally {
      // Stop it before the next server starts, so the two do not compete for the CPU.
      await killTree(server.run.child);
    }
  }
  if (sections.has('posts')) problems += await reportPostsAtScale(connections, durationMs, apiOnly);
  if (sections.has('boot')) {
    // Checked again: others may have edited src/ meanwhile, and start.mjs would then build inside the timed window.
    builds.push(await ensureBuilt());
    await reportBoot(builds.filter(Boolean).join('; ') || 'no (dist/ current)');
  }
  console.log(problems ? `\n${problems} problem(s): see FAIL / errors above.` : '\nAll budgets met, no errors.');
  return problems ? 1 : 0;
}

process.once('exit', cleanupSync);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    process.stderr.write(`\n${signal}: stopping the servers…\n`);
    cleanup()
      .then(() => dropBenchDatabases())
      .catch(() => undefined)
      .finally(() => process.exit(130));
  });
}

try {
  process.exitCode = await main();
} catch (err) {
  console.error(`\nBenchmark failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await cleanup();
  // After the servers are stopped: the databases of a --postgres run.
  await dropBenchDatabases().catch((err) => console.error(`Could not drop the bench databases: ${err instanceof Error ? err.message : String(err)}`));
}
