/**
 * Helpers of the website list and gallery specs: data through the API (as the signed-in admin of
 * the page's context), unique names, generated images, axe and toasts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, runCli } from './env';

/** A title no other test (or run) uses: specs share the demo school. */
export function uniqueTitle(prefix: string): string {
  return `${prefix} ${crypto.randomBytes(4).toString('hex')}`;
}

interface Envelope {
  success: boolean;
  isAuthFailed: boolean;
  message?: string;
}

async function postJson<T extends Envelope>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
  const res = await request.post(url, { data });
  const body = (await res.json()) as T;
  expect(body.success, `${url}: ${res.status()} ${body.message ?? ''}`).toBe(true);
  return body;
}

/** Creates a published post; returns its id. */
export async function createPost(request: APIRequestContext, title: string, content = '<p>Written by the e2e tests.</p>'): Promise<number> {
  const body = await postJson<Envelope & { id: number }>(request, '/api/website/posts/create', { title, content, category: {}, parent: null });
  return body.id;
}

/** Hides (or publishes) a post through the toggle call. */
export async function setPostVisibility(request: APIRequestContext, id: number, isPublic: boolean): Promise<void> {
  await postJson(request, '/api/website/posts/toggle', { id, isPublic });
}

/**
 * Imports a published post dated `date` (e.g. next year: a scheduled post) into the demo school
 * with the operator's `import-wxr`, as a WordPress export would bring it (with a Locked marker in
 * `content`, it is Locked: only content from outside the portal is).
 */
export function importPost(title: string, date: Date, content = '<p>Imported by the e2e tests.</p>'): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-portal-e2e-wxr-'));
  const file = path.join(dir, 'export.xml');
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const gmt = date.toISOString().slice(0, 19).replace('T', ' ');
  const wpId = 900_000 + crypto.randomInt(90_000);
  fs.writeFileSync(
    file,
    `<?xml version="1.0"?><rss xmlns:wp="https://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><wp:wxr_version>1.2</wp:wxr_version>` +
      `<item><title>${title}</title><wp:post_id>${wpId}</wp:post_id><wp:post_type>post</wp:post_type><wp:status>publish</wp:status><wp:post_name>${slug}</wp:post_name>` +
      `<wp:post_date_gmt>${gmt}</wp:post_date_gmt><content:encoded><![CDATA[${content}]]></content:encoded></item></channel></rss>`,
  );
  try {
    runCli(['import-wxr', file, '--school', ADMIN.school]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The id of the demo school's post with this title (unique titles: see uniqueTitle), found through the posts call. */
export async function postIdByTitle(request: APIRequestContext, title: string): Promise<number> {
  const res = await request.get(`/api/website/wordpress/posts?query=${encodeURIComponent(title)}`);
  const body = (await res.json()) as Envelope & { posts?: Array<{ id: number; post_title: string }> };
  const post = body.posts?.find((p) => p.post_title === title);
  if (!post) throw new Error(`No post titled ${title}`);
  return post.id;
}

/** Creates an empty gallery; returns its id. */
export async function createGallery(request: APIRequestContext, title: string): Promise<number> {
  const body = await postJson<Envelope & { id: number }>(request, '/api/website/gallery/new', { title });
  return body.id;
}

/** Uploads an image to a gallery and saves the gallery with it; returns the image id. */
export async function addGalleryImage(request: APIRequestContext, galleryId: number, file: string): Promise<number> {
  const res = await request.post('/api/website/gallery/upload', {
    multipart: { galleryID: String(galleryId), file: { name: path.basename(file), mimeType: 'image/png', buffer: fs.readFileSync(file) } },
  });
  const body = (await res.json()) as Envelope & { id: number };
  expect(body.success, `upload: ${res.status()} ${body.message ?? ''}`).toBe(true);
  await postJson(request, '/api/website/gallery/update', { uploaded: [body.id], galleryID: galleryId });
  return body.id;
}

/** A temporary folder with square PNGs of the given names and colours (made with sharp). */
export async function makePngs(images: Array<{ name: string; colour: { r: number; g: number; b: number } }>): Promise<{ dir: string; files: string[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-portal-e2e-images-'));
  const files: string[] = [];
  for (const { name, colour } of images) {
    const file = path.join(dir, name);
    await sharp({ create: { width: 320, height: 240, channels: 3, background: colour } }).png().toFile(file);
    files.push(file);
  }
  return { dir, files };
}

/** A plain text file in `dir`, for the 'Image files only' check. */
export function makeTextFile(dir: string, name = 'notes.txt'): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, 'Not an image.\n');
  return file;
}

/**
 * Serious and critical axe violations of the portal's page, one line each. Sandboxed frames are
 * left out: they show a school's mail (the outbox, the builder's preview), not the portal, and a
 * frame without scripts (sandbox="") cannot run axe (its evaluation never starts, the run hangs).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).exclude('iframe[sandbox]').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact ?? 'unknown'}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')} — ${v.help}`);
}

/** The newest toast with this text. */
export function toast(page: Page, text: string): Locator {
  return page.locator('.toastify', { hasText: text }).last();
}

/** The body row of a list table whose row header is `title`. */
export function rowOf(table: Locator, title: string): Locator {
  // The row header is the title, or the title then a state badge ('Pending review — …').
  return table.locator('tbody tr').filter({ has: table.page().locator('th[scope="row"]').getByText(title, { exact: true }) });
}

/** Waits until React has hydrated the island that holds `locator` (Astro removes `ssr` then). */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/**
 * Console errors and uncaught page errors from now on (a hydration mismatch shows up here as a
 * React recoverable error).
 */
/**
 * Uppy's thumbnail generator logs this about its own queue when a file leaves (uploaded, or the
 * Dashboard closed with the page) before its preview was drawn: the upload is done, the user sees
 * nothing, and only timing decides it (a second test on the same machine made it appear).
 */
const UPPY_QUEUE_NOTICE = /\[ThumbnailGenerator\] file was removed before a thumbnail could be generated, but not removed from the queue/;

export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !UPPY_QUEUE_NOTICE.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
