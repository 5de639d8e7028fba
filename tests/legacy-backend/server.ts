/**
 * A reference legacy backend for the tests: a small standalone HTTP server that behaves like the
 * provider's existing backend behind the original dashboard, written from the spec's calls and
 * shapes only, with the quirks such backends have (README.md). It keeps its own cookie session
 * with a login form. A test peer: never part of the portal's build.
 *
 *   const backend = await startLegacyBackend({ portalUrl: 'http://127.0.0.1:4321' });
 *   backend.url        // http://127.0.0.1:<free port>
 *   await backend.signIn('admin@legacy.school')   // a Cookie header for calls
 *   backend.store.faults.set('/api/website/wordpress/posts', { kind: 'status', status: 500 });
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { LegacyRouter, type LegacyAnswer, type LegacyRequest } from './router';
import { LegacyStore, type Fault } from './store';
import { registerShell } from './modules/shell';
import { registerModules } from './modules';
import { seedLegacy } from './seed';
import { registerTestControl } from './test-control';

export const LEGACY_COOKIE = 'legacy_sid';

export interface LegacyBackend {
  url: string;
  store: LegacyStore;
  /** A Cookie header of a fresh session for the user (as the login form would set it). */
  signIn(email: string): string;
  close(): Promise<void>;
}

function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(res: http.ServerResponse, answer: LegacyAnswer): void {
  const headers: Record<string, string | string[]> = { ...answer.headers };
  if (answer.setCookies?.length) headers['Set-Cookie'] = answer.setCookies;
  if (answer.json !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    res.writeHead(answer.status ?? 200, headers);
    res.end(JSON.stringify(answer.json));
    return;
  }
  res.writeHead(answer.status ?? 200, headers);
  res.end(answer.body ?? '');
}

export interface LegacyBackendOptions {
  port?: number;
  /** Where its login form sends the browser back to (the portal's /home). */
  portalUrl?: string;
  seed?: boolean;
  /** Added to every API answer: a real backend's own work (its database, WordPress), for the bench. */
  latencyMs?: number;
}

export async function startLegacyBackend(options: LegacyBackendOptions = {}): Promise<LegacyBackend> {
  const store = new LegacyStore();
  const router = new LegacyRouter();
  const config = { portalUrl: options.portalUrl ?? 'http://127.0.0.1:4321', newSession: (email: string) => newSession(email) };
  registerShell(router, config);
  registerModules(router);
  registerTestControl(router);
  if (options.seed ?? true) seedLegacy(store);

  function newSession(email: string): string {
    const token = randomBytes(18).toString('base64url');
    store.sessions.set(token, email.toLowerCase());
    return token;
  }

  /** Whether the browser of `token` makes its `count`th `request` within `timeoutMs`. */
  async function madeBy(token: string | undefined, fault: Extract<Fault, { kind: 'until' }>): Promise<boolean> {
    const made = () => (store.sessionRequests.get(token ?? '') ?? []).filter((r) => r === fault.request).length >= fault.count;
    for (const end = Date.now() + fault.timeoutMs; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 5))) {
      if (made()) return true;
    }
    return made();
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://legacy.invalid');
      store.requests.push(`${req.method} ${url.pathname}`);
      const token = cookieOf(req.headers.cookie, LEGACY_COOKIE);
      if (token && store.sessions.has(token)) store.sessionRequests.set(token, [...(store.sessionRequests.get(token) ?? []), `${req.method} ${url.pathname}`]);
      const fault = store.faults.get(url.pathname);
      if (fault?.kind === 'destroy') return req.socket.destroy();
      if (fault?.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, fault.ms));
      if (fault?.kind === 'until' && !(await madeBy(token, fault))) return send(res, { status: 500, body: 'Held too long', headers: { 'Content-Type': 'text/plain' } });
      if (options.latencyMs && url.pathname.startsWith('/api/')) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
      if (fault?.kind === 'status') return send(res, { status: fault.status, body: 'Internal Server Error', headers: { 'Content-Type': 'text/plain' } });
      if (fault?.kind === 'malformed') return send(res, { json: fault.body });

      const found = router.match(req.method ?? 'GET', url.pathname);
      if (!found) return send(res, { status: 404, json: { success: false, isAuthFailed: false, message: 'Unknown call' } });
      const email = store.sessions.get(token ?? '');
      const user = email ? (store.users.get(email) ?? null) : null;
      const school = user ? (store.schools.get(user.school) ?? null) : null;
      if (found.route.auth && (!user || !school)) return send(res, { json: { success: false, isAuthFailed: true } });

      let body: Promise<Buffer> | undefined;
      const raw = () => (body ??= readBody(req));
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      const request: LegacyRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers,
        user,
        school,
        params: found.params,
        text: async () => (await raw()).toString('utf8'),
        json: async () => JSON.parse((await raw()).toString('utf8') || 'null') as unknown,
        formData: async () => new Response(new Uint8Array(await raw()), { headers: { 'Content-Type': req.headers['content-type'] ?? '' } }).formData(),
      };
      send(res, await found.route.handler(request, store));
    })().catch((err: unknown) => {
      console.error('[legacy backend]', err);
      if (!res.headersSent) send(res, { status: 500, body: 'Internal Server Error' });
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    store,
    signIn: (email) => `${LEGACY_COOKIE}=${newSession(email)}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
