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
  timeout: 30_000,
  expect: { timeout: 5_000 },
  // CI ran the 332 tests in 12.3 minutes on 2 cores; a slower 2-core machine ran 300 in 18. The cap only
  // stops a hung run: a slow machine must still finish (the unit and API tests take about 11 minutes).
  globalTimeout: 24 * 60_000,
  use: {
    baseURL,
    viewport: { width: 1400, height: 900 },
    headless: true,
    trace: 'retain-on-failure',
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
