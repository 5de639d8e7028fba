import type { Migration } from 'kysely/migration';
import type { Hono } from 'hono';
import type { AppEnv } from '../platform/http/types';
import type { Call } from '../lib/contract/calls';
import type { PortalModule } from '../platform/module/module';
import type { CachedPage } from '../platform/http/pages/staff-page-cache';
import type { Command } from '../platform/cli/command';
import { collectJobs, type JobHandler, type Schedule } from '../platform/jobs';
import { FOUNDATION_JOBS } from '../platform/jobs/foundation';
import { FOUNDATION_MIGRATIONS } from '../platform/db/migrations';
import { sideOfEach } from './module-list';

/** The embedded backend's side of every module of the list (./module-list.ts), by name. */
export const EMBEDDED_LIST = sideOfEach('embedded');

export const MODULES: readonly PortalModule[] = Object.values(EMBEDDED_LIST);

/** Every migration, the foundation's and each module's; the migrator orders them by name. */
export const MIGRATIONS: Readonly<Record<string, Migration>> = Object.assign({}, FOUNDATION_MIGRATIONS, ...MODULES.map((m) => m.migrations ?? {}));

const COLLECTED_JOBS = collectJobs([FOUNDATION_JOBS, ...MODULES]);

/** Every queued job's handler by job name, the foundation's and each module's (a name twice throws at start). */
export const JOBS: Readonly<Record<string, JobHandler>> = COLLECTED_JOBS.jobs;

/** Every periodic job, the foundation's and each module's; each names a handler in JOBS. */
export const SCHEDULES: readonly Schedule[] = COLLECTED_JOBS.schedules;

export const MODULE_COMMANDS: Readonly<Record<string, Command>> = Object.assign({}, ...MODULES.map((m) => m.commands ?? {}));

/** Every module's cached staff pages, by path. */
export const CACHED_PAGES: ReadonlyMap<string, CachedPage> = new Map(MODULES.flatMap((m) => m.cachedPages ?? []).map((page) => [page.path, page]));

/** Every module's call table, by module name: the API's whole contract. */
export const CALL_TABLES: Readonly<Record<string, Readonly<Record<string, Call>>>> = Object.fromEntries(
  MODULES.flatMap((m) => (m.calls ? [[m.name, m.calls] as const] : [])),
);

export function mountModuleApis(api: Hono<AppEnv>): void {
  for (const module of MODULES) module.mountApi?.(api);
}
