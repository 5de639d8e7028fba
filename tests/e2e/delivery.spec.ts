/**
 * Delivery of the built portal (src/platform/server/serve.ts): precompressed static files with immutable
 * caching, compressed pages and API answers, checked with raw HTTP requests (the body as sent),
 * and a signed-in page in Chromium still loading every asset compressed without a console error.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from './support/test';
import { ENV_PORT, ROOT, storageStatePath } from './support/env';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent. */
  raw: Buffer;
  /** The body once its Content-Encoding is undone. */
  body: Buffer;
}

const CLIENT_DIR = path.join(ROOT, 'dist/client');
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** One request on a connection of its own, without any of the decoding a client library does. */
function raw(pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: Number(process.env[ENV_PORT]), path: pathname, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const sent = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const body = !sent.length ? sent : encoding === 'br' ? zlib.brotliDecompressSync(sent) : encoding === 'gzip' ? zlib.gunzipSync(sent) : sent;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: sent, body });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The admin's session cookie, from the global setup's sign-in. */
function adminCookie(): string {
  const state = JSON.parse(fs.readFileSync(storageStatePath('admin'), 'utf8')) as { cookies: Array<{ name: string; value: string }> };
  return state.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** The hashed assets a page links (stylesheets and scripts). */
function assetsOf(html: string): string[] {
  return [...html.matchAll(/<(?:link[^>]*\bhref|script[^>]*\bsrc)="(\/_astro\/[^"]+\.(?:css|js))"/g)].map((m) => m[1] as string);
}

test.describe('static files', () => {
  test('a hashed script goes as brotli, gzip or identity as accepted, each the built file’s bytes', async () => {
    // The largest script of the build (it has .br and .gz siblings).
    const name = fs
      .readdirSync(path.join(CLIENT_DIR, '_astro'))
      .filter((file) => file.endsWith('.js'))
      .sort((a, b) => fs.statSync(path.join(CLIENT_DIR, '_astro', b)).size - fs.statSync(path.join(CLIENT_DIR, '_astro', a)).size)[0];
    const url = `/_astro/${name}`;
    const built = fs.readFileSync(path.join(CLIENT_DIR, url));
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['', undefined],
    ] as const) {
      const answer = await raw(url, accept ? { 'Accept-Encoding': accept } : {});
      expect(answer.status, accept).toBe(200);
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(answer.headers['cache-control']).toBe(IMMUTABLE);
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(Number(answer.headers['content-length'])).toBe(answer.raw.length);
      if (encoding) expect(answer.raw.length).toBeLessThan(built.length / 2);
      expect(answer.body.equals(built), `${accept}: the decoded body is the built file`).toBe(true);
    }
  });

  test('every stylesheet and script /login loads is compressed and cached for a year', async () => {
    const page = await raw('/login', { 'Accept-Encoding': 'br, gzip' });
    const assets = assetsOf(page.body.toString());
    expect(assets.length).toBeGreaterThan(0);
    for (const url of assets) {
      const answer = await raw(url, { 'Accept-Encoding': 'br, gzip' });
      expect(answer.status, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe(IMMUTABLE);
      if (answer.body.length >= 1024) expect(answer.headers['content-encoding'], url).toBe('br');
      expect(answer.headers['content-type'], url).toMatch(url.endsWith('.css') ? /^text\/css; charset=utf-8$/ : /^text\/javascript; charset=utf-8$/);
    }
  });

  test('304 for the tag it gave, whatever the encoding; HEAD has the head alone', async () => {
    const url = assetsOf((await raw('/login')).body.toString()).find((u) => u.endsWith('.css')) as string;
    const first = await raw(url, { 'Accept-Encoding': 'br, gzip' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^(W\/)?".+"$/);
    const again = await raw(url, { 'Accept-Encoding': 'gzip', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe(IMMUTABLE);
    expect(again.headers.vary).toBe('Accept-Encoding');

    const head = await raw(url, { 'Accept-Encoding': 'br, gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.raw.length).toBe(0);
    for (const name of ['content-type', 'content-encoding', 'content-length', 'etag', 'cache-control', 'vary', 'x-content-type-options']) {
      expect(head.headers[name], name).toBe(first.headers[name]);
    }
  });

  test('the favicon (not hashed, under 1 KB) goes as it is, revalidated, with nosniff', async () => {
    const answer = await raw('/favicon.svg', { 'Accept-Encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/svg+xml');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['cache-control']).toMatch(/must-revalidate/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.body.equals(fs.readFileSync(path.join(CLIENT_DIR, 'favicon.svg')))).toBe(true);
  });

  // Signed in, as a page's own script and style loads are: the unknown address is Astro's 404 page,
  // never a file's answer (no ETag, no year-long caching a later build's file would be hidden behind).
  test('a missing asset is Astro’s 404 page, kept by no cache', async () => {
    const answer = await raw('/_astro/missing.Abc123.js', { 'Accept-Encoding': 'br', Cookie: adminCookie() });
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.headers.etag).toBeUndefined();
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toMatch(/Accept-Encoding/);
    expect(answer.body.toString()).toContain('Page not found');
  });
});

test.describe('rendered answers', () => {
  test('/login is compressed as accepted, says it varies, and keeps its hardening headers', async () => {
    const plain = await raw('/login');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const answer = await raw('/login', { 'Accept-Encoding': accept });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      expect(answer.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(answer.raw.length).toBeLessThan(answer.body.length);
      const html = answer.body.toString();
      expect(html).toMatch(/^<!DOCTYPE html>/i);
      expect(html.trimEnd()).toMatch(/<\/html>$/);
      expect(assetsOf(html)).toEqual(assetsOf(plain.body.toString()));
    }
    const head = await raw('/login', { 'Accept-Encoding': 'br, gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.raw.length).toBe(0);
    expect(head.headers['content-type']).toBe(plain.headers['content-type']);
  });

  test('a signed-in page is compressed', async () => {
    const answer = await raw('/home', { 'Accept-Encoding': 'br, gzip', Cookie: adminCookie() });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.body.toString()).toContain('</html>');
  });

  test('an API answer over 1 KB is compressed; one under 1 KB is not', async () => {
    const cookie = adminCookie();
    const plain = await raw('/api/website/wordpress/posts', { Cookie: cookie });
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    const packed = await raw('/api/website/wordpress/posts', { Cookie: cookie, 'Accept-Encoding': 'br, gzip' });
    expect(packed.headers['content-encoding']).toBe('br');
    expect(packed.headers['content-type']).toMatch(/^application\/json/);
    expect(packed.headers.vary).toMatch(/Accept-Encoding/);
    expect(JSON.parse(packed.body.toString())).toEqual(JSON.parse(plain.body.toString()));

    const small = await raw('/api/api/user', { Cookie: cookie, 'Accept-Encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.raw.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['content-length']).toBe(String(small.raw.length));
    expect(JSON.parse(small.body.toString())).toMatchObject({ success: true });
  });
});

test.describe('in Chromium', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('/home loads its stylesheets and scripts compressed, with no console error', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const loaded: Array<Promise<{ url: string; size: number; encoding: string | undefined }>> = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'stylesheet' && type !== 'script' && type !== 'document') return;
      const encoding = response.headers()['content-encoding'];
      loaded.push(response.body().then((body) => ({ url: response.url(), size: body.length, encoding })));
    });
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const responses = await Promise.all(loaded);
    expect(responses.filter((r) => r.size >= 1024).length).toBeGreaterThan(2);
    for (const { url, size, encoding } of responses) {
      // Chromium offers brotli on secure origins and on localhost; gzip is the fallback.
      if (size >= 1024) expect(encoding, url).toMatch(/^(br|gzip)$/);
    }
    expect(errors).toEqual([]);
  });
});
