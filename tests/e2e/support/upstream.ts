/**
 * Upstream mode's run: the reference legacy backend (tests/legacy-backend, in the runner's
 * process) and a second portal server in front of it (PORTAL_BACKEND=upstream, its login the
 * backend's form). The backend's session cookie is set for the host, so the portal on another
 * port of 127.0.0.1 receives it, as a provider's parent-domain cookie would reach its portal.
 */
import fs from 'node:fs';
import path from 'node:path';
import { request } from '@playwright/test';
import { startLegacyBackend } from '../../legacy-backend/server';
import { LEGACY_ADMIN, LEGACY_PASSWORD } from '../../legacy-backend/seed';
import { ENV_LEGACY_URL, storageStatePath } from './env';
import { startServer } from './server';

export async function startUpstreamRun(options: { dir: string; port: number }): Promise<() => Promise<void>> {
  const portalUrl = `http://127.0.0.1:${options.port}`;
  const backend = await startLegacyBackend({ portalUrl });
  process.env[ENV_LEGACY_URL] = backend.url;
  const dir = path.join(options.dir, 'upstream');
  fs.mkdirSync(dir, { recursive: true });
  const server = await startServer({
    dir,
    port: options.port,
    env: { PORTAL_BACKEND: 'upstream', PORTAL_UPSTREAM_URL: backend.url, PORTAL_LOGIN_URL: `${backend.url}/login` },
    readyPath: '/favicon.svg',
  }).catch(async (err: unknown) => {
    await backend.close();
    throw err;
  });
  const teardown = async () => {
    await server.stop();
    await backend.close();
  };
  try {
    // Signed in through the backend's own login form, as a browser would be.
    const context = await request.newContext({ baseURL: backend.url });
    const res = await context.post('/login', { form: { email: LEGACY_ADMIN.email, password: LEGACY_PASSWORD }, maxRedirects: 0 });
    if (res.status() !== 303) throw new Error(`Signing in to the reference backend failed: ${res.status()}`);
    await context.storageState({ path: storageStatePath('upstream') });
    await context.dispose();
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
