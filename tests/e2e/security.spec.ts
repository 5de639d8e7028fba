import { createHash } from 'node:crypto';
import { expect, test } from './support/test';
import { ADMIN, PASSWORD, VIEWER, dataDir } from './support/env';
import { signInWithApi } from './support/fixtures';
import { freePort, startServer, type RunningServer } from './support/server';

/** Directive name -> sources of a Content-Security-Policy header. */
function policyOf(header: string | undefined): Map<string, string[]> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

test.describe('hardening headers', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  for (const [path, kind] of [
    ['/login', 'portal'],
    ['/sites/demo.school', 'public site'],
    ['/sites/demo.school/posts/markup-html-tags-and-formatting', 'public site'],
  ] as const) {
    test(`${path} (${kind}) allows no inline script and cannot be framed by others`, async ({ request }) => {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      const headers = res.headers();
      const policy = policyOf(headers['content-security-policy']);
      expect(policy.get('script-src')).toContain("'self'");
      expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(kind === 'portal' ? ["'self'"] : ["'none'"]);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe(kind === 'portal' ? 'SAMEORIGIN' : 'DENY');
      expect(headers['referrer-policy']).toBeTruthy();
    });
  }

  test('a signed-in page allows each of its inline scripts by hash, and nothing else inline', async ({ page }) => {
    await signInWithApi(page.request, ADMIN);
    const res = await page.goto('/home');
    const policy = policyOf(res?.headers()['content-security-policy']);
    const inlineScripts = await page.locator('script:not([src])').evaluateAll((scripts) => scripts.map((s) => s.textContent ?? ''));
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const text of inlineScripts) {
      const hash = `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
      expect(policy.get('script-src'), text.slice(0, 60)).toContain(hash);
    }
  });
});

test.describe('hostile school content cannot sign anyone out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('an image, a frame and a followed link to /api/logout leave the viewer signed in', async ({ page }) => {
    await signInWithApi(page.request, VIEWER);

    // On another school's public site (same origin as the portal by default): an image.
    await page.goto('/sites/demo.school');
    const imageCall = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/logout');
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.src = '/api/logout';
      img.alt = '';
      document.body.append(img);
    });
    expect((await imageCall).status()).toBe(403);

    // On a portal page, where same-origin frames are allowed: a frame.
    await page.goto('/home');
    const frameCall = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/logout');
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.src = '/api/logout';
      frame.title = 'hostile';
      document.body.append(frame);
    });
    expect((await frameCall).status()).toBe(403);

    // A link followed to it.
    const linkResponse = await page.goto('/api/logout');
    expect(linkResponse?.status()).toBe(403);

    const user = await page.request.get('/api/api/user');
    expect(user.status()).toBe(200);
  });
});

test.describe('request limits and odd addresses', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('a huge sign-in form is refused with 413 and nothing else happens', async ({ request }) => {
    const res = await request.post('/login', {
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(test.info().project.use.baseURL ?? '').origin },
      data: `email=a%40b.c&password=${'x'.repeat(2 * 1024 * 1024)}`,
    });
    expect(res.status()).toBe(413);
  });

  test('a huge chunked sign-in form is refused while it streams in', async ({ baseURL }) => {
    let sent = 0;
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 50 * 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await fetch(`${baseURL}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(50 * 1024 * 1024);
  });

  test('a malformed address under /api answers the JSON envelope', async ({ baseURL }) => {
    const res = await fetch(`${baseURL}/api/website/%E0%A4%A`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ success: false, isAuthFailed: false, message: 'The address of this request is not valid.' });
  });

  test('an unknown address under a school site shows the public not-found page to a visitor', async ({ page }) => {
    const res = await page.goto('/sites/demo.school/posts/a/b');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: "Go to the school's home page" })).toHaveAttribute('href', '/sites/demo.school');
    await expect(page.locator('body')).not.toContainText('Internal server error');
  });

  test('an unknown address under /uploads is a plain 404', async ({ request }) => {
    const res = await request.get('/uploads/demo.school/a/b');
    expect(res.status()).toBe(404);
    expect(await res.text()).toBe('Not found.');
  });
});

test.describe('public sites on their own origin (PORTAL_SITES_URL)', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  // The same server answers as the portal on 127.0.0.1 and as the sites origin on localhost.
  let server: RunningServer | undefined;
  let portal = '';
  let sites = '';

  test.beforeAll(async () => {
    const port = await freePort();
    portal = `http://127.0.0.1:${port}`;
    sites = `http://localhost:${port}`;
    server = await startServer({ dir: dataDir(), port, env: { PORTAL_SITES_URL: sites } });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('the portal origin sends public paths to the sites origin', async () => {
    for (const path of ['/sites/demo.school', '/sites/demo.school/posts/hello?x=1', '/uploads/demo.school/a.png']) {
      const res = await fetch(`${portal}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBe(301);
      expect(res.headers.get('location'), path).toBe(`${sites}${path}`);
    }
  });

  test('the sites origin serves the public site and nothing of the portal', async ({ page }) => {
    await page.goto(`${sites}/sites/demo.school`);
    await expect(page.getByRole('heading', { level: 1, name: 'Demo School' })).toBeVisible();
    for (const path of ['/login', '/home', '/api/api/user', '/api/logout']) {
      const res = await fetch(`${sites}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBe(404);
    }
    const login = await fetch(`${portal}/login`);
    expect(login.status).toBe(200);
  });
});

test.describe('behind a TLS proxy (PORTAL_URL on https)', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  // The proxy ends TLS and talks plain http to the server, as this test does.
  let server: RunningServer | undefined;
  let base = '';

  test.beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = await startServer({ dir: dataDir(), port, env: { PORTAL_URL: 'https://portal.example.org' } });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('every answer carries Strict-Transport-Security, static files and refusals too, and the session cookie is Secure', async () => {
    const login = await fetch(`${base}/login`);
    const asset = /"(\/_astro\/[^"]+\.(?:css|js))"/.exec(await login.text())?.[1];
    expect(asset).toBeDefined();
    for (const res of [
      login,
      await fetch(`${base}${asset}`),
      await fetch(`${base}/favicon.svg`),
      await fetch(`${base}/home`, { redirect: 'manual' }),
      await fetch(`${base}/api/api/user`),
      await fetch(`${base}/api/website/%E0%A4%A`),
      await fetch(`${base}/sites/demo.school`),
      await fetch(`${base}/no-such-page`),
    ]) {
      expect(res.headers.get('strict-transport-security'), res.url).toBe('max-age=31536000');
    }
    const signedIn = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, password: PASSWORD }),
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.getSetCookie().join('\n')).toMatch(/^portal_session=[^;]+;.*\bSecure\b/im);
  });

  test('a server without PORTAL_URL sends no Strict-Transport-Security', async ({ request }) => {
    expect((await request.get('/login')).headers()['strict-transport-security']).toBeUndefined();
  });

  test('start-up warns, in one line, when PORTAL_URL is unset and other machines can reach the server', async () => {
    const port = await freePort();
    const open = await startServer({ dir: dataDir(), port, host: '0.0.0.0', readyBase: `http://127.0.0.1:${port}` });
    try {
      expect(open.log().split('\n').filter((line) => line.includes('PORTAL_URL'))).toEqual([
        "Warning: PORTAL_URL is not set, so emailed links (invitations, password resets, newsletters) name this server's own address, and requests that reach it under any other name cannot send them: set PORTAL_URL to the portal's public address (e.g. https://portal.example.org).",
      ]);
    } finally {
      await open.stop();
    }
    expect(server?.log()).not.toContain('PORTAL_URL');
  });
});
