/**
 * Upstream mode in-process: the reference legacy backend on a free port and the portal's upstream
 * API (the real Hono app, every module's upstream routes) in front of it, made once per test file.
 *
 *   const up = useUpstream();
 *   const cookie = up().signIn();                      // the legacy admin's session cookie
 *   const res = await up().call('/api/website/wordpress/posts?page=1&limit=10', { cookie });
 */
import { afterAll, beforeAll } from 'vitest';
import { createUpstreamApi, type UpstreamApi } from '../../src/platform/upstream/api';
import { UPSTREAM_MODULES } from '../../src/app/upstream/modules';
import { PRODUCT_GATES } from '../../src/app/shell-modules';
import { startLegacyBackend, type LegacyBackend } from '../legacy-backend/server';
import { LEGACY_ADMIN } from '../legacy-backend/seed';

export interface UpstreamHarness {
  backend: LegacyBackend;
  api: UpstreamApi;
  /** The upstream API's log lines (parse problems, failures), newest last. */
  logs: string[];
  /** A Cookie header of a fresh legacy session (the legacy admin's unless `email` says). */
  signIn(email?: string): string;
  /** A request to the portal's API as a same-origin browser script sends it. */
  call(path: string, init?: { method?: string; cookie?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> }): Promise<Response>;
}

export function useUpstream(options: { timeoutMs?: number } = {}): () => UpstreamHarness {
  let harness: UpstreamHarness | undefined;
  beforeAll(async () => {
    const backend = await startLegacyBackend();
    const logs: string[] = [];
    const api = createUpstreamApi(
      { baseUrl: backend.url, timeoutMs: options.timeoutMs ?? 2_000, maxUploadMb: 20, retryDelaysMs: [5, 5], log: (line) => logs.push(line) },
      UPSTREAM_MODULES,
      PRODUCT_GATES,
    );
    harness = {
      backend,
      api,
      logs,
      signIn: (email = LEGACY_ADMIN.email) => backend.signIn(email),
      call: (path, init = {}) => {
        const headers = new Headers({ 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'empty', ...init.headers });
        if (init.cookie) headers.set('Cookie', init.cookie);
        let body = init.body;
        if (init.json !== undefined) {
          headers.set('Content-Type', 'application/json');
          body = JSON.stringify(init.json);
        }
        return Promise.resolve(
          api.request(
            `http://portal.test${path}`,
            { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, ...(body === undefined ? {} : { body }) },
            { clientAddress: '127.0.0.1' },
          ),
        );
      },
    };
  });
  afterAll(async () => {
    await harness?.backend.close();
  });
  return () => {
    if (!harness) throw new Error('useUpstream() is ready inside tests only (its beforeAll starts it).');
    return harness;
  };
}
