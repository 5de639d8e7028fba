import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Which database the API tests run on. vitest.config.ts has a `sqlite` project (always) and a
 * `postgres` project (when TEST_DATABASE_URL is set); the postgres project sets
 * PORTAL_TEST_DATABASE=postgres, so the same test files run unchanged on both.
 */
export type TestDatabaseKind = 'sqlite' | 'postgres';

export function testDatabaseKind(): TestDatabaseKind {
  return process.env.PORTAL_TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';
}

/**
 * The PostgreSQL server the tests may use, as an admin address (any database on it the role may
 * connect to, with the right to create databases), or undefined when none is configured.
 */
export function testPostgresUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL?.trim();
  return url ? url : undefined;
}

/** Why a PostgreSQL-only test is skipped: said in the test report, never silently. */
export const NO_POSTGRES_REASON =
  'needs PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test); .ci/run does';

export interface TestPostgresDatabase {
  /** The new database's address, for DATABASE_URL. */
  url: string;
  name: string;
  /** Drops the database, closing any connection still open on it. */
  drop(): Promise<void>;
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
  } catch (err) {
    const where = new URL(adminUrl);
    throw new Error(
      `TEST_DATABASE_URL names a PostgreSQL server that does not answer (${where.hostname}:${where.port || 5432}): ${
        err instanceof Error ? err.message : String(err)
      }. Start it, or unset TEST_DATABASE_URL to test on SQLite only.`,
      { cause: err },
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A new, empty PostgreSQL database of its own (`portal_test_<random>`) on the server of
 * `adminUrl`: test files and contexts never share one, so they run in parallel.
 */
export async function createPostgresDatabase(adminUrl: string): Promise<TestPostgresDatabase> {
  const name = `portal_test_${randomBytes(8).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    name,
    async drop() {
      if (dropped) return;
      dropped = true;
      await withAdmin(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

/**
 * A database for code that opens its own from the environment (the operator command reads
 * process.env): in the `postgres` project a new PostgreSQL database and its DATABASE_URL, set in
 * process.env until `drop()`; on SQLite nothing (the command uses PORTAL_DATA_DIR's file).
 */
export async function useEnvironmentDatabase(): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  const adminUrl = testDatabaseKind() === 'postgres' ? testPostgresUrl() : undefined;
  if (!adminUrl) return { url: undefined, drop: async () => undefined };
  const saved = process.env.DATABASE_URL;
  const created = await createPostgresDatabase(adminUrl);
  process.env.DATABASE_URL = created.url;
  return {
    url: created.url,
    async drop() {
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
      await created.drop();
    },
  };
}
