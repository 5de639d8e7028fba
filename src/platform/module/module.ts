import type { Hono } from 'hono';
import type { Call } from '../../lib/contract/calls';
import type { Migration } from 'kysely/migration';
import type { Command } from '../cli/command';
import type { Db } from '../db';
import type { RequestContext } from '../context';
import type { Runtime } from '../runtime';
import type { AppEnv } from '../http/types';
import type { JobHandler, Schedule } from '../jobs';
import type { CachedPage } from '../http/pages/staff-page-cache';

/**
 * A module's manifest (`src/server/<module>/index.ts`): everything the portal's process, API,
 * worker, operator command, migrator and demo seed need to know about it (the menu and the
 * product gates are its shell's, `<module>/shell.ts`). Listed once in
 * src/app/modules.ts; nothing central names a module otherwise.
 */
export interface PortalModule<Backend = unknown> {
  name: string;
  /**
   * The module's call table (its contract's `<module>Calls`): what its routes serve. Tests walk
   * every module's table (every route is in one; every id-taking call has a cross-school test).
   */
  calls?: Readonly<Record<string, Call>>;
  /**
   * Builds the module's backend port (`<module>/server/backend.ts`) for one signed-in request: the
   * pages' screens load over it (src/app/backends.ts collects every module's).
   */
  backend(ctx: RequestContext, runtime: Runtime): Backend;
  /** Mounts the module's Hono routes on the API (which is based at /api). */
  mountApi?(api: Hono<AppEnv>): void;
  /** Named `NNNN_what`: the migrator runs every module's migrations in name order. */
  migrations?: Record<string, Migration>;
  /**
   * Handlers of the module's queued jobs, by job name (`<module>-what`): work enqueued with
   * `enqueue` (src/platform/jobs), in the transaction of the change that needs it. Typed payloads:
   * `defineJob({ payload: zodSchema, run })`.
   */
  jobs?: Record<string, JobHandler>;
  /** Periodic upkeep: each enqueues the job of its name (handled in `jobs`) once per interval. */
  schedules?: Schedule[];
  /** Operator commands by name (`npm run portal -- <name>`). */
  commands?: Record<string, Command>;
  /**
   * Fills the demo school with the module's content (in the seed's transaction); files it stores
   * (uploads) go into `dataDir`, the data folder.
   */
  seedDemo?(db: Db, school: { id: number; label: string }, now: number, files: { dataDir: string }): Promise<void>;
  /**
   * The module's pages kept per user until their data's version moves (http/staff-page-cache.ts):
   * only pages whose every datum beyond the session that version covers.
   */
  cachedPages?: CachedPage[];
}
