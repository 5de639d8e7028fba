import { defineConfig } from '@playwright/test';
import { ENV_PORT, ENV_UPSTREAM_PORT } from './tests/e2e/support/env';
import { freePort } from './tests/e2e/support/server';
import { CHROMIUM_FLAGS } from './scripts/chromium.mjs';

// The config is evaluated by the runner and again by every worker: the runner picks the port,
// the workers inherit it through the environment. The global setup starts the server on it.
process.env[ENV_PORT] ??= String(await freePort());
const baseURL = `http://127.0.0.1:${process.env[ENV_PORT]}`;
// Upstream mode's portal (in front of the reference legacy backend): its journeys are the `upstream` project.
process.env[ENV_UPSTREAM_PORT] ??= String(await freePort());
const upstreamURL = `http://127.0.0.1:${process.env[ENV_UPSTREAM_PORT]}`;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  reporter: 'list',
  // A loaded 2-core machine runs a journey at half speed: the per-test cap stops a stuck test, not a slow one.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  // CI ran the 332 tests in 12.3 minutes on 2 cores one day and not in 24 on another (a loaded host).
  // The cap only stops a hung run: a slow machine must still finish.
  globalTimeout: 45 * 60_000,
  use: {
    baseURL,
    viewport: { width: 1400, height: 900 },
    headless: true,
    // Tracing snapshots every action of every test (about a fifth of the run's time) to keep the failed
    // ones' traces, which a CI log cannot show: E2E_TRACE=on keeps them when debugging here.
    trace: process.env.E2E_TRACE === 'on' ? 'retain-on-failure' : 'off',
    launchOptions: {
      executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH || '/usr/bin/chromium',
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    { name: 'chromium', testIgnore: 'upstream/**', use: { browserName: 'chromium' } },
    { name: 'upstream', testDir: 'tests/e2e/upstream', use: { browserName: 'chromium', baseURL: upstreamURL } },
  ],
});
