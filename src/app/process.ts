import fs from 'node:fs';
import { parseConfig } from '../platform/config';
import { migrateToLatest, openDatabase, type Db } from '../platform/db';
import { systemClock } from '../platform/clock';
import { startWorker } from '../platform/jobs';
import { JOBS, MIGRATIONS, SCHEDULES } from './modules';
import { seedDemoIfEmpty } from './seed/demo';
import type { Runtime } from '../platform/runtime';
import type { Config } from '../platform/config';
import { defaultWorkThreads, startWorkPool } from '../platform/work/pool';

/** Brings a database to the current schema: the foundation's and every module's migrations. */
export function migrateAll(db: Db): Promise<void> {
  return migrateToLatest(db, MIGRATIONS);
}

/** Brings a database to the current schema and seeds it when empty; tells the operator the admin sign-in once. */
export async function prepareDatabase(runtime: Runtime, log: (line: string) => void = console.log): Promise<void> {
  await migrateAll(runtime.db);
  const admin = await seedDemoIfEmpty(runtime.db, runtime.config, runtime.clock);
  if (admin) {
    log('Seeded the demo school (demo.school). Sign in with:');
    log(`  email:    ${admin.email}`);
    log(
      runtime.config.PORTAL_ADMIN_PASSWORD
        ? '  password: (the one in PORTAL_ADMIN_PASSWORD)'
        : `  password: ${admin.password}   (shown once; change it with: npm run portal -- reset-password --email ${admin.email})`,
    );
  }
}

/**
 * Where the work pool's threads start: the TypeScript source under tsx when this file runs from
 * the sources (tests, the operator command, `astro dev`), else the bundle `npm run build` puts
 * beside the server (scripts/work-entry-build.mjs), found from this chunk's place in the build.
 */
function workEntry(): { filename: URL; execArgv: string[] } {
  // Not `new URL(literal, import.meta.url)`: Vite would take that for an asset to bundle.
  const here = import.meta.url;
  if (new URL(here).pathname.endsWith('.ts')) return { filename: new URL('./work-entry.ts', here), execArgv: ['--import', 'tsx'] };
  for (const candidate of ['./work-entry.mjs', '../work-entry.mjs']) {
    const url = new URL(candidate, here);
    if (fs.existsSync(url)) return { filename: url, execArgv: [] };
  }
  throw new Error('The build has no work-entry.mjs beside the server: run `npm run build` again.');
}

/**
 * Starts the process's work pool (work/pool.ts) with PORTAL_WORK_THREADS threads, or every core
 * but one; `warm`: all of them now. True when this call started it (false: it was running).
 */
export function startPortalWorkPool(config: Pick<Config, 'PORTAL_WORK_THREADS'>, options: { warm?: boolean } = {}): boolean {
  return startWorkPool({ ...workEntry(), threads: config.PORTAL_WORK_THREADS ?? defaultWorkThreads(), warm: options.warm ?? false });
}

let runtime: Promise<Runtime> | undefined;

/**
 * The server process's runtime, wired once: configuration, database, clock, and the job worker
 * started (the foundation's and the modules' queued and scheduled jobs). The database is prepared
 * here as well as in `npm start`'s boot step so that `npm run dev` and a server started by hand
 * find a current, seeded schema.
 */
export function getRuntime(): Promise<Runtime> {
  runtime ??= (async () => {
    const config = parseConfig(process.env);
    const db = openDatabase(config);
    const ready: Runtime = { config, db, clock: systemClock };
    startPortalWorkPool(config, { warm: true });
    await prepareDatabase(ready);
    startWorker(ready, JOBS, SCHEDULES);
    return ready;
  })();
  return runtime;
}
