import { parseConfig, type Config } from './config';
import { openDatabase, type Db } from './db';
import { systemClock, type Clock } from './clock';
import { prepareDatabase } from './bootstrap';
import { startJobs } from './jobs';

/** What every request handler needs: built once per process. */
export interface Runtime {
  config: Config;
  db: Db;
  clock: Clock;
}

let runtime: Promise<Runtime> | undefined;

/**
 * The server process's runtime. The database is prepared here as well as in `npm start`'s boot
 * step so that `npm run dev` and a server started by hand find a current, seeded schema.
 */
export function getRuntime(): Promise<Runtime> {
  runtime ??= (async () => {
    const config = parseConfig(process.env);
    const db = openDatabase(config.databaseFile);
    const ready: Runtime = { config, db, clock: systemClock };
    await prepareDatabase(ready);
    startJobs(ready);
    return ready;
  })();
  return runtime;
}
