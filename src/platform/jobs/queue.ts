import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db';
import { isPostgres, lockInTransaction } from '../db';
import type { Database } from '../db/schema';
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
  /**
   * The school the job works for: the worker shares its slots fairly between schools, and a module
   * can count a school's jobs (`countJobs`). Left out for schedules and provider-wide work.
   */
  domainId?: number | null;
}

/**
 * A due job no worker has started for this long is taken for one no worker here handles (its
 * module gone): it no longer holds back the turn being served.
 */
export const UNSTARTED_SECONDS = 10 * 60;

/**
 * The turn a school's new job takes (`jobs.turn`: claims lease the lowest turns first, oldest
 * first within one): the turn being served (the lowest of the due jobs, leaving out those nobody
 * started in UNSTARTED_SECONDS), or the one after the school's last pending job, whichever is
 * later. So a school that enqueues 30 jobs takes 30 turns, one per round; another school's job
 * joins the round being served instead of queueing behind them, and a school that waited has no
 * credit saved up. Jobs without a school are one school. Two enqueues of a school at once may take
 * the same turn, which costs nothing but a tie.
 */
async function nextTurn(db: Db, domainId: number | null, now: number): Promise<number> {
  const pending = db.selectFrom('jobs').select('turn').where('status', '=', 'pending');
  const [serving, last] = await Promise.all([
    pending
      .where('run_at', '<=', now)
      .where((eb) => eb.or([eb('attempts', '>', 0), eb('created_at', '>', now - UNSTARTED_SECONDS)]))
      .orderBy('turn')
      .limit(1)
      .executeTakeFirst(),
    pending
      .where((eb) => (domainId === null ? eb('domain_id', 'is', null) : eb('domain_id', '=', domainId)))
      .orderBy('turn', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return Math.max(serving?.turn ?? 0, last ? last.turn + 1 : 0);
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
  const domainId = job.domainId ?? null;
  const row = await db
    .insertInto('jobs')
    .values({
      name: job.name,
      domain_id: domainId,
      turn: await nextTurn(db, domainId, job.now),
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
  /** At most this many jobs of a type (its free slots in this worker); a type not listed takes up to `limit`. */
  perName?: Readonly<Record<string, number>>;
}

/** A job the worker may lease now: pending, `run_at` come, no live lease, starts left. */
function isDue(now: number) {
  return (eb: ExpressionBuilder<Database, 'jobs'>) =>
    eb.and([
      eb('status', '=', 'pending'),
      eb('run_at', '<=', now),
      eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]),
      eb('attempts', '<', eb.ref('max_attempts')),
    ]);
}

/**
 * The ids of the due jobs to lease: the lowest turns first (`nextTurn`: fair between schools),
 * then the oldest, a type taking at most its `perName` slots. One statement: each type's first
 * due jobs by turn (an index range each, `jobs_claim_idx`), however long the queue, then the
 * lowest turns of them all.
 */
function fairlyChosen(db: Db, claim: Claim, names: readonly string[], capOf: (name: string) => number) {
  const firstOf = (name: string, n: number) =>
    db
      .selectFrom(
        db
          .selectFrom('jobs')
          .select(['id', 'turn'])
          .where('name', '=', name)
          .where(isDue(claim.now))
          .orderBy('turn')
          .orderBy('id')
          .limit(n)
          .as('first'),
      )
      .select(['id', 'turn']);
  const [head, ...rest] = names.map((name) => firstOf(name, capOf(name)));
  const candidates = rest.reduce((union, next) => union.unionAll(next), head!);
  return db.selectFrom(candidates.as('candidates')).select('id').orderBy('turn').orderBy('id').limit(claim.limit);
}

/**
 * Leases up to `limit` due jobs to `workerId` until `now + leaseSeconds`, chosen fairly between
 * schools (`fairlyChosen`), and counts the start. One UPDATE ... WHERE id IN (the choice)
 * RETURNING on both databases; two workers never lease the same job: SQLite runs one writer at a
 * time, and on PostgreSQL claims take turns (a transaction-scoped advisory lock), each seeing the
 * leases of the one before, while the UPDATE checks again that every row is still due.
 */
export async function claimDueJobs(db: Db, claim: Claim): Promise<JobRow[]> {
  const capOf = (name: string) => Math.min(claim.perName?.[name] ?? claim.limit, claim.limit);
  const names = claim.names.filter((name) => capOf(name) >= 1);
  if (names.length === 0 || claim.limit < 1) return [];
  const { now } = claim;
  const lease = (q: Db) =>
    q
      .updateTable('jobs')
      .set((eb) => ({
        lease_until: now + claim.leaseSeconds,
        leased_by: claim.workerId,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', 'in', fairlyChosen(q, claim, names, capOf))
      .where(isDue(now))
      .returningAll()
      .execute();

  if (!isPostgres(db)) return lease(db);
  return db.transaction().execute(async (trx) => {
    await lockInTransaction(trx, 'jobs:claim');
    return lease(trx);
  });
}

/**
 * A school's jobs of a type: those still to run or running (`pending`), or those enqueued at or
 * after `since`, whatever became of them (finished ones are kept a week or more).
 */
/** Drops a school's jobs, pending or finished (the school is being deleted: nothing of it may run later). */
export async function forgetSchoolJobs(db: Db, domainId: number): Promise<void> {
  await db.deleteFrom('jobs').where('domain_id', '=', domainId).execute();
}

export async function countJobs(db: Db, of: { domainId: number; name: string; pending?: boolean; since?: number }): Promise<number> {
  let query = db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('domain_id', '=', of.domainId)
    .where('name', '=', of.name);
  if (of.pending) query = query.where('status', '=', 'pending');
  if (of.since !== undefined) query = query.where('created_at', '>=', of.since);
  return Number((await query.executeTakeFirstOrThrow()).n);
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
