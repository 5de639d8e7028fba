/**
 * Prepares a fresh data folder with the operator CLI, starts the built server on the port the
 * config picked, and signs in the users whose cookies the specs reuse. Returns the teardown.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request, type FullConfig } from '@playwright/test';
import {
  E2E_ANNOUNCEMENT,
  ENV_DATA_DIR,
  ENV_PORT,
  ENV_UPSTREAM_PORT,
  EXPIRY_USER,
  LOGOUT_USER,
  VIEWER,
  NOBUILDER,
  NOSITE,
  PASSWORD,
  ROOT,
  STORED_USERS,
  runCli,
  storageStatePath,
  type StoredUser,
} from './support/env';
import { startServer } from './support/server';
import { startUpstreamRun } from './support/upstream';

function prepareData(dir: string): void {
  runCli(['boot'], dir);
  runCli(['create-school', NOSITE.school, '--name', 'No Site School', '--products', 'hapara,newsletter,app'], dir);
  runCli(['create-school', NOBUILDER.school, '--name', 'No Builder School', '--products', 'hapara,newsletter,website,app'], dir);
  for (const user of [NOSITE, NOBUILDER, LOGOUT_USER, EXPIRY_USER, VIEWER]) {
    runCli(['add-user', user.school, '--email', user.email, '--name', user.name, '--password', PASSWORD], dir);
  }
  runCli(
    [
      'add-announcement',
      '--slug',
      E2E_ANNOUNCEMENT.slug,
      '--title',
      E2E_ANNOUNCEMENT.title,
      '--excerpt',
      E2E_ANNOUNCEMENT.excerpt,
      '--date',
      E2E_ANNOUNCEMENT.date,
    ],
    dir,
  );
}

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const port = process.env[ENV_PORT];
  if (!port) throw new Error(`${ENV_PORT} is not set: playwright.config.ts picks it.`);
  const entry = path.join(ROOT, 'dist/server/entry.mjs');
  if (!fs.existsSync(entry)) throw new Error('dist/server/entry.mjs is missing: run `npx astro build` first (npm run test:e2e does).');

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-portal-e2e-'));
  // Workers are started after the global setup and inherit this.
  process.env[ENV_DATA_DIR] = dir;
  prepareData(dir);

  const baseURL = config.projects[0]?.use.baseURL ?? `http://127.0.0.1:${port}`;
  const server = await startServer({ dir, port: Number(port), readyBase: baseURL }).catch((err: unknown) => {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  });
  let stopUpstream: (() => Promise<void>) | undefined;
  const teardown = async () => {
    await stopUpstream?.();
    await server.stop();
    if (process.env.E2E_SERVER_LOG) fs.writeFileSync(process.env.E2E_SERVER_LOG, server.log());
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    fs.mkdirSync(path.dirname(storageStatePath('admin')), { recursive: true });
    for (const [key, user] of Object.entries(STORED_USERS) as Array<[StoredUser, (typeof STORED_USERS)[StoredUser]]>) {
      const context = await request.newContext({ baseURL });
      const res = await context.post('/api/login', { data: { email: user.email, password: PASSWORD } });
      if (!res.ok()) throw new Error(`Signing in ${user.email} failed: ${res.status()} ${await res.text()}`);
      await context.storageState({ path: storageStatePath(key) });
      await context.dispose();
    }
    stopUpstream = await startUpstreamRun({ dir, port: Number(process.env[ENV_UPSTREAM_PORT]) });
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
