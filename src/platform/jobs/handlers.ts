import type { z } from 'zod';
import type { Runtime } from '../runtime';

/**
 * Runs one queued job of a type: a module declares its handlers by job name in its manifest
 * (`jobs`). The worker checks the stored payload with `payload` first (a payload it refuses fails
 * the job at once: retrying cannot help). A handler may run more than once for one job (a worker
 * that outlived its lease, a crash after the work but before it was recorded), so it must be
 * idempotent: do the work if it is still to do. A failure that would only fail again (bad input,
 * a document that cannot be printed) is a `Refusal` (src/platform/errors.ts): the job fails at once.
 */
export interface JobHandler<P = unknown> {
  payload?: z.ZodType<P>;
  /**
   * How many jobs of this type one worker runs at once, at most (its slots are shared by every
   * type; default: any number of them), so a slow type (printing PDFs) never takes the slots
   * other types' jobs (mail) are due in.
   */
  concurrency?: number;
  /**
   * How long the worker waits for one run (default, and at most: the lease). Then it aborts
   * `signal`, records a failure (retried like any other) and gives the slot to the next job.
   */
  timeoutSeconds?: number;
  run(runtime: Runtime, payload: P, signal: AbortSignal): Promise<void>;
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
 * Every source's handlers in one record and schedules in one list (src/app/modules.ts). Throws
 * when two sources handle the same job name, a handler's concurrency or timeout is not a positive
 * number, a name is scheduled twice, a schedule has no handler or its interval is not a whole
 * number of seconds of at least one.
 */
export function collectJobs(sources: readonly JobSource[]): { jobs: Readonly<Record<string, JobHandler>>; schedules: readonly Schedule[] } {
  const jobs: Record<string, JobHandler> = {};
  const owner = new Map<string, string>();
  for (const source of sources) {
    for (const [name, handler] of Object.entries(source.jobs ?? {})) {
      const other = owner.get(name);
      if (other) throw new Error(`Job "${name}" is handled by both ${other} and ${source.name}.`);
      owner.set(name, source.name);
      if (handler.concurrency !== undefined && (!Number.isSafeInteger(handler.concurrency) || handler.concurrency < 1)) {
        throw new Error(`Job "${name}" runs ${handler.concurrency} at a time: a whole number of at least one.`);
      }
      if (handler.timeoutSeconds !== undefined && !(handler.timeoutSeconds > 0 && Number.isFinite(handler.timeoutSeconds))) {
        throw new Error(`Job "${name}" times out after ${handler.timeoutSeconds} seconds: a positive number.`);
      }
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
