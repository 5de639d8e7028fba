import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UNSTARTED_SECONDS } from '../../src/platform/jobs/queue';
import { claimDueJobs, defineJob, enqueue, runDueJobs, type JobHandler } from '../../src/platform/jobs';
import { markJobDone } from '../../src/platform/jobs/queue';
import { createTestSchool, useTestContext } from '../factories';

/**
 * The job queue's fair shares between schools, on a real database (SQLite file, PostgreSQL): each
 * test on a database of its own, as the turns a job takes depend on every job in the queue.
 */
const JOB = 'fair-test-job';

describe('jobs are leased fairly between schools', () => {
  const ctx = useTestContext({ per: 'test' });

  /** A handler that records each run's payload, in the order they start. */
  function recorder() {
    const runs: number[] = [];
    const handlers: Record<string, JobHandler> = {
      [JOB]: defineJob({ payload: z.object({ n: z.number() }), run: async (_rt, { n }) => void runs.push(n) }),
    };
    return { runs, handlers };
  }

  async function enqueueMany(domainId: number | undefined, ns: readonly number[]): Promise<number[]> {
    const ids: number[] = [];
    for (const n of ns) ids.push((await enqueue(ctx().db, { name: JOB, payload: { n }, now: ctx().clock.now, ...(domainId ? { domainId } : {}) }))!);
    return ids;
  }

  const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

  it('30 jobs of one school waiting keep neither another school’s job nor a provider-wide one behind them', async () => {
    const [a, b] = [await createTestSchool(ctx()), await createTestSchool(ctx())];
    await enqueueMany(b.id, range(0, 30));
    const [ofA] = await enqueueMany(a.id, [100]);
    const [providerWide] = await enqueueMany(undefined, [200]);

    const first = await claimDueJobs(ctx().db, { names: [JOB], now: ctx().clock.now, workerId: 'fair-worker', leaseSeconds: 60, limit: 5 });
    expect(first).toHaveLength(5);
    expect(first.map((j) => j.id)).toEqual(expect.arrayContaining([ofA, providerWide]));
    expect(first.filter((j) => j.domain_id === b.id)).toHaveLength(3);
    expect(first.find((j) => j.id === ofA)?.domain_id).toBe(a.id);
    expect(first.find((j) => j.id === providerWide)?.domain_id).toBeNull();
  });

  it('serves schools in turns when slots come free one at a time', async () => {
    const job = recorder();
    const [a, b, c] = [await createTestSchool(ctx()), await createTestSchool(ctx()), await createTestSchool(ctx())];
    await enqueueMany(b.id, range(0, 10));
    await enqueueMany(a.id, [100, 101]);
    await enqueueMany(c.id, [200]);

    expect(await runDueJobs(ctx().runtime, job.handlers, { concurrency: 1, log: () => undefined })).toMatchObject({ done: 13 });
    // One of each school's a round, oldest first within it, until A and C have none left.
    expect(job.runs).toEqual([0, 100, 200, 1, 101, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('lets a school that comes later join the round being served, with no credit for the rounds it missed (a job nobody runs changes nothing)', async () => {
    const job = recorder();
    const [b, c] = [await createTestSchool(ctx()), await createTestSchool(ctx())];
    // A job of a type no worker handles (its module gone): it waits for ever.
    await enqueue(ctx().db, { name: `${JOB}-nobody-runs`, now: ctx().clock.now });
    ctx().clock.advance(UNSTARTED_SECONDS + 1);
    await enqueueMany(b.id, range(0, 10));
    // B's first five have run.
    const now = ctx().clock.now;
    for (const row of await claimDueJobs(ctx().db, { names: [JOB], now, workerId: 'earlier', leaseSeconds: 60, limit: 5 })) {
      await markJobDone(ctx().db, row, 'earlier', now);
    }
    await enqueueMany(c.id, [200, 201, 202]);

    await runDueJobs(ctx().runtime, job.handlers, { concurrency: 1, log: () => undefined });
    expect(job.runs).toEqual([5, 200, 6, 201, 7, 202, 8, 9]);
  });
});
