/**
 * The edge build under workerd (`npm run build:edge`): the Worker that build makes, run locally by
 * wrangler's test harness (the workerd runtime Cloudflare runs), in front of the reference legacy
 * backend. It signs in through the backend's login form, renders /home, Manage Posts and the
 * editor with their data in the first HTML, and calls the API through the Worker; and the bundle
 * holds none of the embedded backend's Node-only packages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import type { createTestHarness } from 'wrangler';
import { buildEdge, edgeBundleSize, EDGE_DIST, EDGE_WRANGLER_CONFIG } from '../../scripts/edge/build.mjs';
import { NODE_ONLY_PACKAGES } from '../../scripts/edge/build-plugin.mjs';
import { startLegacyBackend, type LegacyBackend } from '../legacy-backend/server';
import { LEGACY_ADMIN, LEGACY_PASSWORD, LEGACY_SCHOOL } from '../legacy-backend/seed';
import type { LegacyWebsite } from '../legacy-backend/modules/website';
import type { SupportSlice } from '../legacy-backend/modules/support';
import { postsResponseSchema, saveResponseSchema, toggleResponseSchema } from '../../src/modules/website/contract';
import { HAPARA_LOAD_FAILED_PATH } from '../../src/modules/hapara/rules';

/** What the Worker's pages escape in text (titles here have no other markup). */
/** An external helpdesk, as a provider in front of a legacy backend would set (the support frames' pages then show). */
const HELPDESK = 'https://help.example.org';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

describe('the edge build under workerd', () => {
  let backend: LegacyBackend;
  let server: ReturnType<typeof createTestHarness>;
  let worker: URL;
  let cookie: string;

  const slice = <T>(name: string): T => {
    const found = backend.store.schools.get(LEGACY_SCHOOL)?.slices.get(name);
    if (!found) throw new Error(`the legacy backend has no ${name} data yet`);
    return found as T;
  };
  const page = (pathname: string, headers: Record<string, string> = { Cookie: cookie }) => fetch(new URL(pathname, worker), { headers, redirect: 'manual' });
  const api = (pathname: string, json?: unknown) =>
    fetch(new URL(pathname, worker), {
      method: json === undefined ? 'GET' : 'POST',
      headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'empty', 'Content-Type': 'application/json' },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });

  beforeAll(async () => {
    let started = performance.now();
    buildEdge();
    const size = edgeBundleSize();
    console.log(`[edge] build ${((performance.now() - started) / 1000).toFixed(1)} s: ${size.modules} modules, ${size.raw} bytes, ${size.gzip} gzipped`);

    backend = await startLegacyBackend();
    // wrangler reads these when it starts: no metrics, no Request.cf download, no update check (the machine may be offline).
    Object.assign(process.env, {
      WRANGLER_SEND_METRICS: 'false',
      WRANGLER_SEND_ERROR_REPORTS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      WRANGLER_HIDE_BANNER: 'true',
      CLOUDFLARE_LOAD_DEV_VARS_FROM_DOT_ENV: 'false',
    });
    const { createTestHarness } = await import('wrangler');
    started = performance.now();
    server = createTestHarness({
      workers: [
        {
          configPath: EDGE_WRANGLER_CONFIG,
          vars: { PORTAL_UPSTREAM_URL: backend.url, PORTAL_LOGIN_URL: `${backend.url}/login`, PORTAL_HELPDESK_URL: HELPDESK },
        },
      ],
    });
    worker = new URL((await server.listen()).url);
    console.log(`[edge] workerd serving after ${Math.round(performance.now() - started)} ms`);
  }, 300_000);

  afterAll(async () => {
    await server?.close();
    await backend?.close();
  });

  it('sends a signed-out visitor to the provider’s login', async () => {
    const res = await page('/home', {});
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${backend.url}/login`);
  });

  it('signs in through the legacy login form and renders /home with the user and the provider’s updates', async () => {
    const login = await fetch(`${backend.url}/login`, {
      method: 'POST',
      body: new URLSearchParams({ email: LEGACY_ADMIN.email, password: LEGACY_PASSWORD }),
      redirect: 'manual',
    });
    expect(login.status).toBe(303);
    expect(new URL(login.headers.get('location') ?? '').pathname).toBe('/home');
    cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

    const res = await page('/home');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(escapeHtml(LEGACY_ADMIN.name));
    const updates = slice<SupportSlice>('support').updates;
    expect(updates.length).toBeGreaterThan(0);
    for (const update of updates.slice(0, 3)) expect(html).toContain(escapeHtml(update.title));
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  // Each page's first legacy GET: upstream mode's page middleware starts it beside the user call (the modules' `warmups`).
  const WARMED: ReadonlyArray<[page: string, legacyCall: string]> = [
    ['/home', '/api/support/updates'],
    ['/website/posts?page=2', '/api/website/wordpress/posts'],
    ['/website/pages', '/api/website/wordpress/pages'],
    ['/website/galleries', '/api/website/wordpress/galleries'],
    ['/newsletter/manage/list?query=a', '/api/newsletter/manage/list/load'],
    ['/account/users', '/api/account/users'],
    ['/app/managestaff', '/api/app/manage/stafflist'],
    ['/hapara/studentlist', '/api/hapara/manage/studentlist'],
    ['/hapara/classlist', '/api/hapara/manage/classes'],
    ['/hapara/status', '/api/hapara/status'],
    ['/support/tickets', '/api/support/tickets'],
  ];
  for (const [path, legacyCall] of WARMED) {
    it(`starts ${path}'s ${legacyCall} beside the user call, and asks for it once`, async () => {
      const session = cookie.split('=')[1] ?? '';
      const calls = () => (backend.store.sessionRequests.get(session) ?? []).filter((r) => r === `GET ${legacyCall}`).length;
      const before = calls();
      // The user call is answered only once this browser's page GET has reached the backend: one
      // after the other, the page would wait for an answer that waits for it (500 after 10 s).
      backend.store.faults.set('/api/api/user', { kind: 'until', request: `GET ${legacyCall}`, count: before + 1, timeoutMs: 10_000 });
      try {
        expect((await page(path)).status).toBe(200);
      } finally {
        backend.store.faults.clear();
      }
      expect(calls() - before).toBe(1);
    });
  }

  it('renders Manage Posts with the school’s first page of posts in the first HTML, as the API lists them', async () => {
    const html = await (await page('/website/posts')).text();
    const listed = postsResponseSchema.parse(await (await api('/api/website/wordpress/posts?page=1&limit=10')).json());
    expect(listed.posts).toHaveLength(10);
    const stored = slice<LegacyWebsite>('website').posts;
    for (const post of listed.posts) {
      expect(stored.some((p) => p.post_title === post.post_title)).toBe(true);
      expect(html).toContain(escapeHtml(post.post_title));
    }
  });

  it('opens a post in the editor with its title and content in the first HTML', async () => {
    const post = slice<LegacyWebsite>('website').posts[0];
    if (!post) throw new Error('the legacy backend has no posts');
    const html = await (await page(`/website/posts/edit?id=${post.ID}`)).text();
    expect(html).toContain('Edit Post');
    expect(html).toContain(escapeHtml(post.post_title));
  });

  it('toggles and saves a post through the Worker’s API: the legacy backend stores both', async () => {
    const post = slice<LegacyWebsite>('website').posts.find((p) => p.post_status === 'draft');
    if (!post) throw new Error('the legacy backend has no draft post');
    const toggled = toggleResponseSchema.parse(await (await api('/api/website/posts/toggle', { id: Number(post.ID), isPublic: true })).json());
    expect(toggled.success).toBe(true);
    expect(slice<LegacyWebsite>('website').posts.find((p) => p.ID === post.ID)?.post_status).toBe('publish');

    const saved = saveResponseSchema.parse(
      await (await api('/api/website/posts/update', { id: Number(post.ID), title: 'Saved at the edge', content: '<p>From workerd</p>', category: {} })).json(),
    );
    expect(saved.id).toBe(Number(post.ID));
    expect(slice<LegacyWebsite>('website').posts.find((p) => p.ID === post.ID)).toMatchObject({
      post_title: 'Saved at the edge',
      post_content: '<p>From workerd</p>',
    });
  });

  it('serves the pages’ scripts and styles from the Worker’s assets', async () => {
    const html = await (await page('/website/posts')).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/_astro\/[^"]+)"/g)].map((match) => match[1] ?? '');
    expect(assets.some((asset) => asset.endsWith('.js'))).toBe(true);
    expect(assets.some((asset) => asset.endsWith('.css'))).toBe(true);
    for (const asset of new Set(assets)) expect((await page(asset)).status, asset).toBe(200);
  });

  it('shows the external helpdesk’s frames (PORTAL_HELPDESK_URL, a Worker variable), and links them in the menu', async () => {
    const res = await page('/support/new');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`src="${HELPDESK}/new"`);
    expect(res.headers.get('content-security-policy')).toMatch(/frame-src [^;]* https:\/\/help\.example\.org[ ;]/);
    expect(await (await page('/support/knowledgebase')).text()).toContain(`src="${HELPDESK}/knowledgebase"`);
    expect(await (await page('/home')).text()).toContain('href="/support/new"');
  });

  it('sends the user to the upload screen when the legacy backend cannot load the student list (spec section 8)', async () => {
    backend.store.faults.set('/api/hapara/manage/studentlist', { kind: 'status', status: 500 });
    try {
      const res = await page('/hapara/studentlist');
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(HAPARA_LOAD_FAILED_PATH);
    } finally {
      backend.store.faults.clear();
    }
    expect((await page('/hapara/studentlist')).status).toBe(200);
  });

  it('answers 404 for what upstream mode does not serve: a screen the legacy backend cannot feed, the public sites', async () => {
    const missing = await page('/newsletter/sent');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('not available');
    expect((await page('/sites/legacy/')).status).toBe(404);
    expect((await api('/api/website/revisions/1')).status).toBe(404);
  });

  it('bundles none of the embedded backend’s Node-only packages', () => {
    const modules = fs.readdirSync(path.join(EDGE_DIST, 'server'), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.mjs'));
    const imported = new RegExp(`(?:from|import\\()\\s*["'](?:${NODE_ONLY_PACKAGES.join('|')})(?:/[^"']*)?["']`);
    for (const name of modules) expect(fs.readFileSync(path.join(EDGE_DIST, 'server', name), 'utf8'), name).not.toMatch(imported);
    expect(modules.some((name) => /better-sqlite|nodemailer|sharp|kysely/.test(name))).toBe(false);
  });
});
