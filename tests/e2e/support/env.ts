/**
 * What the e2e run shares between playwright.config.ts, the global setup and the specs: the
 * users it creates, where its data lives and how to call the operator CLI.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Set by playwright.config.ts (port) and the global setup (data dir); workers inherit them. */
export const ENV_PORT = 'E2E_PORT';
export const ENV_DATA_DIR = 'E2E_DATA_DIR';
/** Upstream mode's run: the second portal's port (playwright.config.ts) and the reference legacy backend's address (the global setup). */
export const ENV_UPSTREAM_PORT = 'E2E_UPSTREAM_PORT';
export const ENV_LEGACY_URL = 'E2E_LEGACY_URL';

export const PASSWORD = 'e2e-Staff-Portal-2026';
/** The secret of the bounce webhooks' URLs (Postmark, SES) on the e2e server. */
export const WEBHOOK_SECRET = 'e2e-webhook-secret-0123456789';
// Not an example.org address: the portal hides links to those placeholders (lib/links.ts).
export const SUPPORT_URL = (process.env.PORTAL_SUPPORT_URL ?? 'https://support.staff-portal.test').replace(/\/+$/, '');

export interface TestUser {
  school: string;
  email: string;
  name: string;
}

/** The seeded admin of demo.school (every product). */
export const ADMIN: TestUser = { school: 'demo.school', email: 'admin@demo.school', name: 'Demo Admin' };
/** Every product except website and builder. */
export const NOSITE: TestUser = { school: 'nosite.school', email: 'nosite@nosite.school', name: 'Nora Site' };
/** Newsletter but not the builder. */
export const NOBUILDER: TestUser = { school: 'nobuilder.school', email: 'nobuilder@nobuilder.school', name: 'Nick Builder' };
/** Users whose sessions a test ends: nobody else is signed out by it. */
export const LOGOUT_USER: TestUser = { school: 'demo.school', email: 'logout@demo.school', name: 'Lou Gout' };
export const EXPIRY_USER: TestUser = { school: 'demo.school', email: 'expiry@demo.school', name: 'Ex Piry' };
/** Staff of another school who views demo.school's public site (hostile content must not touch their session). */
export const VIEWER: TestUser = { school: 'nobuilder.school', email: 'viewer@nobuilder.school', name: 'Vi Ewer' };

/** Users that sign in once in the global setup and reuse their cookie through storage state. */
export const STORED_USERS = { admin: ADMIN, nosite: NOSITE, nobuilder: NOBUILDER } as const;
export type StoredUser = keyof typeof STORED_USERS;

export const E2E_ANNOUNCEMENT = { slug: 'e2e-update', title: 'E2E update', excerpt: 'An update written by the e2e tests.', date: '2026-03-05' } as const;

export function dataDir(): string {
  const dir = process.env[ENV_DATA_DIR];
  if (!dir) throw new Error(`${ENV_DATA_DIR} is not set: run the e2e tests through playwright.config.ts.`);
  return dir;
}

/** The reference legacy backend's address (tests/legacy-backend), for upstream mode's specs. */
export function legacyUrl(): string {
  const url = process.env[ENV_LEGACY_URL];
  if (!url) throw new Error(`${ENV_LEGACY_URL} is not set: run the e2e tests through playwright.config.ts.`);
  return url;
}

export function storageStatePath(user: StoredUser | 'upstream'): string {
  return path.join(dataDir(), 'auth', `${user}.json`);
}

/** The environment of the server and CLI: fixed so that the machine's settings do not leak in. */
export function portalEnv(dir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORTAL_DATA_DIR: dir,
    PORTAL_ADMIN_EMAIL: ADMIN.email,
    PORTAL_ADMIN_PASSWORD: PASSWORD,
    PORTAL_LOGIN_URL: '/login',
    PORTAL_SUPPORT_URL: SUPPORT_URL,
    PORTAL_TIMEZONE: 'Europe/London',
    MAIL_WEBHOOK_SECRET: WEBHOOK_SECRET,
    ASTRO_TELEMETRY_DISABLED: '1',
  };
}

const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');

/**
 * Runs the operator CLI (`tsx src/app/cli/main.ts ...`) with the Node that runs Playwright
 * (the project's Node 24, as npx puts it first on PATH). Throws with its output on failure.
 */
export function runCli(args: string[], dir: string = dataDir()): string {
  const result = spawnSync(process.execPath, [tsxCli, 'src/app/cli/main.ts', ...args], {
    cwd: ROOT,
    env: portalEnv(dir),
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (result.status !== 0) {
    throw new Error(`CLI ${args[0] ?? ''} exited with ${String(result.status)}:\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}
