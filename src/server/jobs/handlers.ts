import type { z } from 'zod';
import type { Runtime } from '../runtime';

/**
 * Runs one queued job of a type: a module declares its handlers by job name in its manifest
 * (`jobs`). The worker checks the stored payload with `payload` first (a payload it refuses fails
 * the job at once: retrying cannot help). A handler may run more than once for one job (a worker
 * that outlived its lease, a crash after the work but before it was recorded), so it must be
 * idempotent: do the work if it is still to do.
 */
export interface JobHandler<P = unknown> {
  payload?: z.ZodType<P>;
  run(runtime: Runtime, payload: P): Promise<void>;
}

/** A handler with its payload typed by its schema: `defineJob({ payload: z.object({...}), run: async (rt, p) => ... })`. */
export function defineJob<P = unknown>(handler: JobHandler<P>): JobHandler<P> {
  return handler;
}

/**
 * Periodic upkeep: every `everySeconds` the worker enqueues the job `name` (handled by a `jobs`
 * handler of that name, payload `{}`) once per time slot, keyed `schedule:<name>:<slot>`, so
 * however many processes tick, each slot's job is enqueued, and run, once.
 */
export interface Schedule {
  name: string;
  everySeconds: number;
  maxAttempts?: number;
}

/** A source of handlers and schedules: the foundation, or a module's manifest. */
export interface JobSource {
  name: string;
  jobs?: Readonly<Record<string, JobHandler>>;
  schedules?: readonly Schedule[];
}

/**
 * Every source's handlers in one record and schedules in one list (src/server/modules.ts). Throws
 * when two sources handle the same job name, a name is scheduled twice, a schedule has no handler
 * or its interval is not a whole number of seconds of at least one.
 */
export function collectJobs(sources: readonly JobSource[]): { jobs: Readonly<Record<string, JobHandler>>; schedules: readonly Schedule[] } {
  const jobs: Record<string, JobHandler> = {};
  const owner = new Map<string, string>();
  for (const source of sources) {
    for (const [name, handler] of Object.entries(source.jobs ?? {})) {
      const other = owner.get(name);
      if (other) throw new Error(`Job "${name}" is handled by both ${other} and ${source.name}.`);
      owner.set(name, source.name);
      jobs[name] = handler;
    }
  }
  const schedules = sources.flatMap((s) => s.schedules ?? []);
  const scheduled = new Set<string>();
  for (const schedule of schedules) {
    if (scheduled.has(schedule.name)) throw new Error(`Job "${schedule.name}" is scheduled twice.`);
    scheduled.add(schedule.name);
    if (!owner.has(schedule.name)) throw new Error(`Job "${schedule.name}" is scheduled but no module handles it.`);
    if (!Number.isSafeInteger(schedule.everySeconds) || schedule.everySeconds < 1) {
      throw new Error(`Job "${schedule.name}" is scheduled every ${schedule.everySeconds} seconds: a whole number of at least one.`);
    }
  }
  return { jobs, schedules };
}
