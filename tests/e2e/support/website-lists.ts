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

/** Serious and critical axe violations, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
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
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
