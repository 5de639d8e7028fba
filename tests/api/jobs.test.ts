import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { openDatabase, type Db } from '../../src/platform/db';
import {
  MAX_ERROR_LENGTH,
  claimDueJobs,
  defineJob,
  enqueue,
  enqueueSchedules,
  runDueJobs,
  startWorker,
  type JobHandler,
  type JobRow,
  type RunOptions,
  type Schedule,
} from '../../src/platform/jobs';
import { markJobDone } from '../../src/platform/jobs/queue';
import { Refusal } from '../../src/platform/errors';
import { createSession, hashToken } from '../../src/platform/auth/sessions';
import { JOBS, SCHEDULES } from '../../src/app/modules';
import type { Runtime } from '../../src/platform/runtime';
import { addTestUser, createTestSchool, useTestContext } from '../factories';

/**
 * The job queue on a real database: the sqlite project runs it on a SQLite file, the postgres
 * project on a PostgreSQL database of its own. One database for the file: each test uses job
 * names of its own, and a worker only leases the jobs it has handlers for.
 */
const HOUR = 60 * 60;
const DAY = 24 * HOUR;

describe('durable jobs', () => {
  const ctx = useTestContext();
  const quiet: RunOptions = { log: () => undefined };
  let sequence = 0;

  /** A job name no other test uses, and a handler that records each run's payload. */
  function recorder(fail?: (n: number, run: number) => Error | undefined) {
    sequence += 1;
    const name = `test-job-${sequence}`;
    const runs: number[] = [];
    const handler = defineJob({
      payload: z.object({ n: z.number() }),
      run: async (_rt, payload) => {
        runs.push(payload.n);
        const err = fail?.(payload.n, runs.length);
        if (err) throw err;
      },
    });
    return { name, runs, handlers: { [name]: handler } as Record<string, JobHandler> };
  }

  function run(handlers: Record<string, JobHandler>, runtime: Runtime = ctx().runtime, options: RunOptions = {}) {
    return runDueJobs(runtime, handlers, { ...quiet, ...options });
  }

  async function jobRow(id: number | undefined): Promise<JobRow> {
    if (id === undefined) throw new Error('No job id.');
    return ctx().db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  async function jobsNamed(name: string): Promise<JobRow[]> {
    return ctx().db.selectFrom('jobs').selectAll().where('name', '=', name).orderBy('id').execute();
  }

  /** Another connection (pool) on the same database, as another process would have. */
  const others: Db[] = [];
  function anotherConnection(): Db {
    const db = openDatabase(ctx().config);
    others.push(db);
    return db;
  }
  afterAll(async () => {
    await Promise.all(others.map((db) => db.destroy()));
  });

  it('runs an enqueued job once, with its payload, and marks it done', async () => {
    const job = recorder();
    const now = ctx().clock.now;
    const id = await enqueue(ctx().db, { name: job.name, payload: { n: 7 }, now });
    expect(id).toBeTypeOf('number');
    expect(await jobRow(id)).toMatchObject({ status: 'pending', attempts: 0, run_at: now, lease_until: null });

    expect(await run(job.handlers)).toEqual({ done: 1, retried: 0, failed: 0, lost: 0 });
    expect(job.runs).toEqual([7]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, finished_at: now, lease_until: null, last_error: null });

    ctx().clock.advance(DAY);
    expect((await run(job.handlers)).done).toBe(0);
    expect(job.runs).toEqual([7]);
  });

  it('waits for runAt', async () => {
    const job = recorder();
    const now = ctx().clock.now;
    await enqueue(ctx().db, { name: job.name, payload: { n: 1 }, now, runAt: now + HOUR });
    await run(job.handlers);
    expect(job.runs).toEqual([]);
    await run(job.handlers, ctx().runtime, { now: now + HOUR - 1 });
    expect(job.runs).toEqual([]);
    await run(job.handlers, ctx().runtime, { now: now + HOUR });
    expect(job.runs).toEqual([1]);
  });

  it('is idempotent by key: another enqueue with the key does nothing, before and after the job ran', async () => {
    const job = recorder();
    const key = `${job.name}:once`;
    const now = ctx().clock.now;
    const first = await enqueue(ctx().db, { name: job.name, payload: { n: 1 }, now, key });
    expect(first).toBeTypeOf('number');
    expect(await enqueue(ctx().db, { name: job.name, payload: { n: 2 }, now, key })).toBeUndefined();
    await run(job.handlers);
    expect(await enqueue(ctx().db, { name: job.name, payload: { n: 3 }, now, key })).toBeUndefined();
    await run(job.handlers);
    expect(job.runs).toEqual([1]);
    expect((await jobsNamed(job.name)).map((j) => j.id)).toEqual([first]);
  });

  it('keeps the caller’s transaction usable when the key is taken, and enqueues once when many race', async () => {
    const job = recorder();
    const now = ctx().clock.now;
    await enqueue(ctx().db, { name: job.name, payload: { n: 1 }, now, key: `${job.name}:a` });
    const inTransaction = await ctx()
      .db.transaction()
      .execute(async (trx) => {
        const again = await enqueue(trx, { name: job.name, payload: { n: 2 }, now, key: `${job.name}:a` });
        const other = await enqueue(trx, { name: job.name, payload: { n: 3 }, now, key: `${job.name}:b` });
        return { again, other };
      });
    expect(inTransaction.again).toBeUndefined();
    expect(inTransaction.other).toBeTypeOf('number');

    // Ten enqueues with one key at once, over two connections: one job.
    const second = anotherConnection();
    const ids = await Promise.all(
      Array.from({ length: 10 }, (_, i) => enqueue(i % 2 ? second : ctx().db, { name: job.name, payload: { n: 10 + i }, now, key: `${job.name}:c` })),
    );
    expect(ids.filter((id) => id !== undefined)).toHaveLength(1);
    await run(job.handlers);
    expect(job.runs).toHaveLength(3);
    expect(job.runs.filter((n) => n < 10).sort()).toEqual([1, 3]);
  });

  it('never runs a job enqueued in a transaction that rolled back', async () => {
    const job = recorder();
    const now = ctx().clock.now;
    await expect(
      ctx()
        .db.transaction()
        .execute(async (trx) => {
          await enqueue(trx, { name: job.name, payload: { n: 1 }, now, key: `${job.name}:rolled-back` });
          throw new Error('the change failed');
        }),
    ).rejects.toThrow('the change failed');
    expect(await jobsNamed(job.name)).toEqual([]);
    await run(job.handlers);
    expect(job.runs).toEqual([]);
    // The key was never taken.
    expect(await enqueue(ctx().db, { name: job.name, payload: { n: 2 }, now, key: `${job.name}:rolled-back` })).toBeTypeOf('number');
    await run(job.handlers);
    expect(job.runs).toEqual([2]);
  });

  it('retries a failing job after an exponential back-off, then fails it for good after maxAttempts, keeping the message', async () => {
    const job = recorder((_n, attempt) => new Error(`boom ${attempt}`));
    const start = ctx().clock.now;
    const id = await enqueue(ctx().db, { name: job.name, payload: { n: 1 }, now: start, maxAttempts: 3 });

    expect(await run(job.handlers)).toMatchObject({ done: 0, retried: 1, failed: 0 });
    expect(await jobRow(id)).toMatchObject({ status: 'pending', attempts: 1, run_at: start + 30, last_error: 'boom 1', lease_until: null, leased_by: null });

    // Not before its time.
    ctx().clock.advance(29);
    await run(job.handlers);
    expect(job.runs).toHaveLength(1);

    ctx().clock.advance(1);
    expect(await run(job.handlers)).toMatchObject({ retried: 1 });
    expect(await jobRow(id)).toMatchObject({ status: 'pending', attempts: 2, run_at: start + 30 + 60, last_error: 'boom 2' });

    ctx().clock.advance(60);
    expect(await run(job.handlers)).toMatchObject({ retried: 0, failed: 1 });
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 3, last_error: 'boom 3', finished_at: start + 90, lease_until: null });

    ctx().clock.advance(DAY);
    await run(job.handlers);
    expect(job.runs).toHaveLength(3);
  });

  it('keeps only the message of an error, cut to its limit', async () => {
    const job = recorder(() => new Error('x'.repeat(5000)));
    const id = await enqueue(ctx().db, { name: job.name, payload: { n: 1 }, now: ctx().clock.now, maxAttempts: 1 });
    expect(await run(job.handlers)).toMatchObject({ failed: 1 });
    const row = await jobRow(id);
    expect(row.status).toBe('failed');
    expect(row.last_error?.length).toBe(MAX_ERROR_LENGTH);
    expect(row.last_error).not.toMatch(/\bat /);
  });

  it('logs a failure with the job and attempt', async () => {
    const job = recorder(() => new Error('no mail server'));
    await enqueue(ctx().db, { name: job.name, payload: { n: 1 }, now: ctx().clock.now, maxAttempts: 2 });
    const lines: string[] = [];
    await run(job.handlers, ctx().runtime, { log: (line) => lines.push(line) });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`${job.name} #\\d+ failed on attempt 1 of 2 \\(will retry\\): no mail server`));
  });

  it('fails a job whose payload does not fit its handler at once, without retrying', async () => {
    const job = recorder();
    const id = await enqueue(ctx().db, { name: job.name, payload: { n: 'seven' }, now: ctx().clock.now });
    expect(await run(job.handlers)).toMatchObject({ failed: 1 });
    expect(job.runs).toEqual([]);
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.last_error).toMatch(/payload does not fit the job: n:/);
  });

  it('leaves a job nobody here handles in the queue, untouched', async () => {
    const job = recorder();
    const id = await enqueue(ctx().db, { name: `${job.name}-elsewhere`, payload: { n: 1 }, now: ctx().clock.now });
    await run(job.handlers);
    expect(await jobRow(id)).toMatchObject({ status: 'pending', attempts: 0, lease_until: null });
  });

  it('makes a job due again when its worker stopped and the lease ran out; the late worker records nothing', async () => {
    const job = recorder();
    const now = ctx().clock.now;
    const id = await enqueue(ctx().db, { name: job.name, payload: { n: 5 }, now });
    // A worker leases it, then stops (crashes) without finishing it.
    const [leased] = await claimDueJobs(ctx().db, { names: [job.name], now, workerId: 'crashed-worker', leaseSeconds: 60, limit: 10 });
    expect(leased).toMatchObject({ id, leased_by: 'crashed-worker', lease_until: now + 60, attempts: 1 });

    // While the lease holds, nobody else runs it.
    await run(job.handlers, ctx().runtime, { now: now + 59 });
    expect(job.runs).toEqual([]);

    expect(await run(job.handlers, ctx().runtime, { now: now + 60, workerId: 'second-worker' })).toMatchObject({ done: 1 });
    expect(job.runs).toEqual([5]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2, leased_by: 'second-worker' });

    // The first worker comes back and claims to have finished: too late, nothing changes.
    expect(await markJobDone(ctx().db, await jobRow(id), 'crashed-worker', now + 120)).toBe(false);
    expect(await jobRow(id)).toMatchObject({ status: 'done', finished_at: now + 60, leased_by: 'second-worker' });
  });

  it('fails a job whose lease ran out on its last attempt', async () => {
    const job = recorder();
    const now = ctx().clock.now;
    const id = await enqueue(ctx().db, { name: job.name, payload: { n: 1 }, now, maxAttempts: 1 });
    await claimDueJobs(ctx().db, { names: [job.name], now, workerId: 'crashed-worker', leaseSeconds: 60, limit: 10 });
    expect(await run(job.handlers, ctx().runtime, { now: now + 60 })).toMatchObject({ done: 0, failed: 1 });
    expect(job.runs).toEqual([]);
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, finished_at: now + 60 });
    expect(row.last_error).toMatch(/lease ran out/);
  });

  it('never runs a job twice when two workers on two connections race', async () => {
    const job = recorder();
    const now = ctx().clock.now;
    const count = 60;
    await ctx()
      .db.transaction()
      .execute(async (trx) => {
        for (let n = 0; n < count; n += 1) await enqueue(trx, { name: job.name, payload: { n }, now });
      });
    const second: Runtime = { ...ctx().runtime, db: anotherConnection() };
    const summaries = await Promise.all([
      run(job.handlers, ctx().runtime, { concurrency: 3 }),
      run(job.handlers, second, { concurrency: 3 }),
      run(job.handlers, ctx().runtime, { concurrency: 2 }),
      run(job.handlers, second, { concurrency: 4 }),
    ]);
    expect(summaries.reduce((sum, s) => sum + s.done, 0)).toBe(count);
    expect([...job.runs].sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, n) => n));
    const rows = await jobsNamed(job.name);
    expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
  });

  describe('slots and time limits', () => {
    it('never lets a slow type hold other types back: with its one slot taken, due jobs of other types run, those enqueued meanwhile too', async () => {
      sequence += 1;
      const slow = `test-slow-${sequence}`;
      const mail = `test-mail-${sequence}`;
      let release = () => undefined as void;
      const printing = new Promise<void>((resolve) => (release = resolve));
      const slowRuns = { started: 0, running: 0, most: 0 };
      const mails: number[] = [];
      const handlers: Record<string, JobHandler> = {
        [slow]: defineJob({
          concurrency: 1,
          run: async () => {
            slowRuns.started += 1;
            slowRuns.running += 1;
            slowRuns.most = Math.max(slowRuns.most, slowRuns.running);
            await printing;
            slowRuns.running -= 1;
          },
        }),
        [mail]: defineJob({ payload: z.object({ n: z.number() }), run: async (_rt, { n }) => void mails.push(n) }),
      };
      const school = await createTestSchool(ctx());
      const now = ctx().clock.now;
      // Enqueued first, as a school's PDF requests before another's mail.
      for (let n = 0; n < 4; n += 1) await enqueue(ctx().db, { name: slow, payload: {}, now, domainId: school.id });
      for (let n = 0; n < 3; n += 1) await enqueue(ctx().db, { name: mail, payload: { n }, now });

      const running = run(handlers, ctx().runtime, { pollSeconds: 0.02 });
      try {
        await vi.waitFor(() => expect([...mails].sort()).toEqual([0, 1, 2]), { timeout: 5000 });
        expect(slowRuns.started).toBe(1);
        // Enqueued while the slow one runs, with no slot having come free: it runs all the same.
        await enqueue(ctx().db, { name: mail, payload: { n: 3 }, now });
        await vi.waitFor(() => expect(mails).toContain(3), { timeout: 5000 });
        expect(slowRuns.started).toBe(1);
      } finally {
        release();
      }
      expect(await running).toMatchObject({ done: 8, retried: 0, failed: 0 });
      expect(slowRuns).toEqual({ started: 4, running: 0, most: 1 });
    });

    it('stops waiting for a job past its time limit: its signal is aborted, a failure recorded (retried later), and its slot goes to the next job', async () => {
      sequence += 1;
      const hung = `test-hung-${sequence}`;
      const next = recorder();
      const signals: AbortSignal[] = [];
      const handlers: Record<string, JobHandler> = {
        ...next.handlers,
        // Never ends, whatever its signal says.
        [hung]: defineJob({ timeoutSeconds: 0.05, run: (_rt, _payload, signal) => new Promise<void>(() => void signals.push(signal)) }),
      };
      const now = ctx().clock.now;
      const id = await enqueue(ctx().db, { name: hung, payload: {}, now, maxAttempts: 2 });
      await enqueue(ctx().db, { name: next.name, payload: { n: 1 }, now });

      expect(await run(handlers, ctx().runtime, { concurrency: 1 })).toEqual({ done: 1, retried: 1, failed: 0, lost: 0 });
      expect(next.runs).toEqual([1]);
      expect(signals).toHaveLength(1);
      expect(signals[0]!.aborted).toBe(true);
      const row = await jobRow(id);
      expect(row).toMatchObject({ status: 'pending', attempts: 1, run_at: now + 30, lease_until: null });
      expect(row.last_error).toMatch(/time limit/);
    });

    it('fails a job at once when its handler says retrying cannot help (a Refusal)', async () => {
      const job = recorder((n) => (n === 1 ? new Refusal(409, 'unprintable', 'This document cannot be printed.') : new Refusal(400, 'invalid', 'This school has no newsletter.')));
      const now = ctx().clock.now;
      const ids = [await enqueue(ctx().db, { name: job.name, payload: { n: 1 }, now }), await enqueue(ctx().db, { name: job.name, payload: { n: 2 }, now })];
      expect(await run(job.handlers)).toMatchObject({ done: 0, retried: 0, failed: 2 });
      expect(await jobRow(ids[0])).toMatchObject({ status: 'failed', attempts: 1, last_error: 'This document cannot be printed.' });
      expect(await jobRow(ids[1])).toMatchObject({ status: 'failed', attempts: 1, last_error: 'This school has no newsletter.' });
      ctx().clock.advance(DAY);
      await run(job.handlers);
      expect(job.runs).toEqual([1, 2]);
    });
  });

  describe('schedules', () => {
    it('enqueue a job once per slot, however many schedulers tick', async () => {
      const job = recorder();
      const handlers: Record<string, JobHandler> = { [job.name]: { run: async () => void job.runs.push(0) } };
      const schedule: Schedule = { name: job.name, everySeconds: 300 };
      const slotStart = Math.ceil(ctx().clock.now / 300) * 300;
      const second = anotherConnection();
      const tick = (now: number) =>
        Promise.all([enqueueSchedules(ctx().db, [schedule], now), enqueueSchedules(second, [schedule], now), enqueueSchedules(ctx().db, [schedule], now)]);

      expect((await tick(slotStart)).reduce((a, b) => a + b)).toBe(1);
      expect((await tick(slotStart + 299)).reduce((a, b) => a + b)).toBe(0);
      await run(handlers, ctx().runtime, { now: slotStart + 299 });
      expect(job.runs).toHaveLength(1);

      expect((await tick(slotStart + 300)).reduce((a, b) => a + b)).toBe(1);
      await run(handlers, ctx().runtime, { now: slotStart + 300 });
      expect(job.runs).toHaveLength(2);
      const keys = (await jobsNamed(job.name)).map((j) => j.idempotency_key);
      expect(keys).toEqual([`schedule:${job.name}:${slotStart / 300}`, `schedule:${job.name}:${slotStart / 300 + 1}`]);
    });

    it('purge expired sessions, old sign-in failures and old finished jobs (the foundation’s, from the module list)', async () => {
      const db = ctx().db;
      const school = await createTestSchool(ctx());
      const user = await addTestUser(ctx(), school);
      const domainId = school.id;
      const now = ctx().clock.now;
      const expiring = await createSession(db, { userId: user.id, domainId, now, lifetimeSeconds: HOUR });
      const lasting = await createSession(db, { userId: user.id, domainId, now, lifetimeSeconds: 30 * DAY });
      await db.insertInto('login_failures').values({ email: 'someone@purge.test', ip: '192.0.2.77', at: now }).execute();
      const finished = (status: 'done' | 'failed', age: number) =>
        db
          .insertInto('jobs')
          .values({
            name: `old-${status}-${age}`,
            payload: '{}',
            idempotency_key: null,
            status,
            run_at: now - age,
            lease_until: null,
            leased_by: null,
            attempts: 1,
            max_attempts: 5,
            last_error: null,
            created_at: now - age,
            finished_at: now - age,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      const oldDone = await finished('done', 6 * DAY);
      const oldFailed = await finished('failed', 6 * DAY);

      ctx().clock.advance(2 * HOUR);
      // What the worker's tick does: enqueue the schedules' jobs for this slot, run what is due.
      expect(await run(JOBS, ctx().runtime, { schedules: SCHEDULES })).toMatchObject({ failed: 0, retried: 0 });

      const sessions = await db.selectFrom('sessions').select('id_hash').where('user_id', '=', user.id).execute();
      expect(sessions.map((s) => s.id_hash)).toEqual([hashToken(lasting)]);
      expect(sessions.map((s) => s.id_hash)).not.toContain(hashToken(expiring));
      const failures = () => db.selectFrom('login_failures').select('id').where('email', '=', 'someone@purge.test').execute();
      // A sign-in failure is kept a day (the daily count per email), long past the 15-minute window.
      expect(await failures()).toHaveLength(1);
      // Six days (and two hours) old: both kept.
      expect(await db.selectFrom('jobs').select('id').where('id', 'in', [oldDone.id, oldFailed.id]).execute()).toHaveLength(2);

      // A day later the done one is past its seven days; the failed one is kept for thirty.
      ctx().clock.advance(DAY);
      await run(JOBS, ctx().runtime, { schedules: SCHEDULES });
      const left = await db.selectFrom('jobs').select('id').where('id', 'in', [oldDone.id, oldFailed.id]).execute();
      expect(left.map((j) => j.id)).toEqual([oldFailed.id]);
      expect(await failures()).toEqual([]);

      ctx().clock.advance(30 * DAY);
      await run(JOBS, ctx().runtime, { schedules: SCHEDULES });
      expect(await db.selectFrom('jobs').select('id').where('id', '=', oldFailed.id).execute()).toEqual([]);
    });
  });

  describe('the worker', () => {
    it('enqueues its schedules and runs due jobs as it polls, and stops cleanly', async () => {
      const job = recorder();
      const scheduled = `${job.name}-scheduled`;
      let scheduledRuns = 0;
      const handlers: Record<string, JobHandler> = {
        ...job.handlers,
        [scheduled]: { run: async () => void (scheduledRuns += 1) },
      };
      const worker = startWorker(ctx().runtime, handlers, [{ name: scheduled, everySeconds: HOUR }], { pollSeconds: 0.02, log: () => undefined });
      try {
        await vi.waitFor(() => expect(scheduledRuns).toBe(1));
        await enqueue(ctx().db, { name: job.name, payload: { n: 1 }, now: ctx().clock.now });
        await vi.waitFor(() => expect(job.runs).toEqual([1]));
        // Many ticks in the same slot: the schedule's job ran once.
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(scheduledRuns).toBe(1);
      } finally {
        await worker.stop();
      }
      await enqueue(ctx().db, { name: job.name, payload: { n: 2 }, now: ctx().clock.now });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(job.runs).toEqual([1]);
      // What the stopped worker left is run by the next one.
      await run(job.handlers);
      expect(job.runs).toEqual([1, 2]);
    });
  });
});
