import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Unit, integration and API tests. Every API test file builds its own runtime on its own database
 * (tests/factories), so files run in parallel safely.
 *
 * Two projects: `sqlite` (unit and API tests, always) and `postgres` (the API tests again, each
 * context on a PostgreSQL database of its own), active when TEST_DATABASE_URL names a PostgreSQL
 * server, e.g. `TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run test:unit`.
 * `.ci/run` makes sure one answers and sets it. Pick one with `--project sqlite|postgres`.
 */
const postgresUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

/** PostgreSQL-only files: in the sqlite project only when there is no postgres project, where they say why they skip. */
const POSTGRES_ONLY = ['tests/api/multi-instance.test.ts'];

// A DATABASE_URL in the developer's shell never reaches a test: the factory chooses each database.
const env = { DATABASE_URL: '' };

export default defineConfig({
  test: {
    environment: 'node',
    globals: false,
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine, where the API
    // files often wait (on PostgreSQL, SMTP and push peers, Chromium): one more than the cores keeps it busy.
    maxWorkers: os.availableParallelism() + 1,
    // scrypt hashing (~50-100 ms a password) makes the rate-limit files slower than usual.
    testTimeout: 60_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          // src/: tests beside the code they test (a module's stores; its unit and API tests in src/modules/<m>/tests).
          // integration/: the operator command on real database files of its own (SQLite, like `npm start`).
          // upstream/: upstream mode's API against the reference legacy backend (no database: once is enough).
          // edge/: the edge build under workerd, in front of that backend.
          include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/upstream/**/*.test.ts', 'tests/edge/**/*.test.ts'],
          exclude: postgresUrl ? [...configDefaults.exclude, ...POSTGRES_ONLY] : configDefaults.exclude,
          env: { ...env, PORTAL_TEST_DATABASE: 'sqlite' },
        },
      },
      ...(postgresUrl
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                // A module's API tests sit beside it (src/modules/<m>/tests/*.api.test.ts); the cross-module ones in tests/api.
                include: ['tests/api/**/*.test.ts', 'src/modules/*/tests/**/*.api.test.ts'],
                env: { ...env, PORTAL_TEST_DATABASE: 'postgres', TEST_DATABASE_URL: postgresUrl },
              },
            },
          ]
        : []),
    ],
  },
});
