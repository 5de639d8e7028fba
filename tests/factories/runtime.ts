import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { parseConfig, type Config } from '../../src/platform/config';
import { openDatabase, type Db } from '../../src/platform/db';
import { migrateAll, startPortalWorkPool } from '../../src/app/process';
import { createApi, type Api } from '../../src/app/api';
import type { Runtime } from '../../src/platform/runtime';
import { createPostgresDatabase, testDatabaseKind, testPostgresUrl, type TestDatabaseKind } from './database';

/** A clock the test moves by hand; the runtime reads `now` (unix seconds) on every call. */
export interface TestClock {
  now: number;
  advance(seconds: number): void;
}

/** 2025-06-15T16:26:40Z: a fixed, ordinary instant so runs are repeatable. */
export const START_TIME = 1_750_004_800;

export function createTestClock(start = START_TIME): TestClock {
  return {
    now: start,
    advance(seconds: number) {
      this.now += seconds;
    },
  };
}

export interface TestContext {
  dir: string;
  config: Config;
  db: Db;
  clock: TestClock;
  runtime: Runtime;
  app: Api;
  /** The database this context runs on: the SQLite file in `dir`, or PostgreSQL (`config.DATABASE_URL`). */
  database: TestDatabaseKind;
  close(): Promise<void>;
}

export interface TestContextOptions {
  /** Extra environment for parseConfig (PORTAL_DATA_DIR is set for you). */
  env?: Record<string, string>;
  /**
   * Reuse an existing data folder (e.g. one the operator command writes to); it is then left in
   * place. The context opens the database the operator command of this process opens: the
   * folder's SQLite file, or process.env.DATABASE_URL when set.
   */
  dataDir?: string;
  /** Share a clock with another context (two instances on one database). */
  clock?: TestClock;
}

export function makeTempDir(prefix = 'portal-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * The DATABASE_URL a context runs on: the one it is given (a second instance on another context's
 * database), the operator command's for a reused data folder, a new PostgreSQL database of its
 * own in the vitest `postgres` project, or none (the SQLite file in its data folder).
 */
async function databaseFor(options: TestContextOptions): Promise<{ url?: string; drop?: () => Promise<void> }> {
  const given = options.env?.DATABASE_URL?.trim();
  if (given) return { url: given };
  if (options.dataDir !== undefined) return { url: process.env.DATABASE_URL?.trim() || undefined };
  if (testDatabaseKind() === 'sqlite') return {};
  const adminUrl = testPostgresUrl();
  if (!adminUrl) throw new Error('The postgres test project needs TEST_DATABASE_URL (an admin address of a PostgreSQL server).');
  const created = await createPostgresDatabase(adminUrl);
  return { url: created.url, drop: created.drop };
}

/**
 * A fresh runtime on its own database (a SQLite file in a temporary folder, or in the `postgres`
 * test project a PostgreSQL database of its own), migrated, with a hand-moved clock and the real API.
 */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const ownsDir = options.dataDir === undefined;
  const dir = options.dataDir ?? makeTempDir();
  const database = await databaseFor(options);
  let config: Config;
  let db: Db;
  try {
    // The API is asked at http://localhost (Hono's default base): as if the server listened there, on
    // port 80, so the links it emails (http/link-addresses.ts) name the address the requests reach.
    config = parseConfig({ PORT: '80', ...options.env, PORTAL_DATA_DIR: dir, DATABASE_URL: database.url ?? '' });
    db = openDatabase(config);
  } catch (err) {
    await database.drop?.();
    throw err;
  }
  try {
    await migrateAll(db);
  } catch (err) {
    await db.destroy().catch(() => undefined);
    await database.drop?.();
    throw err;
  }
  const clock = options.clock ?? createTestClock();
  // The real pool, as the server has it: its threads run the sources under tsx (one pool per test file).
  startPortalWorkPool(config);
  const runtime: Runtime = { config, db, clock: () => clock.now };
  const app = createApi(runtime);
  let closed = false;
  return {
    dir,
    config,
    db,
    clock,
    runtime,
    app,
    database: config.DATABASE_URL ? 'postgres' : 'sqlite',
    async close() {
      if (closed) return;
      closed = true;
      try {
        await db.destroy();
      } finally {
        try {
          await database.drop?.();
        } finally {
          if (ownsDir) fs.rmSync(dir, { recursive: true, force: true });
        }
      }
    },
  };
}

/**
 * Registers setup and clean-up hooks and returns a getter for the current context:
 * one context for the whole file (default) or a fresh one for every test.
 */
export function useTestContext(options: TestContextOptions & { per?: 'file' | 'test' } = {}): () => TestContext {
  let current: TestContext | undefined;
  const [before, after] = options.per === 'test' ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    current = await createTestContext(options);
  });
  after(async () => {
    await current?.close();
    current = undefined;
  });
  return () => {
    if (!current) throw new Error('The test context is only available inside tests and hooks.');
    return current;
  };
}
