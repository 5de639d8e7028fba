import { parseConfig } from './config';
import { migrateToLatest, openDatabase, type Db } from './db';
import { systemClock } from './clock';
import { startWorker } from './jobs';
import { JOBS, MIGRATIONS, SCHEDULES } from './modules';
import { seedDemoIfEmpty } from './seed/demo';
import type { Runtime } from './runtime';

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
    await prepareDatabase(ready);
    startWorker(ready, JOBS, SCHEDULES);
    return ready;
  })();
  return runtime;
}
