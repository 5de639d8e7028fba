/**
 * Issue 9's editor blocks in a real browser: quotes, code, preformatted text, definition lists and
 * nested lists open as typed blocks and save unchanged; what stays raw HTML shows as its rendered
 * preview with an 'Edit HTML' toggle (keyboard operable); a gallery slider shortcode shows as its
 * gallery's card; an image gets alt text (asked for once it is uploaded) and a caption, and the alt
 * text reaches the public page; typing a Locked marker does not lock a post, an imported one stays
 * Locked and says why.
 */
import { expect, test } from './support/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { storageStatePath } from './support/env';
import { LOCKED_REASON } from '../../src/modules/website/client/islands/RowLinks';
import {
  addGalleryImage,
  createGallery,
  importPost,
  makePngs,
  postIdByTitle,
  rowOf,
  uniqueTitle,
  waitForHydration,
  watchErrors,
} from './support/website-lists';

test.use({ storageState: storageStatePath('admin') });

interface Envelope {
  success: boolean;
  message?: string;
}

async function createPost(request: APIRequestContext, title: string, content: string): Promise<{ id: number; post_url: string }> {
  const res = await request.post('/api/website/posts/create', { data: { title, content, category: {}, parent: null } });
  const body = (await res.json()) as Envelope & { id: number; post_url: string };
  expect(body.success, body.message).toBe(true);
  return body;
}

async function getPost(request: APIRequestContext, id: number): Promise<{ id: number; post_content: string; post_url: string }> {
  const body = (await (await request.get(`/api/website/wordpress/posts/${id}`)).json()) as Envelope & { post: { id: number; post_content: string; post_url: string } };
  expect(body.success, body.message).toBe(true);
  return body.post;
}

async function storedContent(request: APIRequestContext, id: number): Promise<string> {
  return (await getPost(request, id)).post_content;
}

async function openEditor(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('.codex-editor')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: /^(Save|Create)$/ })).toBeEnabled();
}

/** Saves an existing item and waits for the list. */
async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/website\/posts$/);
}

test('a post of quotes, code, preformatted text and lists opens with typed blocks and saves unchanged', async ({ page }) => {
  const errors = watchErrors(page);
  const content = [
    '<blockquote cite="https://example.org/">\n<p>Stay <em>hungry</em>. Stay foolish.</p>\n<cite>Steve Jobs</cite></blockquote>',
    '<pre><code>if (a &lt; b) {\n\treturn "x";\n}</code></pre>',
    '<pre><cite>Robert Frost</cite>\n\tTwo roads diverged      (\\_/)\n\tin a yellow wood\n</pre>',
    '<dl>\n<dt>Startup</dt>\n<dd>A company designed to grow.</dd>\n<dt>#dowork</dt>\n<dd>A motivator.</dd>\n</dl>',
    '<ul>\n<li>one\n<ul>\n<li>nested</li>\n</ul>\n</li>\n<li>two</li>\n</ul>',
  ].join('\n');
  const { id } = await createPost(page.request, uniqueTitle('E2E typed blocks'), content);
  const before = await storedContent(page.request, id);
  expect(before).toBe(content);
  await openEditor(page, `/website/posts/edit?id=${id}`);

  const editor = page.locator('.codex-editor');
  await expect(editor.getByRole('textbox', { name: 'Quote' })).toHaveText('Stay hungry. Stay foolish.');
  await expect(editor.getByRole('textbox', { name: 'Citation (optional)' })).toHaveText('Steve Jobs');
  await expect(editor.getByRole('textbox', { name: 'Code' })).toHaveValue('if (a < b) {\n\treturn "x";\n}');
  await expect(editor.getByRole('textbox', { name: 'Preformatted text' })).toContainText('Two roads diverged      (\\_/)');
  await expect(editor.locator('.editor-dl__row--term')).toHaveCount(2);
  await expect(editor.getByRole('textbox', { name: 'Description' }).first()).toHaveText('A company designed to grow.');
  await expect(editor.locator('.cdx-list')).toHaveCount(1);
  // Nothing of it is a raw HTML block.
  await expect(editor.getByRole('button', { name: 'Edit HTML' })).toHaveCount(0);

  await save(page);
  expect(await storedContent(page.request, id)).toBe(content);
  expect(errors).toEqual([]);
});

test('raw HTML shows as its rendered preview, and Edit HTML shows its source for editing (keyboard)', async ({ page }) => {
  const raw = '<div class="notice"><p>Boxed <strong>notice</strong></p></div>';
  const { id } = await createPost(page.request, uniqueTitle('E2E raw preview'), `<p>Before</p>\n${raw}\n<p>After</p>`);
  await openEditor(page, `/website/posts/edit?id=${id}`);

  const block = page.locator('.editor-raw');
  const preview = block.getByRole('group', { name: 'HTML block' });
  await expect(preview.locator('strong')).toHaveText('notice');
  await expect(preview).not.toContainText('<div');
  const source = block.getByRole('textbox', { name: 'HTML source' });
  await expect(source).toBeHidden();

  const toggle = block.getByRole('button', { name: 'Edit HTML' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(source).toBeVisible();
  await expect(source).toBeFocused();
  await expect(source).toHaveValue(raw);
  await expect(preview).toBeHidden();

  await source.fill('<div class="notice"><p>Edited <em>notice</em></p></div>');
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(preview.locator('em')).toHaveText('notice');
  await save(page);
  expect(await storedContent(page.request, id)).toBe('<p>Before</p>\n<div class="notice"><p>Edited <em>notice</em></p></div>\n<p>After</p>');
});

test('a gallery slider shortcode shows as its gallery card and saves as the same shortcode', async ({ page }) => {
  const galleryTitle = uniqueTitle('E2E card gallery');
  const galleryId = await createGallery(page.request, galleryTitle);
  const { files } = await makePngs([
    { name: 'first.png', colour: { r: 200, g: 40, b: 40 } },
    { name: 'second.png', colour: { r: 40, g: 200, b: 40 } },
  ]);
  for (const file of files) await addGalleryImage(page.request, galleryId, file);
  const content = `<p>Our trip.</p>\n<p>[gallery_slider id="${galleryId}"]</p>`;
  const { id } = await createPost(page.request, uniqueTitle('E2E gallery card'), content);
  await openEditor(page, `/website/posts/edit?id=${id}`);

  const card = page.getByRole('group', { name: `Gallery slider: ${galleryTitle}` });
  await expect(card).toContainText(`Gallery: ${galleryTitle}`);
  await expect(card).toContainText('2 images');
  await expect(card.locator('img')).toHaveCount(2);
  await expect(card.locator('img').first()).toHaveJSProperty('complete', true);
  expect(await card.locator('img').first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.locator('.ce-paragraph', { hasText: 'gallery_slider' })).toHaveCount(0);

  await save(page);
  expect(await storedContent(page.request, id)).toBe(content);
});

test('the text colour and size tools write <span style>, not <font>', async ({ page }) => {
  const { id } = await createPost(page.request, uniqueTitle('E2E colour'), '<p>Make this red</p>');
  await openEditor(page, `/website/posts/edit?id=${id}`);
  const paragraph = page.locator('.ce-paragraph', { hasText: 'Make this red' });
  for (const [tool, choice] of [
    ['textColor', 'Red'],
    ['fontSize', 'Larger'],
  ] as const) {
    await paragraph.click();
    await page.keyboard.press('End');
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('Shift+ArrowLeft');
    await page.locator(`.ce-inline-toolbar [data-item-name="${tool}"]`).click();
    await page.locator('.ce-inline-toolbar .ce-popover-item', { hasText: choice }).first().click();
  }
  await save(page);
  const stored = await storedContent(page.request, id);
  expect(stored).not.toContain('<font');
  expect(stored).toMatch(/^<p>Make this <span style="(color: #d63939|font-size: x-large);">(<span style="(color: #d63939|font-size: x-large);">)?red(<\/span>)?<\/span><\/p>$/);
  expect(stored).toContain('color: #d63939;');
  expect(stored).toContain('font-size: x-large;');
});

test('an image gets alt text (asked for once uploaded) and a caption, and the alt text reaches the public page', async ({ page }) => {
  const { files } = await makePngs([{ name: 'planting.png', colour: { r: 30, g: 120, b: 200 } }]);
  const title = uniqueTitle('E2E alt text');
  await openEditor(page, '/website/posts/edit?new');
  await page.getByLabel('Title').fill(title);
  await page.locator('.ce-paragraph').first().click();
  await page.keyboard.type('Spring term.');
  await page.keyboard.press('Enter');
  await page.locator('.ce-toolbar__plus').click();
  await page.locator('.ce-popover-item[data-item-name="image"]').click();
  const uploading = page.waitForResponse('**/api/website/media/upload/builder');
  const chooser = page.waitForEvent('filechooser');
  await page.locator('.image-tool .cdx-button').click();
  await (await chooser).setFiles(files[0] ?? '');
  expect((await uploading).ok()).toBe(true);
  await expect(page.locator('.image-tool__image-picture')).toHaveAttribute('src', /^\/uploads\/demo\.school\//);

  const alt = page.getByRole('textbox', { name: 'Alt text' });
  await expect(alt).toBeFocused();
  await alt.pressSequentially('Pupils planting "trees" & flowers');
  // The caption is optional: the image's settings add it.
  await page.locator('.image-tool__image-picture').click();
  await page.locator('.ce-toolbar__settings-btn').click();
  await page.locator('.ce-popover-item[data-item-name="caption"]').click();
  await page.locator('.image-tool__caption').click();
  await page.keyboard.type('Year 3 in the garden');

  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/website\/posts$/);
  const created = await getPost(page.request, await postIdByTitle(page.request, title));
  const stored = created.post_content;
  expect(stored).toMatch(
    /<figure><img src="\/uploads\/demo\.school\/[^"]+" alt="Pupils planting &quot;trees&quot; &amp; flowers" ?\/?><figcaption>Year 3 in the garden<\/figcaption><\/figure>$/,
  );

  // The alt text is what the public page's image says (/sites/<label>/posts/<slug>).
  expect(created.post_url).toMatch(/^\/sites\/demo\.school\/posts\//);
  await page.goto(created.post_url);
  await expect(page.getByRole('img', { name: 'Pupils planting "trees" & flowers' })).toBeVisible();
  await expect(page.getByText('Year 3 in the garden')).toBeVisible();

  // ... and it can be changed later.
  await openEditor(page, `/website/posts/edit?id=${created.id}`);
  await expect(page.getByRole('textbox', { name: 'Alt text' })).toHaveValue('Pupils planting "trees" & flowers');
  await page.getByRole('textbox', { name: 'Alt text' }).fill('Pupils planting trees');
  await save(page);
  expect(await storedContent(page.request, created.id)).toContain('alt="Pupils planting trees"');
});

test('typing a Locked marker leaves a post editable; an imported one stays Locked and says why', async ({ page }) => {
  const title = uniqueTitle('E2E typed marker');
  await openEditor(page, '/website/posts/edit?new');
  await page.getByLabel('Title').fill(title);
  await page.locator('.ce-paragraph').first().click();
  await page.keyboard.type('We used [vc_row] and border-collapse: collapse; once.');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/website\/posts$/);

  const importedTitle = uniqueTitle('E2E imported marker');
  importPost(importedTitle, new Date(), '[vc_row][vc_column]<p>Built with a page builder.</p>[/vc_column][/vc_row]');

  const table = page.getByRole('table', { name: 'Posts' });
  await page.goto(`/website/posts?query=${encodeURIComponent(title)}`);
  await waitForHydration(page);
  await expect(rowOf(table, title).getByRole('link', { name: `Edit ${title}` })).toBeVisible();
  await expect(rowOf(table, title).getByRole('button', { name: /^Locked/ })).toHaveCount(0);
  const id = await postIdByTitle(page.request, title);
  await openEditor(page, `/website/posts/edit?id=${id}`);
  // It opens (its shortcode-like text stays raw HTML, shown as it reads).
  await expect(page.getByRole('heading', { name: 'This post is locked' })).toHaveCount(0);
  await expect(page.locator('.codex-editor').getByText('We used [vc_row] and border-collapse: collapse; once.')).toBeVisible();

  await page.goto(`/website/posts?query=${encodeURIComponent(importedTitle)}`);
  await waitForHydration(page);
  const locked = rowOf(table, importedTitle).getByRole('button', { name: `Locked: ${importedTitle} cannot be edited here` });
  await expect(locked).toHaveText('Locked');
  await expect(locked).toBeDisabled();
  await expect(locked).toHaveAttribute('title', LOCKED_REASON);
  // Screen readers hear the reason too (its description), and the keyboard reaches it.
  await expect(locked).toHaveAccessibleDescription(LOCKED_REASON);
  await locked.focus();
  await expect(locked).toBeFocused();
  await locked.click({ force: true });
  await expect(page).toHaveURL(/\/website\/posts\?query=/);
});
