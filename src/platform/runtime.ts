import type { Config } from './config';
import type { Db } from './db';
import type { Clock } from './clock';

/**
 * What every request handler, job and command needs: built once per process (src/app/process.ts)
 * or per test (tests/factories/runtime.ts).
 */
export interface Runtime {
  config: Config;
  db: Db;
  clock: Clock;
}
