/**
 * The server front's delivery (src/platform/server/static-files.ts, compress-responses.ts) on real
 * sockets: static files indexed from a precompressed folder (scripts/precompress.mjs), and the
 * compression of rendered answers, whole or streamed. tests/e2e/delivery.spec.ts checks the same on the built portal.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { compressResponses } from '../../src/platform/server/compress-responses';
import { negotiateEncoding } from '../../src/platform/server/encoding';
import { indexStaticFiles, serveStatic } from '../../src/platform/server/static-files';
import { precompressDirectory } from '../../scripts/precompress.mjs';
import { makeTempDir } from '../factories';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent. */
  raw: Buffer;
  /** The body once its Content-Encoding is undone. */
  body: Buffer;
}

const servers: http.Server[] = [];
const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function decode(encoding: string | undefined, raw: Buffer): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(raw);
  if (encoding === 'gzip') return zlib.gunzipSync(raw);
  expect(encoding, 'no other encoding is ever sent').toBeUndefined();
  return raw;
}

/** Serves `handler` on a free port; resolves with its base address. */
async function serve(handler: Handler): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function request(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        // A HEAD or 304 answer has the head of its body alone.
        const body = raw.length ? decode(res.headers['content-encoding'], raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, body });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A handler that compresses like serve.ts and then runs `render`. */
const compressing =
  (render: Handler): Handler =>
  (req, res) => {
    compressResponses(req, res);
    render(req, res);
  };

const BIG_HTML = `<!DOCTYPE html><html><body>${'<p>Every school, every day.</p>\n'.repeat(200)}</body></html>`;
const BIG_JSON = JSON.stringify({ success: true, data: Array.from({ length: 100 }, (_, id) => ({ id, title: `Post ${id}` })) });

describe('negotiateEncoding', () => {
  const both = ['br', 'gzip'] as const;
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br ; q=0 , gzip ; q=0', null],
    ['*', 'br'],
    ['gzip;q=0, *;q=0.5', 'br'],
    ['br;q=0, *', 'gzip'],
    ['*;q=0', null],
  ])('%j -> %j', (header, expected) => {
    expect(negotiateEncoding(header, both)).toBe(expected);
  });

  it('offers only what the file has', () => {
    expect(negotiateEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(negotiateEncoding('br', [])).toBeNull();
  });
});

describe('rendered answers', () => {
  it('compresses HTML with brotli when accepted, gzip when only it is, and says it varies', async () => {
    const base = await serve(
      compressing((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/html', 'X-Content-Type-Options': 'nosniff' });
        res.write(BIG_HTML.slice(0, 100));
        res.end(BIG_HTML.slice(100));
      }),
    );
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const answer = await request(base, { 'Accept-Encoding': accept });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      // Ended within its first tick: compressed whole, with its length.
      expect(Number(answer.headers['content-length'])).toBe(answer.raw.length);
      expect(answer.raw.length).toBeLessThan(BIG_HTML.length / 5);
      expect(answer.body.toString()).toBe(BIG_HTML);
    }
    const plain = await request(base);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.toString()).toBe(BIG_HTML);
  });

  it('compresses JSON over 1 KB, also when the head is implicit (setHeader, then end)', async () => {
    const base = await serve(
      compressing((_req, res) => {
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Vary', 'Cookie');
        res.end(BIG_JSON);
      }),
    );
    const answer = await request(base, { 'Accept-Encoding': 'gzip, br' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(JSON.parse(answer.body.toString())).toEqual(JSON.parse(BIG_JSON));
  });

  it('sends an answer under 1 KB as it is, with its length', async () => {
    const small = JSON.stringify({ success: true, data: { name: 'Demo' } });
    const base = await serve(
      compressing((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write(small);
        res.end();
      }),
    );
    const answer = await request(base, { 'Accept-Encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-length']).toBe(String(small.length));
    expect(answer.body.toString()).toBe(small);
  });

  it('leaves alone what must not or need not be compressed', async () => {
    const png = Buffer.alloc(4096, 7);
    const cases: Record<string, Handler> = {
      '/image': (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'image/png' });
        res.end(png);
      },
      '/encoded': (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' });
        res.end(zlib.gzipSync(BIG_HTML));
      },
      '/no-transform': (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/html', 'Cache-Control': 'no-transform' });
        res.end(BIG_HTML);
      },
      '/empty': (_req, res) => {
        res.writeHead(204);
        res.end();
      },
      '/not-modified': (_req, res) => {
        res.writeHead(304, { 'Content-Type': 'text/html', ETag: '"x"' });
        res.end();
      },
    };
    const base = await serve(compressing((req, res) => cases[req.url ?? '']?.(req, res)));
    const image = await request(`${base}/image`, { 'Accept-Encoding': 'br' });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers.vary).toBeUndefined();
    expect(image.body).toEqual(png);
    const encoded = await request(`${base}/encoded`, { 'Accept-Encoding': 'br' });
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(encoded.body.toString()).toBe(BIG_HTML);
    const noTransform = await request(`${base}/no-transform`, { 'Accept-Encoding': 'br' });
    expect(noTransform.headers['content-encoding']).toBeUndefined();
    expect((await request(`${base}/empty`, { 'Accept-Encoding': 'br' })).status).toBe(204);
    const notModified = await request(`${base}/not-modified`, { 'Accept-Encoding': 'br' });
    expect(notModified.status).toBe(304);
    expect(notModified.headers['content-encoding']).toBeUndefined();
  });

  it('sends a HEAD answer as it is', async () => {
    const base = await serve(
      compressing((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end();
      }),
    );
    const answer = await request(base, { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toBe('Accept-Encoding');
  });

  it('streams: each part of a page reaches the browser, compressed, before the rest is rendered', async () => {
    // Each request's rest waits until its client has decoded the first part.
    let release: () => void = () => {};
    const first = `<!DOCTYPE html><html><head><title>Streamed</title></head><body>${'<p>Shown at once.</p>'.repeat(20)}`;
    const rest = `${'<p>Shown later.</p>'.repeat(100)}</body></html>`;
    const base = await serve(
      compressing((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.write(first);
        void new Promise<void>((resolve) => (release = resolve)).then(() => res.end(rest));
      }),
    );
    for (const encoding of ['br', 'gzip'] as const) {
      const received = await new Promise<{ early: string; all: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
        http
          .get(base, { headers: { 'Accept-Encoding': encoding }, agent: false }, (res) => {
            const decoder = encoding === 'br' ? zlib.createBrotliDecompress() : zlib.createGunzip();
            let text = '';
            let early = '';
            decoder.on('data', (chunk: Buffer) => {
              text += chunk.toString();
              // The first part decoded while the rest is not rendered yet: let it be.
              if (!early && text.length >= first.length) {
                early = text;
                release();
              }
            });
            decoder.on('end', () => resolve({ early, all: text, headers: res.headers }));
            decoder.on('error', reject);
            res.pipe(decoder);
          })
          .on('error', reject);
      });
      expect(received.headers['content-encoding']).toBe(encoding);
      expect(received.headers['content-length']).toBeUndefined();
      expect(received.early).toBe(first);
      expect(received.all).toBe(first + rest);
    }
    // Without the flush, the first part would never arrive alone and this would wait forever.
  }, 10_000);

  it('sends an event stream as it is, head first', async () => {
    let release: () => void = () => {};
    const later = new Promise<void>((resolve) => (release = resolve));
    const base = await serve(
      compressing((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.flushHeaders();
        void later.then(() => res.end(`data: ${'x'.repeat(2000)}\n\n`));
      }),
    );
    const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      http
        .get(base, { headers: { 'Accept-Encoding': 'br' }, agent: false }, (res) => {
          resolve(res.headers);
          release();
          res.resume();
        })
        .on('error', reject);
    });
    expect(headers['content-type']).toBe('text/event-stream');
    expect(headers['content-encoding']).toBeUndefined();
  });
});

describe('static files', () => {
  let dir = '';
  let rendered: string[] = [];
  const script = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;
  const icon = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>';
  const SCRIPT = '/_astro/app.Ab12Cd34.js';

  beforeAll(async () => {
    dir = makeTempDir('portal-static-');
    dirs.push(dir);
    fs.mkdirSync(path.join(dir, '_astro'));
    fs.mkdirSync(path.join(dir, '.well-known'));
    fs.writeFileSync(path.join(dir, SCRIPT), script);
    fs.writeFileSync(path.join(dir, 'favicon.svg'), icon);
    fs.writeFileSync(path.join(dir, '.env'), 'SECRET=1');
    fs.writeFileSync(path.join(dir, '.well-known/security.txt'), 'Contact: mailto:security@example.org\n');
    fs.writeFileSync(path.join(dir, 'page.html'), '<!DOCTYPE html><title>Page</title>');
    fs.mkdirSync(path.join(dir, 'about'));
    fs.writeFileSync(path.join(dir, 'about/index.html'), '<!DOCTYPE html><title>About</title>');
    fs.writeFileSync(path.join(dir, 'gone.css'), `body { color: red; }\n`.repeat(100));
    await precompressDirectory(dir);
  });

  /** serve.ts's front on `dir`: static files first, the rest "rendered" (a marker answer). */
  async function staticServer(): Promise<string> {
    const index = indexStaticFiles(dir);
    rendered = [];
    return serve((req, res) => {
      const render = () => {
        rendered.push(req.url ?? '');
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        res.end('rendered');
      };
      if (!serveStatic(req, res, index, render)) render();
    });
  }

  it('precompresses a .br and a .gz beside a compressible file of 1 KB or more only', () => {
    expect(fs.existsSync(path.join(dir, `${SCRIPT}.br`))).toBe(true);
    expect(fs.existsSync(path.join(dir, `${SCRIPT}.gz`))).toBe(true);
    expect(fs.statSync(path.join(dir, `${SCRIPT}.br`)).size).toBeLessThan(script.length);
    expect(fs.existsSync(path.join(dir, 'favicon.svg.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'favicon.svg.gz'))).toBe(false);
  });

  it('answers a hashed script in the accepted encoding, each form the file’s bytes, cached for a year', async () => {
    const base = await staticServer();
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['', undefined],
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
    ] as const) {
      const answer = await request(`${base}${SCRIPT}?v=1`, accept ? { 'Accept-Encoding': accept } : {});
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(Number(answer.headers['content-length'])).toBe(answer.raw.length);
      expect(answer.body.toString()).toBe(script);
    }
    expect(rendered).toEqual([]);
  });

  it('answers 304 to the tag it gave, in any encoding, and HEAD with the head alone', async () => {
    const base = await staticServer();
    const first = await request(`${base}${SCRIPT}`, { 'Accept-Encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    for (const ifNoneMatch of [etag, etag.slice(2), `"other", ${etag}`, '*']) {
      const again = await request(`${base}${SCRIPT}`, { 'Accept-Encoding': 'gzip', 'If-None-Match': ifNoneMatch });
      expect(again.status).toBe(304);
      expect(again.raw.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(again.headers.vary).toBe('Accept-Encoding');
    }
    expect((await request(`${base}${SCRIPT}`, { 'If-None-Match': '"other"' })).status).toBe(200);

    const head = await request(`${base}${SCRIPT}`, { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.raw.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
  });

  it('answers a public file under 1 KB as it is, for a short while, and leaves the rest to Astro', async () => {
    const base = await staticServer();
    const favicon = await request(`${base}/favicon.svg`, { 'Accept-Encoding': 'br, gzip' });
    expect(favicon.headers['content-encoding']).toBeUndefined();
    expect(favicon.headers['content-type']).toBe('image/svg+xml');
    expect(favicon.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    expect(favicon.headers.vary).toBeUndefined();
    expect(favicon.headers['x-content-type-options']).toBe('nosniff');
    expect(favicon.body.toString()).toBe(icon);
    expect((await request(`${base}/.well-known/security.txt`)).status).toBe(200);

    for (const url of ['/.env', `${SCRIPT}.br`, '/_astro/', '/missing.js', '/about/index']) {
      expect((await request(`${base}${url}`)).body.toString(), url).toBe('rendered');
    }
    const post = await request(`${base}/favicon.svg`, {}, 'POST');
    expect(post.body.toString()).toBe('rendered');
    // A range is not served: the whole file is the answer.
    const range = await request(`${base}${SCRIPT}`, { Range: 'bytes=0-9' });
    expect(range.status).toBe(200);
    expect(range.body.toString()).toBe(script);
  });

  it('answers a prerendered page at its addresses, revalidated each time', async () => {
    const base = await staticServer();
    for (const [url, title] of [
      ['/page.html', 'Page'],
      ['/page', 'Page'],
      ['/about/', 'About'],
      ['/about', 'About'],
      ['/about/index.html', 'About'],
    ]) {
      const answer = await request(`${base}${url}`);
      expect(answer.status, url).toBe(200);
      expect(answer.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      expect(answer.body.toString(), url).toContain(`<title>${title}</title>`);
    }
    expect(rendered).toEqual([]);
  });

  it('leaves a file removed since the index was made to Astro', async () => {
    const base = await staticServer();
    for (const suffix of ['', '.br', '.gz']) fs.rmSync(path.join(dir, `gone.css${suffix}`), { force: true });
    const answer = await request(`${base}/gone.css`, { 'Accept-Encoding': 'br' });
    expect(answer.body.toString()).toBe('rendered');
  });
});
