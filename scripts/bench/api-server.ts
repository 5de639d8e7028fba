/**
 * `npm run bench -- --api-only`: the portal's API (src/app/api.ts) served on its own by
 * node:http, from the sources through tsx, so the posts-at-scale figures can be taken without a
 * build. It skips Astro (routing, the page middleware, the Node adapter): the figures measure the
 * API and the database. Reads the same environment as the server (HOST, PORT, PORTAL_DATA_DIR,
 * DATABASE_URL); `GET /ready` answers 200 once the database is prepared.
 *
 * With PORTAL_BENCH_TRIVIAL_JSON (a JSON file), `GET /bench/trivial-json` is a trivial Hono route
 * answering that JSON from memory (c.json, as every call answers): the baseline a call's req/s is
 * divided by. It exists only here, never in the portal's routes.
 */
import fs from 'node:fs';
import http from 'node:http';
import { Hono } from 'hono';
import { z } from 'zod';
import { createApi } from '../../src/app/api';
import { systemClock } from '../../src/platform/clock';
import { parseConfig } from '../../src/platform/config';
import { openDatabase } from '../../src/platform/db';
import { prepareDatabase } from '../../src/app/process';

const config = parseConfig(process.env);
const db = openDatabase(config);
const runtime = { config, db, clock: systemClock };
await prepareDatabase(runtime, () => undefined);
const api = createApi(runtime);

const TRIVIAL_JSON_PATH = '/bench/trivial-json';
const trivialFile = process.env.PORTAL_BENCH_TRIVIAL_JSON;
const trivial = trivialFile ? trivialJsonApp(z.record(z.string(), z.unknown()).parse(JSON.parse(fs.readFileSync(trivialFile, 'utf8')))) : null;

function trivialJsonApp(body: Record<string, unknown>): Hono {
  return new Hono().get(TRIVIAL_JSON_PATH, (c) => c.json(body));
}

async function bodyOf(req: http.IncomingMessage): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

const server = http.createServer((req, res) => {
  void (async () => {
    if (req.url === '/ready') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ready');
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const body = await bodyOf(req);
    const request = new Request(`http://${req.headers.host ?? `${config.HOST}:${config.PORT}`}${req.url ?? '/'}`, {
      method: req.method ?? 'GET',
      headers,
      ...(body ? { body } : {}),
    });
    const app = trivial && req.url === TRIVIAL_JSON_PATH ? trivial : api;
    const response = await app.fetch(request, { clientAddress: req.socket.remoteAddress ?? '' });
    const out: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') out[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) out['set-cookie'] = cookies;
    res.writeHead(response.status, out).end(Buffer.from(await response.arrayBuffer()));
  })().catch((err: unknown) => {
    console.error(err);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
});

server.listen(config.PORT, config.HOST, () => console.log(`API only on http://${config.HOST}:${config.PORT}`));

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.close();
    void db.destroy().finally(() => process.exit(0));
  });
}
