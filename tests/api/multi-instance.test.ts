import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { z } from 'zod';
import { failureSchema } from '../../src/lib/contract/envelope';
import { defineJob, enqueue, runDueJobs, type JobHandler } from '../../src/platform/jobs';
import {
  NO_POSTGRES_REASON,
  addTestUser,
  bodyOf,
  createTestContext,
  createTestSchool,
  get,
  postLogin,
  sessionCookieFrom,
  testDatabaseKind,
  type TestContext,
  type TestUser,
} from '../factories';

/**
 * Several stateless instances on one PostgreSQL database (DATABASE_URL): two runtimes, each with
 * its own connection pool and API, as two server processes would have. Sessions, the sign-in
 * limit and the job queue live in the database, so either instance honours what the other wrote,
 * and a job runs on one of them only.
 *
 * PostgreSQL only: vitest's `postgres` project runs it (TEST_DATABASE_URL set); without one it is
 * reported as skipped with the reason.
 */
const onPostgres = testDatabaseKind() === 'postgres';

describe('two instances on one PostgreSQL database', () => {
  let a: TestContext | undefined;
  let b: TestContext | undefined;

  beforeAll(async () => {
    if (!onPostgres) {
      console.warn(`tests/api/multi-instance.test.ts skipped: ${NO_POSTGRES_REASON}.`);
      return;
    }
    a = await createTestContext();
    const url = a.config.DATABASE_URL;
    if (!url) throw new Error('The first instance is not on PostgreSQL.');
    // The second instance: its own runtime and pool on the first one's database, the same time.
    b = await createTestContext({ env: { DATABASE_URL: url }, clock: a.clock });
  });

  afterAll(async () => {
    // The second instance first: the first one drops the database it created.
    await b?.close();
    await a?.close();
  });

  function instances(): [TestContext, TestContext] {
    if (!a || !b) throw new Error('The instances are only available inside tests.');
    return [a, b];
  }

  async function newUser(ctx: TestContext): Promise<TestUser> {
    return addTestUser(ctx, await createTestSchool(ctx, { products: { website: true } }));
  }

  async function expectLimited(res: Response): Promise<void> {
    expect(res.status).toBe(429);
    expect(failureSchema.parse(await bodyOf(res)).message).toMatch(/too many/i);
    expect(sessionCookieFrom(res)).toBeUndefined();
  }

  it('really are two runtimes with two pools on one PostgreSQL database', (t) => {
    t.skip(!onPostgres, NO_POSTGRES_REASON);
    const [first, second] = instances();
    expect(first.database).toBe('postgres');
    expect(second.config.DATABASE_URL).toBe(first.config.DATABASE_URL);
    expect(second.db).not.toBe(first.db);
    expect(second.app).not.toBe(first.app);
  });

  it('a session made through one instance is valid on the other, and a logout there ends it on both', async (t) => {
    t.skip(!onPostgres, NO_POSTGRES_REASON);
    const [first, second] = instances();
    const user = await newUser(first);

    const signedIn = await postLogin(first.app, user);
    expect(signedIn.status).toBe(200);
    const cookie = sessionCookieFrom(signedIn);
    expect(cookie).toBeDefined();

    const onSecond = await get(second.app, '/api/api/user', { cookie });
    expect(onSecond.status).toBe(200);
    expect(await bodyOf(onSecond)).toMatchObject({ success: true, user: { name: user.name, domain: user.label } });
    expect((await get(first.app, '/api/api/user', { cookie })).status).toBe(200);

    const loggedOut = await get(second.app, '/api/logout', { cookie, headers: { 'x-portal-client': '1' } });
    expect(loggedOut.status).toBe(200);
    for (const instance of [first, second]) {
      const after = await get(instance.app, '/api/api/user', { cookie });
      expect(after.status).toBe(401);
      expect(await bodyOf(after)).toMatchObject({ success: false, isAuthFailed: true });
    }
  });

  it('counts sign-in failures for an email across both: 10 spread over the two limit the 11th on either', async (t) => {
    t.skip(!onPostgres, NO_POSTGRES_REASON);
    const [first, second] = instances();
    const user = await newUser(first);
    // Every attempt from another address: only the per-email count, summed over both, can stop the 11th.
    for (let i = 1; i <= 10; i += 1) {
      const instance = i % 2 ? first : second;
      const res = await postLogin(instance.app, { email: user.email, password: 'wrong-password' }, { clientAddress: `192.0.2.${i}` });
      expect(res.status).toBe(401);
    }
    await expectLimited(await postLogin(first.app, user, { clientAddress: '192.0.2.2' }));
    await expectLimited(await postLogin(second.app, user, { clientAddress: '192.0.2.1' }));
  });

  it('counts sign-in failures from an address across both: 10 spread over the two limit the 11th on either', async (t) => {
    t.skip(!onPostgres, NO_POSTGRES_REASON);
    const [first, second] = instances();
    const user = await newUser(first);
    const address = { clientAddress: '198.51.100.23' };
    // Ten different unknown emails, five through each instance, all from one address.
    for (let i = 1; i <= 10; i += 1) {
      const instance = i <= 5 ? first : second;
      const res = await postLogin(instance.app, { email: `nobody-${i}@multi.test`, password: 'wrong-password' }, address);
      expect(res.status).toBe(401);
    }
    await expectLimited(await postLogin(second.app, user, address));
    await expectLimited(await postLogin(first.app, user, address));

    // The window is the same on both: after 15 minutes the address may try again, through either.
    first.clock.advance(15 * 60 + 1);
    expect((await postLogin(second.app, user, address)).status).toBe(200);
  });

  it('counts failures made at the same moment through both instances', async (t) => {
    t.skip(!onPostgres, NO_POSTGRES_REASON);
    const [first, second] = instances();
    const user = await newUser(first);
    // Ten wrong passwords at once, five through each pool: none of them is lost.
    const attempts = Array.from({ length: 10 }, (_, i) =>
      postLogin(i % 2 ? first.app : second.app, { email: user.email, password: 'wrong-password' }, { clientAddress: `203.0.113.${100 + i}` }),
    );
    expect((await Promise.all(attempts)).map((res) => res.status)).toEqual(Array(10).fill(401));
    await expectLimited(await postLogin(second.app, user, { clientAddress: '203.0.113.100' }));
  });

  it('runs each of 500 queued jobs exactly once while workers on both instances race for them', async (t) => {
    t.skip(!onPostgres, NO_POSTGRES_REASON);
    const [first, second] = instances();
    const count = 500;
    // Each run is a row; the primary key refuses a second run of a job (which would then fail it).
    await sql`create table job_runs (n integer primary key, worker varchar(100) not null)`.execute(first.db);
    const handlers: Record<string, JobHandler> = {
      'multi-instance-record': defineJob({
        payload: z.object({ n: z.number().int() }),
        run: async (rt, { n }) => {
          // A moment's work, so the workers' batches overlap.
          await new Promise((resolve) => setTimeout(resolve, 1));
          await sql`insert into job_runs (n, worker) values (${n}, ${rt === first.runtime ? 'first' : 'second'})`.execute(rt.db);
        },
      }),
    };
    await first.db.transaction().execute(async (trx) => {
      for (let n = 0; n < count; n += 1) {
        await enqueue(trx, { name: 'multi-instance-record', payload: { n }, now: first.clock.now, key: `multi-instance-record:${n}` });
      }
    });

    // Two workers on each instance (each instance its own pool), all at once.
    const summaries = await Promise.all(
      [first, second, first, second].map((instance) => runDueJobs(instance.runtime, handlers, { log: () => undefined })),
    );
    expect(summaries.reduce((sum, s) => sum + s.done, 0)).toBe(count);
    expect(summaries.every((s) => s.retried === 0 && s.failed === 0 && s.lost === 0)).toBe(true);

    const runs = await sql<{ n: number; worker: string }>`select n, worker from job_runs order by n`.execute(second.db);
    expect(runs.rows.map((r) => Number(r.n))).toEqual(Array.from({ length: count }, (_, n) => n));
    // Both instances took part.
    expect(new Set(runs.rows.map((r) => r.worker))).toEqual(new Set(['first', 'second']));
    const jobs = await first.db
      .selectFrom('jobs')
      .select(['status', 'attempts', (eb) => eb.fn.countAll<number>().as('n')])
      .where('name', '=', 'multi-instance-record')
      .groupBy(['status', 'attempts'])
      .execute();
    expect(jobs.map((j) => ({ ...j, n: Number(j.n) }))).toEqual([{ status: 'done', attempts: 1, n: count }]);
  });
});
