/**
 * The page/post editor (/website/posts/edit, /website/pages/edit) in a real browser: the lossless
 * round trip on the demo school's imported theme test data (open, save unchanged, the stored
 * content is DOM-equivalent), an edit rewriting only its paragraph, and the screen's parts:
 * titles, categories, menu parent, attachment, gallery, image upload, failures, locked content.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { expect, test } from './support/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { storageStatePath } from './support/env';
import { importPost, seriousViolations, toast, uniqueTitle, watchErrors } from './support/website-lists';
import { domDifference, type ParseHtml } from '../../src/lib/editor-html';

test.use({ storageState: storageStatePath('admin') });

const dom = new JSDOM('<!doctype html><body></body>');
const parse: ParseHtml = (html) => {
  const holder = dom.window.document.createElement('div');
  holder.innerHTML = html;
  return holder;
};

interface Item {
  id: number;
  post_title: string;
  post_content: string;
  post_category?: string;
}

interface Envelope {
  success: boolean;
  message?: string;
}

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  const body = (await res.json()) as T & Envelope;
  expect(body.success, `${url}: ${res.status()} ${body.message ?? ''}`).toBe(true);
  return body;
}

async function postJson<T>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
  const res = await request.post(url, { data });
  const body = (await res.json()) as T & Envelope;
  expect(body.success, `${url}: ${res.status()} ${body.message ?? ''}`).toBe(true);
  return body;
}

/** The demo school's post or page titled exactly `title`. */
async function findItem(request: APIRequestContext, kind: 'post' | 'page', title: string): Promise<Item> {
  const list = await getJson<{ posts?: Item[]; pages?: Item[] }>(
    request,
    `/api/website/wordpress/${kind}s?page=1&limit=100&query=${encodeURIComponent(title)}`,
  );
  const item = (kind === 'post' ? list.posts : list.pages)?.find((i) => i.post_title === title);
  if (!item) throw new Error(`The demo school has no ${kind} titled ${title}.`);
  return item;
}

async function getItem(request: APIRequestContext, kind: 'post' | 'page', id: number): Promise<Item & { parent?: string | null }> {
  const body = await getJson<{ post?: Item; page?: Item & { parent: string | null } }>(request, `/api/website/wordpress/${kind}s/${id}`);
  const item = kind === 'post' ? body.post : body.page;
  if (!item) throw new Error(`No ${kind} ${id}.`);
  return item;
}

/** Opens the editor and waits until Editor.js has rendered the content and Save can be pressed. */
async function openEditor(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('.codex-editor')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: /^(Save|Create)$/ })).toBeEnabled();
}

/** The success toast goes with the user to the list (src/lib/browser/flash.ts) and shows there. */
async function expectToastOnList(page: Page, listPath: string, text: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${listPath}$`));
  await expect(toast(page, text)).toBeVisible();
}

async function pngFile(name: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-portal-e2e-editor-'));
  const file = path.join(dir, name);
  await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toFile(file);
  return file;
}

test.describe('lossless round trip of the imported theme test data', () => {
  const pages = ['Page Markup And Formatting', 'Page Image Alignment', 'Lorem Ipsum', 'Ελληνικά-Greek', 'Clearing Floats'];
  const posts = ['Markup: HTML Tags and Formatting', 'Edge Case: Nested And Mixed Lists', 'Block category: Common', 'Markup: Text Alignment'];

  for (const title of pages) {
    test(`page "${title}": open and save unchanged keeps the content`, async ({ page }) => {
      const errors = watchErrors(page);
      const { id } = await findItem(page.request, 'page', title);
      const before = await getItem(page.request, 'page', id);
      await openEditor(page, `/website/pages/edit?id=${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Edit Page' })).toBeVisible();
      await expect(page.getByLabel('Title')).toHaveValue(before.post_title);
      await page.getByRole('button', { name: 'Save' }).click();
      await expectToastOnList(page, '/website/pages', 'Success! Page has been updated');
      const after = await getItem(page.request, 'page', id);
      expect(after.post_title).toBe(before.post_title);
      expect(after.parent).toBe(before.parent);
      expect(domDifference(before.post_content, after.post_content, parse)).toBeNull();
      expect(errors).toEqual([]);
    });
  }

  for (const title of posts) {
    test(`post "${title}": open and save unchanged keeps the content and categories`, async ({ page }) => {
      const { id } = await findItem(page.request, 'post', title);
      const before = await getItem(page.request, 'post', id);
      await openEditor(page, `/website/posts/edit?id=${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Edit Post' })).toBeVisible();
      // Its categories are ticked by name once they have loaded.
      const ticked = (before.post_category ?? '').split(', ').filter(Boolean);
      for (const name of ticked) await expect(page.getByRole('checkbox', { name, exact: true }).first()).toBeChecked();
      await page.getByRole('button', { name: 'Save' }).click();
      await expectToastOnList(page, '/website/posts', 'Success! Post has been updated.');
      const after = await getItem(page.request, 'post', id);
      expect(after.post_category).toBe(before.post_category);
      expect(domDifference(before.post_content, after.post_content, parse)).toBeNull();
    });
  }
});

test('editing one paragraph rewrites only that paragraph', async ({ page }) => {
  const content = [
    '<p>First paragraph, <strong>untouched</strong>.</p>',
    '<p style="text-align:center;">Second<br />paragraph.</p>',
    '<div class="notice"><p>A raw block</p></div>',
    '<p>Third paragraph.</p>',
  ].join('\n');
  const title = uniqueTitle('E2E one edit');
  const { id } = await postJson<{ id: number }>(page.request, '/api/website/posts/create', { title, content, category: {}, parent: null });
  const before = await getItem(page.request, 'post', id);

  await openEditor(page, `/website/posts/edit?id=${id}`);
  const third = page.locator('.ce-paragraph', { hasText: 'Third paragraph.' });
  await third.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Now edited.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/website\/posts$/);

  const after = await getItem(page.request, 'post', id);
  const expected = before.post_content.replace('<p>Third paragraph.</p>', '<p>Third paragraph. Now edited.</p>');
  expect(expected).not.toBe(before.post_content);
  expect(domDifference(expected, after.post_content, parse)).toBeNull();
  // Every other block is stored exactly as it was.
  for (const part of before.post_content.split('\n').filter((line) => !line.includes('Third'))) expect(after.post_content).toContain(part);
});

test.describe('Create Post', () => {
  test('writes a new post with Newsflash pre-ticked, then goes back to the list', async ({ page }) => {
    const errors = watchErrors(page);
    await openEditor(page, '/website/posts/edit?new');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Post' })).toBeVisible();
    await expect(page).toHaveTitle(/Create Post/);
    await expect(page.getByRole('checkbox', { name: 'Newsflash', exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Newsletters', exact: true })).not.toBeChecked();
    await page.getByRole('checkbox', { name: 'Newsletters', exact: true }).check();
    // No Menu Parent and no Insert Gallery on posts.
    await expect(page.getByLabel('Menu Parent')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Insert Gallery' })).toHaveCount(0);

    const title = uniqueTitle('E2E created post');
    await page.getByLabel('Title').fill(title);
    await page.locator('.ce-paragraph').first().click();
    await page.keyboard.type('Plain text, then ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('bold');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('.');

    const saving = page.waitForRequest('**/api/website/posts/create');
    await page.getByRole('button', { name: 'Create' }).click();
    const payload = (await saving).postDataJSON() as { id: unknown; title: string; content: string; category: Record<string, string>; parent: unknown };
    expect(payload.title).toBe(title);
    expect(payload.id).toBeNull();
    expect(payload.parent).toBeNull();
    expect(Object.values(payload.category).sort()).toEqual(['Newsflash', 'Newsletters']);
    expect(Object.keys(payload.category).every((key) => /^\d+$/.test(key))).toBe(true);
    expect(payload.content).toBe('<p>Plain text, then <b>bold</b>.</p>');
    await expectToastOnList(page, '/website/posts', 'Success! Post has been published.');

    // Newest first: the new post is on page 1, Public, and View opens it on the school's site.
    const row = page.locator('#posts-table tbody tr').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Public');
    const [site] = await Promise.all([page.waitForEvent('popup'), row.getByRole('link', { name: `View ${title} (opens in a new tab)` }).click()]);
    await expect(site.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(site.getByText('Plain text, then bold.')).toBeVisible();
    await site.close();

    const created = await findItem(page.request, 'post', title);
    expect((created.post_category ?? '').split(', ').sort()).toEqual(['Newsflash', 'Newsletters']);
    expect(errors).toEqual([]);
  });

  test('keeps everything typed when the save fails', async ({ page }) => {
    await openEditor(page, '/website/posts/edit?new');
    await page.route('**/api/website/posts/create', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, isAuthFailed: false }) }),
    );
    await page.getByLabel('Title').fill('Not saved');
    await page.locator('.ce-paragraph').first().click();
    await page.keyboard.type('Still here.');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, 'Error! Please try again.')).toBeVisible();
    await expect(page).toHaveURL(/\/website\/posts\/edit\?new$/);
    await expect(page.getByLabel('Title')).toHaveValue('Not saved');
    await expect(page.locator('.ce-paragraph').first()).toHaveText('Still here.');
    await expect(page.getByRole('button', { name: 'Create' })).toBeEnabled();
  });

  test('says when the categories cannot be loaded', async ({ page }) => {
    await page.route('**/api/website/wordpress/categories', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, isAuthFailed: false }) }),
    );
    await page.goto('/website/posts/edit?new');
    // The editor's island (Editor.js) loads first: allow for a slow machine.
    await expect(toast(page, "Failed! Couldn't load categories")).toBeVisible({ timeout: 10_000 });
  });

  test('Cancel goes back to the list without saving', async ({ page }) => {
    await openEditor(page, '/website/posts/edit?new');
    await page.getByLabel('Title').fill('Cancelled');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/website\/posts$/);
  });
});

test.describe('Create Page', () => {
  test('inserts a gallery and an attachment, takes a menu parent, and is held for review', async ({ page }) => {
    const galleryTitle = uniqueTitle('E2E editor gallery');
    const { id: galleryId } = await postJson<{ id: number }>(page.request, '/api/website/gallery/new', { title: galleryTitle });
    const parent = await findItem(page.request, 'page', 'About The Tests');

    await openEditor(page, '/website/pages/edit?new');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Page' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Category' })).toHaveCount(0);
    const menuParent = page.getByLabel('Menu Parent');
    await expect(menuParent).toHaveValue('');
    await expect(menuParent.locator('option').first()).toHaveText('Top Level');
    await expect(menuParent.locator('option', { hasText: 'About The Tests' })).toHaveCount(1);
    await menuParent.selectOption({ label: 'About The Tests' });

    const title = uniqueTitle('E2E created page');
    await page.getByLabel('Title').fill(title);
    await page.locator('.ce-paragraph').first().click();
    await page.keyboard.type('Our sports day.');

    await page.getByRole('button', { name: 'Insert Gallery' }).click();
    const list = page.locator('.editor-gallery-list');
    await expect(list).toBeVisible();
    expect(await list.evaluate((el) => [getComputedStyle(el).maxHeight, getComputedStyle(el).overflowY])).toEqual(['200px', 'auto']);
    await list.getByRole('button', { name: galleryTitle }).click();
    // The shortcode shows as the gallery's card (an empty gallery: no thumbnails), saved as the shortcode.
    await expect(page.getByRole('group', { name: `Gallery slider: ${galleryTitle}` })).toContainText('No images yet');

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-portal-e2e-editor-'));
    const pdf = path.join(dir, 'Term dates.pdf');
    fs.writeFileSync(pdf, '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const uploading = page.waitForResponse('**/api/website/media/upload');
    await page.getByLabel('Attachment file').setInputFiles(pdf);
    expect((await uploading).ok()).toBe(true);
    const link = page.locator('.ce-paragraph a', { hasText: 'Term dates' });
    await expect(link).toHaveAttribute('href', /^\/uploads\/demo\.school\//);

    const saving = page.waitForRequest('**/api/website/pages/create');
    await page.getByRole('button', { name: 'Create' }).click();
    const payload = (await saving).postDataJSON() as { content: string; parent: unknown; category: unknown };
    expect(payload.parent).toBe('About The Tests');
    expect(payload.category).toEqual({});
    expect(payload.content).toContain(`<p>Our sports day.</p>\n<p>[gallery_slider id="${galleryId}"]</p>\n<p><a href="/uploads/demo.school/`);
    await expectToastOnList(page, '/website/pages', 'Success! Page will be published within 24 hours.');

    const created = await findItem(page.request, 'page', title);
    expect((await getItem(page.request, 'page', created.id)).parent).toBe(parent.post_title);
  });

  test('uploads an image through the builder upload and marks it Responsive', async ({ page }) => {
    const file = await pngFile('playground.png');
    await openEditor(page, '/website/pages/edit?new');
    await page.getByLabel('Title').fill(uniqueTitle('E2E image page'));
    await page.locator('.ce-paragraph').first().click();
    await page.locator('.ce-toolbar__plus').click();
    await page.locator('.ce-popover-item[data-item-name="image"]').click();
    const uploading = page.waitForResponse('**/api/website/media/upload/builder');
    const chooser = page.waitForEvent('filechooser');
    await page.locator('.image-tool .cdx-button').click();
    await (await chooser).setFiles(file);
    expect((await uploading).ok()).toBe(true);
    const img = page.locator('.image-tool__image-picture');
    await expect(img).toHaveAttribute('src', /^\/uploads\/demo\.school\//);

    await img.click();
    await page.locator('.ce-toolbar__settings-btn').click();
    await page.locator('.ce-popover-item[data-item-name="responsive"]').click();
    const saving = page.waitForRequest('**/api/website/pages/create');
    await page.getByRole('button', { name: 'Create' }).click();
    const payload = (await saving).postDataJSON() as { content: string };
    expect(payload.content).toMatch(/^<p><img src="\/uploads\/demo\.school\/[^"]+" alt="" class="Responsive"><\/p>$/);
    // The save runs to its end (the list and its toast): a context closed mid-navigation once hung its teardown.
    await expectToastOnList(page, '/website/pages', 'Success! Page will be published within 24 hours.');
  });

  test('says when the galleries cannot be loaded', async ({ page }) => {
    await page.route('**/api/website/wordpress/galleries/min', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, isAuthFailed: false }) }),
    );
    await page.goto('/website/pages/edit?new');
    await expect(toast(page, "Failed! Couldn't load galleries")).toBeVisible();
  });
});

test.describe('the editor screen', () => {
  test('Edit Page has no Menu Parent, and the content area is at least 300 px high', async ({ page }) => {
    const { id } = await findItem(page.request, 'page', 'Page B');
    await openEditor(page, `/website/pages/edit?id=${id}`);
    await expect(page).toHaveTitle(/Edit Page/);
    await expect(page.getByLabel('Menu Parent')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Insert Gallery' })).toBeVisible();
    const box = await page.getByRole('group', { name: 'Content' }).boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(300);
    // No menu bar: one fixed toolbar above the content (website-editor-toolbar.spec.ts).
    await expect(page.getByRole('menubar')).toHaveCount(0);
    await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
  });

  test("a paragraph's alignment buttons have names and say which one is on", async ({ page }) => {
    await openEditor(page, '/website/pages/edit?new');
    await page.locator('.ce-paragraph').first().click();
    await page.keyboard.type('Centre me');
    // Editor.js hides a lone block's settings handle; with a second block it shows for the first.
    await page.keyboard.press('Enter');
    await page.keyboard.type('Second');
    await page.locator('.ce-paragraph').first().click();
    await page.locator('.ce-toolbar__settings-btn').click();
    // The block's own settings (the fixed toolbar has buttons of the same names).
    const settings = page.locator('.ce-popover--opened');
    const left = settings.getByRole('button', { name: 'Align left' });
    const centre = settings.getByRole('button', { name: 'Align centre' });
    await expect(left).toHaveAttribute('aria-pressed', 'true');
    await expect(settings.getByRole('button', { name: 'Align right' })).toHaveAttribute('aria-pressed', 'false');
    await centre.click();
    await expect(centre).toHaveAttribute('aria-pressed', 'true');
    await expect(left).toHaveAttribute('aria-pressed', 'false');
  });

  test('the item is in the first HTML (the mode rides in the address)', async ({ page }) => {
    const { id } = await findItem(page.request, 'page', 'Lorem Ipsum');
    const html = await (await page.request.get(`/website/pages/edit?id=${id}`)).text();
    expect(html).toContain('Edit Page');
    expect(html).toContain('Lorem Ipsum');
  });

  test('an unknown id goes back to the list with the failure toast', async ({ page }) => {
    await page.goto('/website/posts/edit?id=999999999');
    await expectToastOnList(page, '/website/posts', 'Failed! Please try again!');
    await page.goto('/website/pages/edit?id=not-a-number');
    await expectToastOnList(page, '/website/pages', 'Failed! Please try again!');
  });

  test('locked content is not opened for editing', async ({ page }) => {
    const title = uniqueTitle('E2E locked');
    // Only content from outside the portal is Locked: imported.
    importPost(title, new Date(), '<p>[vc_row][vc_column]Built elsewhere[/vc_column][/vc_row]</p>');
    const { id } = await findItem(page.request, 'post', title);
    await page.goto(`/website/posts/edit?id=${id}`);
    await expect(page.getByRole('alert')).toContainText('This post is locked');
    await expect(page.locator('.codex-editor')).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to Manage Posts' }).click();
    await expect(page).toHaveURL(/\/website\/posts$/);
  });

  test('has no serious or critical axe violations', async ({ page }) => {
    const { id } = await findItem(page.request, 'page', 'About The Tests');
    await openEditor(page, `/website/pages/edit?id=${id}`);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
