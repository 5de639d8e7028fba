import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Db } from '../db';
import type { Runtime } from '../runtime';
import { Refusal } from '../errors';
import type { JobHandler, Schedule } from './handlers';
import { claimDueJobs, enqueue, failAbandonedJobs, markJobDone, markJobFailed, type FailureOutcome } from './queue';
import type { JobRow } from './schema';

/** A started job holds its lease this long; one still running after it may be started again elsewhere. */
export const DEFAULT_LEASE_SECONDS = 5 * 60;
/** Jobs a worker runs side by side, of every type (a type may take fewer: its `concurrency`). */
export const DEFAULT_CONCURRENCY = 5;
/** How often the server's worker looks for due jobs. */
export const DEFAULT_POLL_SECONDS = 1;

export interface RunOptions {
  /** The time to run at (unix seconds); the runtime's clock, read as it goes, when not given. */
  now?: number;
  /** Who holds the leases; a new id when not given. */
  workerId?: string;
  leaseSeconds?: number;
  concurrency?: number;
  /**
   * While jobs run and no slot has come free, how often to look for due jobs of the types with
   * free slots (a mail enqueued while a PDF prints starts within this, not after the PDF).
   */
  pollSeconds?: number;
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
  /** Failed for good (attempts used up, a permanent failure, or the lease ran out on the last attempt). */
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

type Failure = { message: string; permanent: boolean };

function failureOf(err: unknown): Failure {
  return { message: messageOf(err), permanent: err instanceof Refusal };
}

/**
 * Runs the handler with an AbortSignal and waits for it `timeoutSeconds` at most: then the signal
 * is aborted and the run counts as failed, whatever the handler does afterwards (a late end,
 * a late error, are ignored), so a hung job frees its slot.
 */
async function runWithTimeout(run: (signal: AbortSignal) => Promise<void>, timeoutSeconds: number): Promise<Failure | undefined> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<Failure>((resolve) => {
    timer = setTimeout(() => {
      const message = `It ran for ${timeoutSeconds} s, its time limit, and was stopped.`;
      controller.abort(new Error(message));
      resolve({ message, permanent: false });
    }, timeoutSeconds * 1000);
    timer.unref();
  });
  const finished = Promise.resolve()
    .then(() => run(controller.signal))
    .then(
      () => undefined,
      (err: unknown) => failureOf(err),
    );
  try {
    return await Promise.race([finished, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs every due job this process has a handler for and resolves when none is left (or `signal`
 * stopped it): tests await it instead of polling (with `schedules`, after enqueueing their jobs
 * for the current slot, as the worker does). `concurrency` slots, each refilled as soon as its job
 * ends: a claim leases jobs for the free slots, fairly between schools, a type never past its own
 * `concurrency` (jobs of a type whose slots are taken wait, others go ahead). Each job: leased,
 * its payload checked, run (within its time limit); then done, or its failure recorded (message
 * only) with a retry after the back-off, or failed for good once its attempts are used up or at
 * once when retrying cannot help.
 */
export async function runDueJobs(runtime: Runtime, handlers: Readonly<Record<string, JobHandler>>, options: RunOptions = {}): Promise<RunSummary> {
  // A given `now` is the handlers' time too.
  const fixed = options.now;
  const rt: Runtime = fixed === undefined ? runtime : { ...runtime, clock: () => fixed };
  const now = () => rt.clock();
  const workerId = options.workerId ?? newWorkerId();
  const log = options.log ?? console.error;
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const slots = options.concurrency ?? DEFAULT_CONCURRENCY;
  const pollMs = (options.pollSeconds ?? DEFAULT_POLL_SECONDS) * 1000;
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
    const failure = read.ok
      ? await runWithTimeout((signal) => handler.run(rt, read.payload, signal), Math.min(handler.timeoutSeconds ?? leaseSeconds, leaseSeconds))
      : { message: read.message, permanent: true };
    if (!failure) {
      count((await markJobDone(runtime.db, job, workerId, now())) ? 'done' : 'lost');
      return;
    }
    const outcome = await markJobFailed(runtime.db, job, workerId, now(), failure.message, failure.permanent);
    count(outcome);
    const what = outcome === 'retry' ? 'will retry' : outcome === 'failed' ? 'gave up' : 'lease lost';
    log(`[jobs] ${job.name} #${job.id} failed on attempt ${job.attempts} of ${job.max_attempts} (${what}): ${failure.message}`);
  };

  // The jobs running, by the promise that settles when each has its outcome recorded.
  const running = new Map<Promise<void>, string>();
  let ended = 0;
  let recordingError: { error: unknown } | undefined;
  const start = (job: JobRow) => {
    const settled: Promise<void> = runOne(job)
      .catch((error: unknown) => {
        // The first recording error is passed on once every running job has its outcome recorded.
        recordingError ??= { error };
      })
      .finally(() => {
        running.delete(settled);
        ended += 1;
      });
    running.set(settled, job.name);
  };
  const freeSlots = () => {
    const perName: Record<string, number> = {};
    for (const name of names) {
      const limit = handlers[name]!.concurrency;
      if (limit !== undefined) perName[name] = limit - [...running.values()].filter((n) => n === name).length;
    }
    return { limit: slots - running.size, perName };
  };
  const stopped = () => options.signal?.aborted === true || recordingError !== undefined;

  for (;;) {
    const endedBefore = ended;
    const free = freeSlots();
    if (!stopped() && free.limit > 0) {
      const leased = await claimDueJobs(runtime.db, { names, now: now(), workerId, leaseSeconds, ...free });
      leased.forEach(start);
    }
    if (running.size === 0) {
      // A job that ended during the claim may have left its type's jobs out of it: claim again.
      if (stopped() || ended === endedBefore) break;
      continue;
    }
    // Until a slot comes free, or a while has passed (due jobs of types with free slots go ahead).
    let timer: NodeJS.Timeout | undefined;
    const polled = stopped() ? [] : [new Promise<void>((resolve) => (timer = setTimeout(resolve, pollMs)).unref())];
    await Promise.race([...running.keys(), ...polled]);
    clearTimeout(timer);
  }
  if (recordingError) throw recordingError.error;
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

export interface WorkerOptions extends Pick<RunOptions, 'leaseSeconds' | 'concurrency' | 'log'> {
  /** Seconds between the end of a tick and the start of the next (and between looks for due jobs while jobs run). */
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
    const { leaseSeconds, concurrency, pollSeconds } = options;
    await runDueJobs(runtime, handlers, { leaseSeconds, concurrency, pollSeconds, workerId: id, log, signal: stopping.signal });
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
