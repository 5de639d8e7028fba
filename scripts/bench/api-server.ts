/**
 * `npm run bench -- --api-only`: the portal's API (src/server/api.ts) served on its own by
 * node:http, from the sources through tsx, so the posts-at-scale figures can be taken without a
 * build. It skips Astro (routing, the page middleware, the Node adapter): the figures measure the
 * API and the database. Reads the same environment as the server (HOST, PORT, PORTAL_DATA_DIR,
 * DATABASE_URL); `GET /ready` answers 200 once the database is prepared.
 */
import http from 'node:http';
import { createApi } from '../../src/server/api';
import { systemClock } from '../../src/server/clock';
import { parseConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db';
import { prepareDatabase } from '../../src/server/process';

const config = parseConfig(process.env);
const db = openDatabase(config);
const runtime = { config, db, clock: systemClock };
await prepareDatabase(runtime, () => undefined);
const api = createApi(runtime);

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
    const response = await api.fetch(request, { clientAddress: req.socket.remoteAddress ?? '' });
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
