import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Db } from '../db';
import type { Runtime } from '../runtime';
import type { JobHandler, Schedule } from './handlers';
import { claimDueJobs, enqueue, failAbandonedJobs, markJobDone, markJobFailed, type FailureOutcome } from './queue';
import type { JobRow } from './schema';

/** A started job holds its lease this long; one still running after it may be started again elsewhere. */
export const DEFAULT_LEASE_SECONDS = 5 * 60;
/** Jobs a worker leases at once (and runs side by side). */
export const DEFAULT_BATCH_SIZE = 5;
/** How often the server's worker looks for due jobs. */
export const DEFAULT_POLL_SECONDS = 1;

export interface RunOptions {
  /** The time to run at (unix seconds); the runtime's clock, read as it goes, when not given. */
  now?: number;
  /** Who holds the leases; a new id when not given. */
  workerId?: string;
  leaseSeconds?: number;
  batchSize?: number;
  /** Once aborted, no more jobs are leased; those already leased run to their end. */
  signal?: AbortSignal;
  /** Where failures are reported; console.error when not given. */
  log?: (line: string) => void;
  /** Schedules whose jobs for the current slot are enqueued first (what a worker's tick does). */
  schedules?: readonly Schedule[];
}

export interface RunSummary {
  done: number;
  /** Failed and due again after the back-off. */
  retried: number;
  /** Failed for good (attempts used up, an unreadable payload, or the lease ran out on the last attempt). */
  failed: number;
  /** Finished after their lease ran out and another worker had taken them over: nothing recorded. */
  lost: number;
}

/** A worker's id in `leased_by`: the host and process, and a random part for several workers in one process. */
export function newWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`.slice(-100);
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message || err.name : String(err);
}

/** The payload as the handler takes it, or why it cannot run at all. */
function readPayload(job: JobRow, handler: JobHandler): { ok: true; payload: unknown } | { ok: false; message: string } {
  let data: unknown;
  try {
    data = JSON.parse(job.payload);
  } catch {
    return { ok: false, message: 'The payload is not JSON.' };
  }
  if (!handler.payload) return { ok: true, payload: data };
  const parsed = handler.payload.safeParse(data);
  if (parsed.success) return { ok: true, payload: parsed.data };
  const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'payload'}: ${i.message}`).join('; ');
  return { ok: false, message: `The payload does not fit the job: ${issues}` };
}

/**
 * Runs every due job this process has a handler for, batch after batch, and resolves when none is
 * left (or `signal` stopped it): tests await it instead of polling (with `schedules`, after
 * enqueueing their jobs for the current slot, as the worker does). Each job: leased, its payload
 * checked, run; then done, or its failure recorded (message only) with a retry after the
 * back-off, or failed for good once its attempts are used up.
 */
export async function runDueJobs(runtime: Runtime, handlers: Readonly<Record<string, JobHandler>>, options: RunOptions = {}): Promise<RunSummary> {
  // A given `now` is the handlers' time too.
  const fixed = options.now;
  const rt: Runtime = fixed === undefined ? runtime : { ...runtime, clock: () => fixed };
  const now = () => rt.clock();
  const workerId = options.workerId ?? newWorkerId();
  const log = options.log ?? console.error;
  const names = Object.keys(handlers);
  const summary: RunSummary = { done: 0, retried: 0, failed: 0, lost: 0 };
  if (options.schedules?.length) await enqueueSchedules(runtime.db, options.schedules, now());
  summary.failed += await failAbandonedJobs(runtime.db, now());

  const count = (outcome: FailureOutcome | 'done') => {
    if (outcome === 'retry') summary.retried += 1;
    else if (outcome === 'lost') summary.lost += 1;
    else summary[outcome] += 1;
  };

  const runOne = async (job: JobRow): Promise<void> => {
    const handler = handlers[job.name];
    if (!handler) throw new Error(`No handler for the leased job "${job.name}".`);
    const read = readPayload(job, handler);
    let failure: { message: string; permanent: boolean } | undefined;
    if (!read.ok) failure = { message: read.message, permanent: true };
    else {
      try {
        await handler.run(rt, read.payload);
      } catch (err) {
        failure = { message: messageOf(err), permanent: false };
      }
    }
    if (!failure) {
      count((await markJobDone(runtime.db, job, workerId, now())) ? 'done' : 'lost');
      return;
    }
    const outcome = await markJobFailed(runtime.db, job, workerId, now(), failure.message, failure.permanent);
    count(outcome);
    const what = outcome === 'retry' ? 'will retry' : outcome === 'failed' ? 'gave up' : 'lease lost';
    log(`[jobs] ${job.name} #${job.id} failed on attempt ${job.attempts} of ${job.max_attempts} (${what}): ${failure.message}`);
  };

  while (!options.signal?.aborted) {
    const leased = await claimDueJobs(runtime.db, {
      names,
      now: now(),
      workerId,
      leaseSeconds: options.leaseSeconds ?? DEFAULT_LEASE_SECONDS,
      limit: options.batchSize ?? DEFAULT_BATCH_SIZE,
    });
    if (leased.length === 0) break;
    // Every job of the batch gets its outcome recorded before a recording error is passed on.
    const results = await Promise.allSettled(leased.map(runOne));
    const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (rejected) throw rejected.reason;
  }
  return summary;
}

/** A schedule's job key for the slot `now` falls in: the same in every process. */
export function scheduleKey(schedule: Schedule, now: number): string {
  return `schedule:${schedule.name}:${Math.floor(now / schedule.everySeconds)}`;
}

/**
 * Enqueues each schedule's job for the current slot (`floor(now / everySeconds)`), once however
 * many processes call it: the slot is the job's key. Returns how many were new.
 */
export async function enqueueSchedules(db: Db, schedules: readonly Schedule[], now: number): Promise<number> {
  let added = 0;
  for (const schedule of schedules) {
    const id = await enqueue(db, { name: schedule.name, now, key: scheduleKey(schedule, now), ...(schedule.maxAttempts ? { maxAttempts: schedule.maxAttempts } : {}) });
    if (id !== undefined) added += 1;
  }
  return added;
}

export interface WorkerOptions extends Pick<RunOptions, 'leaseSeconds' | 'batchSize' | 'log'> {
  /** Seconds between the end of a tick and the start of the next. */
  pollSeconds?: number;
  workerId?: string;
}

export interface JobWorker {
  readonly id: string;
  /** No more ticks and no more leases; resolves once the jobs already leased have finished. */
  stop(): Promise<void>;
}

/**
 * The server process's worker: at once and then every `pollSeconds` after the previous tick
 * ended, enqueues the schedules' jobs for the current slot and runs the due jobs. Its timer is
 * unref'd (it never keeps a process alive); an error of a tick (the database away) is logged and
 * the next tick tries again.
 */
export function startWorker(
  runtime: Runtime,
  handlers: Readonly<Record<string, JobHandler>>,
  schedules: readonly Schedule[],
  options: WorkerOptions = {},
): JobWorker {
  const id = options.workerId ?? newWorkerId();
  const log = options.log ?? console.error;
  const stopping = new AbortController();
  // The slot each schedule was last enqueued for here: the database is asked once per slot, not every tick.
  const enqueuedSlot = new Map<string, string>();
  let lastError: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;

  const tick = async () => {
    const now = runtime.clock();
    const due = schedules.filter((s) => enqueuedSlot.get(s.name) !== scheduleKey(s, now));
    await enqueueSchedules(runtime.db, due, now);
    for (const s of due) enqueuedSlot.set(s.name, scheduleKey(s, now));
    const { leaseSeconds, batchSize } = options;
    await runDueJobs(runtime, handlers, { leaseSeconds, batchSize, workerId: id, log, signal: stopping.signal });
  };

  const loop = () => {
    ticking = tick()
      .then(
        () => {
          lastError = undefined;
        },
        (err: unknown) => {
          // Said once while it lasts, not every second.
          const message = messageOf(err);
          if (message !== lastError) log(`[jobs] the worker could not run jobs: ${message}`);
          lastError = message;
        },
      )
      .finally(() => {
        ticking = undefined;
        if (stopping.signal.aborted) return;
        timer = setTimeout(loop, (options.pollSeconds ?? DEFAULT_POLL_SECONDS) * 1000);
        timer.unref();
      });
  };
  loop();

  return {
    id,
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await ticking;
    },
  };
}
