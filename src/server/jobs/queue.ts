import type { Db } from '../db';
import { isPostgres, skipLocked } from '../db';
import type { JobRow } from './schema';
import './schema';

/**
 * The job queue's SQL (table `jobs`, foundation migration 0003_jobs): enqueue, lease, finish,
 * purge. Everything here takes `now` (unix seconds) from the caller, so tests move time by hand.
 */

/** Times a job is started before it is marked failed, unless its enqueuer says otherwise. */
export const DEFAULT_MAX_ATTEMPTS = 5;
/** The first retry waits this long; each next one twice as long as the one before... */
export const RETRY_BASE_SECONDS = 30;
/** ...up to this. */
export const RETRY_CAP_SECONDS = 60 * 60;
/** A failure's message is kept for inspection, cut to this many characters. */
export const MAX_ERROR_LENGTH = 1000;
export const MAX_JOB_NAME_LENGTH = 100;
export const MAX_JOB_KEY_LENGTH = 255;

export interface NewJob {
  /** The job type: the name of the handler that runs it (a module's manifest `jobs`). */
  name: string;
  /** Stored as JSON; the handler's schema checks it before the job runs. */
  payload?: unknown;
  /** The enqueuer's time (`ctx.now`, `runtime.clock()`), unix seconds. */
  now: number;
  /** When it may run; `now` when not given. */
  runAt?: number;
  /**
   * Makes the enqueue idempotent: while a job with this key is in the table (pending, or
   * finished and not yet purged), enqueueing another with it does nothing.
   */
  key?: string;
  maxAttempts?: number;
}

/**
 * Adds a job to the queue. Pass the caller's transaction (a Kysely Transaction is a Db) to make
 * the job part of the change that needs it: a rollback takes the job away too. Returns the new
 * job's id, or undefined when a job with the same key already exists (ON CONFLICT DO NOTHING,
 * which on PostgreSQL leaves the caller's transaction usable).
 */
export async function enqueue(db: Db, job: NewJob): Promise<number | undefined> {
  const maxAttempts = job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!job.name || job.name.length > MAX_JOB_NAME_LENGTH) throw new RangeError(`A job name is 1 to ${MAX_JOB_NAME_LENGTH} characters: "${job.name}".`);
  if (job.key !== undefined && (!job.key || job.key.length > MAX_JOB_KEY_LENGTH)) {
    throw new RangeError(`A job key is 1 to ${MAX_JOB_KEY_LENGTH} characters.`);
  }
  if (!Number.isSafeInteger(maxAttempts) || maxAttempts < 1) throw new RangeError(`maxAttempts must be a positive integer, not ${maxAttempts}.`);
  const payload = JSON.stringify(job.payload ?? {});
  const row = await db
    .insertInto('jobs')
    .values({
      name: job.name,
      payload,
      idempotency_key: job.key ?? null,
      status: 'pending',
      run_at: Math.floor(job.runAt ?? job.now),
      lease_until: null,
      leased_by: null,
      attempts: 0,
      max_attempts: maxAttempts,
      last_error: null,
      created_at: job.now,
      finished_at: null,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** How long a job waits after its `attempts`-th start failed: exponential, capped. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(RETRY_CAP_SECONDS, RETRY_BASE_SECONDS * 2 ** Math.max(0, attempts - 1));
}

export interface Claim {
  /** The job types this worker can run; others stay in the queue for a worker that can. */
  names: readonly string[];
  now: number;
  workerId: string;
  leaseSeconds: number;
  limit: number;
}

/**
 * Leases up to `limit` due jobs to `workerId` until `now + leaseSeconds` and counts the start:
 * pending, `run_at` come, no live lease, starts left. Two workers never lease the same job:
 * PostgreSQL selects the rows `FOR UPDATE SKIP LOCKED` in a transaction and updates them (a
 * concurrent worker skips locked rows, and re-checks the lease on rows committed meanwhile);
 * SQLite runs one UPDATE ... WHERE id IN (SELECT ...) RETURNING, and SQLite runs one writer at a time.
 */
export async function claimDueJobs(db: Db, claim: Claim): Promise<JobRow[]> {
  if (claim.names.length === 0 || claim.limit < 1) return [];
  const { now } = claim;
  const due = (q: Db) =>
    q
      .selectFrom('jobs')
      .select('id')
      .where('status', '=', 'pending')
      .where('run_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
      .where((eb) => eb('attempts', '<', eb.ref('max_attempts')))
      .where('name', 'in', [...claim.names])
      .orderBy('run_at')
      .orderBy('id')
      .limit(claim.limit);
  const lease = (q: Db, ids: readonly number[] | ReturnType<typeof due>) =>
    q
      .updateTable('jobs')
      .set((eb) => ({
        lease_until: now + claim.leaseSeconds,
        leased_by: claim.workerId,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', 'in', ids)
      .returningAll()
      .execute();

  if (!isPostgres(db)) return lease(db, due(db));
  return db.transaction().execute(async (trx) => {
    const rows = await skipLocked(trx, due(trx)).execute();
    return rows.length ? lease(trx, rows.map((r) => r.id)) : [];
  });
}

/**
 * Jobs whose worker stopped (its lease ran out) on their last start: failed, as retrying is
 * over. Returns how many.
 */
export async function failAbandonedJobs(db: Db, now: number): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'failed', finished_at: now, lease_until: null, last_error: 'Its worker stopped before it finished (the lease ran out), on its last attempt.' })
    .where('status', '=', 'pending')
    .where('lease_until', '<=', now)
    .where((eb) => eb('attempts', '>=', eb.ref('max_attempts')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Only the worker holding the lease records the outcome: a worker whose lease ran out and was taken over changes nothing. */
function heldBy(db: Db, job: Pick<JobRow, 'id'>, workerId: string) {
  return db.updateTable('jobs').where('id', '=', job.id).where('status', '=', 'pending').where('leased_by', '=', workerId);
}

export async function markJobDone(db: Db, job: Pick<JobRow, 'id'>, workerId: string, now: number): Promise<boolean> {
  const result = await heldBy(db, job, workerId).set({ status: 'done', finished_at: now, lease_until: null }).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type FailureOutcome = 'retry' | 'failed' | 'lost';

/**
 * Records a failed start: the message (cut to MAX_ERROR_LENGTH) and either a retry after the
 * back-off or, when its starts are used up or `permanent` (retrying cannot help), the end.
 */
export async function markJobFailed(
  db: Db,
  job: Pick<JobRow, 'id' | 'attempts' | 'max_attempts'>,
  workerId: string,
  now: number,
  message: string,
  permanent = false,
): Promise<FailureOutcome> {
  const last_error = message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH - 1)}…` : message;
  const final = permanent || job.attempts >= job.max_attempts;
  const result = await heldBy(db, job, workerId)
    .set(
      final
        ? { status: 'failed', finished_at: now, lease_until: null, last_error }
        : { run_at: now + retryDelaySeconds(job.attempts), lease_until: null, leased_by: null, last_error },
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return 'lost';
  return final ? 'failed' : 'retry';
}

/** Done jobs are kept this long (their keys keep repeats away meanwhile)... */
export const KEEP_DONE_SECONDS = 7 * 24 * 60 * 60;
/** ...failed ones longer, for inspection. */
export const KEEP_FAILED_SECONDS = 30 * 24 * 60 * 60;

/** Deletes finished jobs past their keeping time; returns how many. */
export async function purgeFinishedJobs(db: Db, now: number): Promise<number> {
  let purged = 0;
  for (const [status, keep] of [
    ['done', KEEP_DONE_SECONDS],
    ['failed', KEEP_FAILED_SECONDS],
  ] as const) {
    const result = await db.deleteFrom('jobs').where('status', '=', status).where('finished_at', '<=', now - keep).executeTakeFirst();
    purged += Number(result.numDeletedRows);
  }
  return purged;
}
