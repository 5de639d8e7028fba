/** `npm start`'s boot step in upstream mode: no database, only a check that the legacy backend answers. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand, useCleanEnv } from '../factories/cli';
import { startLegacyBackend, type LegacyBackend } from '../legacy-backend/server';

describe('boot in upstream mode', () => {
  useCleanEnv(['PORTAL_BACKEND', 'PORTAL_UPSTREAM_URL', 'PORTAL_DATA_DIR', 'DATABASE_URL']);
  let backend: LegacyBackend;
  let dataDir = '';
  beforeAll(async () => {
    backend = await startLegacyBackend();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-upstream-boot-'));
  });
  afterAll(async () => {
    await backend.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('checks the backend answers and creates no database', async () => {
    Object.assign(process.env, { PORTAL_BACKEND: 'upstream', PORTAL_UPSTREAM_URL: backend.url, PORTAL_DATA_DIR: dataDir });
    const run = await runCommand('boot');
    expect(run).toEqual({ code: 0, out: `Upstream mode: the portal fronts ${backend.url}.`, err: '' });
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('stops with one line when the backend cannot be reached, or is not set', async () => {
    const closed = await startLegacyBackend();
    await closed.close();
    Object.assign(process.env, { PORTAL_BACKEND: 'upstream', PORTAL_UPSTREAM_URL: closed.url, PORTAL_DATA_DIR: dataDir });
    const run = await runCommand('boot');
    expect(run.code).toBe(1);
    expect(run.err).toMatch(
      new RegExp(`^Invalid configuration: PORTAL_UPSTREAM_URL ${closed.url.replace(/[.]/g, '\\.')} cannot be reached \\([^)\\n]+\\)\\.$`),
    );

    delete process.env.PORTAL_UPSTREAM_URL;
    expect(await runCommand('boot')).toEqual({
      code: 1,
      out: '',
      err: 'Invalid configuration: PORTAL_UPSTREAM_URL must be set when PORTAL_BACKEND is upstream.',
    });
  });

  it('refuses the operator commands, which act on the embedded backend', async () => {
    Object.assign(process.env, { PORTAL_BACKEND: 'upstream', PORTAL_UPSTREAM_URL: backend.url, PORTAL_DATA_DIR: dataDir });
    const run = await runCommand('publish-pages');
    expect(run.code).toBe(2);
    expect(run.err).toContain('PORTAL_BACKEND is upstream');
  });
});
