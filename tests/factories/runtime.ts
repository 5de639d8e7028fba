import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { parseConfig, type Config } from '../../src/server/config';
import { migrateToLatest, openDatabase, type Db } from '../../src/server/db';
import { createApi, type Api } from '../../src/server/api';
import type { Runtime } from '../../src/server/runtime';

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
  close(): Promise<void>;
}

export interface TestContextOptions {
  /** Extra environment for parseConfig (PORTAL_DATA_DIR is set for you). */
  env?: Record<string, string>;
  /** Reuse an existing data folder (e.g. one the operator command writes to); it is then left in place. */
  dataDir?: string;
}

export function makeTempDir(prefix = 'portal-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A fresh runtime on its own database file, migrated, with a hand-moved clock and the real API. */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const ownsDir = options.dataDir === undefined;
  const dir = options.dataDir ?? makeTempDir();
  const config = parseConfig({ ...options.env, PORTAL_DATA_DIR: dir });
  const db = openDatabase(config.databaseFile);
  await migrateToLatest(db);
  const clock = createTestClock();
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
    async close() {
      if (closed) return;
      closed = true;
      try {
        await db.destroy();
      } finally {
        if (ownsDir) fs.rmSync(dir, { recursive: true, force: true });
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
