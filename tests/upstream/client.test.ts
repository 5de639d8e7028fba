/**
 * The upstream client's settling of answers, against a small HTTP peer of the test's own: what a
 * legacy backend's failures become (timeouts, 5xx, cut connections, unreadable answers), which
 * calls are retried, and what is forwarded, relayed and logged.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UpstreamScope, type UpstreamSettings } from '../../src/platform/upstream/client';
import { UPSTREAM_MESSAGES } from '../../src/platform/upstream/errors';
import { Refusal } from '../../src/platform/errors';

type Reply = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;

let server: http.Server;
let baseUrl = '';
let reply: Reply;
const received: Array<{ method: string; url: string; cookie: string | undefined; body: string; forwardedFor: string | undefined }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        cookie: req.headers.cookie,
        body,
        forwardedFor: req.headers['x-forwarded-for'] as string | undefined,
      });
      reply(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received.length = 0;
});

const json = (res: http.ServerResponse, value: unknown, headers: Record<string, string | string[]> = {}) => {
  res.writeHead(200, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(value));
};

function scope(options: Partial<UpstreamSettings> = {}, cookie: string | null = 'legacy_sid=abc; theme=dark') {
  const logs: string[] = [];
  const up = new UpstreamScope(
    { baseUrl, timeoutMs: 500, maxUploadMb: 20, retryDelaysMs: [5, 5], log: (line) => logs.push(line), ...options },
    { cookie, clientAddress: '203.0.113.9' },
  );
  return { up, logs };
}

const answer = z.object({ items: z.array(z.object({ id: z.coerce.number() })) }).loose();

async function failure(promise: Promise<unknown>): Promise<Refusal> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof Refusal) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

describe('the upstream client', () => {
  it('forwards the browser cookies and address, builds the query, and relays every Set-Cookie', async () => {
    reply = (_req, res) => json(res, { success: 'true', isAuthFailed: 0, items: [{ id: '3' }] }, { 'Set-Cookie': ['legacy_sid=new; Path=/', 'seen=1'] });
    const { up } = scope();
    const result = await up.json({ method: 'GET', path: '/api/things', query: { page: 2, query: 'a b', skip: undefined } }, answer);
    expect(result.items).toEqual([{ id: 3 }]);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      method: 'GET',
      url: '/api/things?page=2&query=a+b',
      cookie: 'legacy_sid=abc; theme=dark',
      forwardedFor: '203.0.113.9',
    });
    expect(up.setCookies).toEqual(['legacy_sid=new; Path=/', 'seen=1']);
  });

  it('sends a JSON body as JSON', async () => {
    reply = (_req, res) => json(res, { success: true, isAuthFailed: false, items: [] });
    const { up } = scope();
    await up.json({ method: 'POST', path: '/api/save', json: { id: 4, title: 'Hi' } }, answer);
    expect(JSON.parse(received[0]!.body)).toEqual({ id: 4, title: 'Hi' });
  });

  it('is signed out on isAuthFailed (in any of its shapes) and on a 401', async () => {
    for (const flag of [true, 1, '1', 'true']) {
      reply = (_req, res) => json(res, { success: false, isAuthFailed: flag });
      expect((await failure(scope().up.json({ method: 'GET', path: '/api/x' }, answer))).status).toBe(401);
    }
    reply = (_req, res) => {
      res.writeHead(401);
      res.end();
    };
    expect((await failure(scope().up.json({ method: 'GET', path: '/api/x' }, answer))).status).toBe(401);
  });

  it('refuses with the legacy message on success: false, and the generic failure without one', async () => {
    reply = (_req, res) => json(res, { success: 0, isAuthFailed: 0, message: 'That email is already on the list.' });
    const refused = await failure(scope().up.json({ method: 'POST', path: '/api/add', json: {} }, answer));
    expect(refused).toMatchObject({ status: 400, message: 'That email is already on the list.', code: 'refused' });
    reply = (_req, res) => json(res, { success: 'false' });
    expect((await failure(scope().up.json({ method: 'POST', path: '/api/add', json: {} }, answer))).message).toBe(UPSTREAM_MESSAGES.failed);
  });

  it('retries a GET after a 5xx with back-off, then gives the generic failure (502)', async () => {
    reply = (_req, res) => {
      res.writeHead(503);
      res.end('down');
    };
    const { up, logs } = scope();
    const err = await failure(up.json({ method: 'GET', path: '/api/list' }, answer));
    expect(err).toMatchObject({ status: 502, message: UPSTREAM_MESSAGES.failed });
    expect(received.map((r) => r.method)).toEqual(['GET', 'GET', 'GET']);
    expect(logs).toEqual(Array(3).fill('[upstream] GET /api/list: answered 503'));
  });

  it('succeeds when a retry does', async () => {
    let calls = 0;
    reply = (_req, res) => {
      calls += 1;
      if (calls === 1) {
        res.writeHead(500);
        res.end();
      } else json(res, { success: true, isAuthFailed: false, items: [{ id: 1 }] });
    };
    expect((await scope().up.json({ method: 'GET', path: '/api/list' }, answer)).items).toEqual([{ id: 1 }]);
    expect(received).toHaveLength(2);
  });

  it('never retries a POST', async () => {
    reply = (_req, res) => {
      res.writeHead(500);
      res.end();
    };
    const err = await failure(scope().up.json({ method: 'POST', path: '/api/save', json: { a: 1 } }, answer));
    expect(err.status).toBe(502);
    expect(received).toHaveLength(1);
  });

  it('times out (504) when the backend is slower than the limit; a slow call may be given longer', async () => {
    reply = (_req, res) => setTimeout(() => json(res, { success: true, isAuthFailed: false, items: [] }), 300);
    const { up, logs } = scope({ timeoutMs: 100, retryDelaysMs: [] });
    expect(await failure(up.json({ method: 'GET', path: '/api/slow' }, answer))).toMatchObject({ status: 504, message: UPSTREAM_MESSAGES.timeout });
    expect(logs).toEqual(['[upstream] GET /api/slow: timed out']);
    expect((await up.json({ method: 'GET', path: '/api/slow', timeoutMs: 1_000 }, answer)).items).toEqual([]);
  });

  it('gives the generic failure when the connection is cut or refused', async () => {
    reply = (req) => req.socket.destroy();
    expect((await failure(scope().up.json({ method: 'GET', path: '/api/cut' }, answer))).status).toBe(502);
    const refused = new UpstreamScope({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 500, maxUploadMb: 20, retryDelaysMs: [], log: () => {} }, { cookie: null });
    expect((await failure(refused.json({ method: 'GET', path: '/api/x' }, answer))).status).toBe(502);
  });

  it('makes an unreadable answer a 502 and logs the path and the problem, never the body or the cookies', async () => {
    const secret = 'Pupil Name pupil@example.org';
    reply = (_req, res) => json(res, { success: true, isAuthFailed: false, items: [{ id: 'not a number', name: secret }] });
    const { up, logs } = scope();
    expect(await failure(up.json({ method: 'GET', path: '/api/things' }, answer))).toMatchObject({
      status: 502,
      message: UPSTREAM_MESSAGES.unreadable,
      code: 'upstream_unreadable',
    });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/^\[upstream\] GET \/api\/things: answer unreadable: items\.0\.id: /);
    expect(logs.join('\n')).not.toContain(secret);
    expect(logs.join('\n')).not.toContain('legacy_sid');

    reply = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(`<html>${secret}</html>`);
    };
    const second = scope();
    expect((await failure(second.up.json({ method: 'GET', path: '/api/things' }, answer))).status).toBe(502);
    expect(second.logs).toEqual(['[upstream] GET /api/things: the answer is not JSON (status 200)']);
  });

  it('loads what `once` is asked for once per request', async () => {
    reply = (_req, res) => json(res, { success: true, isAuthFailed: false, items: [] });
    const { up } = scope();
    const load = () => up.json({ method: 'GET', path: '/api/api/user' }, answer);
    await Promise.all([up.once('user', load), up.once('user', load), up.once('user', load)]);
    expect(received).toHaveLength(1);
  });
});
