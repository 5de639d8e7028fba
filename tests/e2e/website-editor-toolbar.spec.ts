/**
 * The post/page editor's fixed toolbar (issue 29, src/ui/islands/rich-text/EditorToolbar.tsx) in a
 * real browser: Bold on a selected word reaches the saved HTML and its pressed state follows the
 * caret; a paragraph becomes a heading and a list; a press below the blocks places the caret (after
 * a table, in a new paragraph); alignment kept across a conversion; a link with no selection; the WAI-ARIA toolbar keys; it stays in sight while a long post
 * scrolls; on a phone it scrolls inside itself, not the page sideways.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { storageStatePath } from './support/env';
import { seriousViolations, uniqueTitle, watchErrors } from './support/website-lists';

test.use({ storageState: storageStatePath('admin') });

const toolbarOf = (page: Page): Locator => page.getByRole('toolbar', { name: 'Formatting' });

/** Opens the editor and waits until Editor.js is there and the toolbar works. */
async function openEditor(page: Page, url: string): Promise<Locator> {
  await page.goto(url);
  await expect(page.locator('.codex-editor')).toBeVisible({ timeout: 15_000 });
  const toolbar = toolbarOf(page);
  await expect(toolbar.getByRole('button', { name: 'Bold' })).toBeEnabled();
  return toolbar;
}

/** What Create sends; the save runs to its end (the list), as a context closed mid-navigation can hang its teardown. */
async function createdContent(page: Page): Promise<string> {
  const saving = page.waitForRequest('**/api/website/posts/create');
  await page.getByRole('button', { name: 'Create' }).click();
  const content = ((await saving).postDataJSON() as { content: string }).content;
  await expect(page).toHaveURL(/\/website\/posts$/);
  return content;
}

async function postIdByTitle(page: Page, title: string): Promise<number> {
  const res = await page.request.get(`/api/website/wordpress/posts?page=1&limit=100&query=${encodeURIComponent(title)}`);
  const post = ((await res.json()) as { posts: Array<{ id: number; post_title: string }> }).posts.find((p) => p.post_title === title);
  if (!post) throw new Error(`No post titled ${title}.`);
  return post.id;
}

test('Bold makes the selected word bold, says so at the caret, and the saved HTML has it', async ({ page }) => {
  const errors = watchErrors(page);
  const toolbar = await openEditor(page, '/website/posts/edit?new');
  const bold = toolbar.getByRole('button', { name: 'Bold' });
  await expect(bold).toHaveAttribute('title', 'Bold (Ctrl+B)');
  await expect(bold).toHaveAttribute('aria-pressed', 'false');
  await page.getByLabel('Title').fill(uniqueTitle('E2E toolbar bold'));
  await page.locator('.ce-paragraph').first().click();
  await page.keyboard.type('Make this word stand');
  await page.keyboard.press('Control+Shift+ArrowLeft');
  await bold.click();
  await expect(page.locator('.ce-paragraph b')).toHaveText('stand');
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  // The caret at the start of the line is not in bold text; back in the word it is.
  await page.keyboard.press('Home');
  await expect(bold).toHaveAttribute('aria-pressed', 'false');
  await page.locator('.ce-paragraph b').click();
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  expect(await createdContent(page)).toBe('<p>Make this word <b>stand</b></p>');
  expect(errors).toEqual([]);
});

test('Italic, Underline and Link format the selection as the inline tools do', async ({ page }) => {
  const toolbar = await openEditor(page, '/website/posts/edit?new');
  await page.getByLabel('Title').fill(uniqueTitle('E2E toolbar link'));
  await page.locator('.ce-paragraph').first().click();
  await page.keyboard.type('Read the notes');
  await page.keyboard.press('Control+Shift+ArrowLeft');
  await toolbar.getByRole('button', { name: 'Link' }).click();
  const address = toolbar.getByRole('textbox', { name: 'Link address' });
  await expect(address).toBeFocused();
  await address.fill('https://example.org/notes');
  await address.press('Enter');
  await expect(page.locator('.ce-paragraph a')).toHaveAttribute('href', 'https://example.org/notes');
  await expect(toolbar.getByRole('button', { name: 'Link' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Home');
  await page.keyboard.press('Control+Shift+ArrowRight');
  await toolbar.getByRole('button', { name: 'Italic' }).click();
  await toolbar.getByRole('button', { name: 'Underline' }).click();
  await expect(toolbar.getByRole('button', { name: 'Italic' })).toHaveAttribute('aria-pressed', 'true');
  await expect(toolbar.getByRole('button', { name: 'Underline' })).toHaveAttribute('aria-pressed', 'true');
  expect(await createdContent(page)).toBe('<p><i><u class="cdx-underline">Read</u></i> the <a href="https://example.org/notes">notes</a></p>');
});

test('turns a paragraph into a heading, then one into a bulleted list', async ({ page }) => {
  const toolbar = await openEditor(page, '/website/posts/edit?new');
  await page.getByLabel('Title').fill(uniqueTitle('E2E toolbar blocks'));
  await page.locator('.ce-paragraph').first().click();
  await page.keyboard.type('Sports day');
  await expect(toolbar.getByRole('button', { name: 'Paragraph' })).toHaveAttribute('aria-pressed', 'true');
  await toolbar.getByRole('button', { name: 'Heading 2' }).click();
  await expect(page.locator('.codex-editor h2')).toHaveText('Sports day');
  await expect(toolbar.getByRole('button', { name: 'Heading 2' })).toHaveAttribute('aria-pressed', 'true');
  await expect(toolbar.getByRole('button', { name: 'Paragraph' })).toHaveAttribute('aria-pressed', 'false');

  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Bring a hat');
  await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
  await expect(page.locator('.codex-editor ul li')).toHaveText('Bring a hat');
  await expect(toolbar.getByRole('button', { name: 'Bulleted list' })).toHaveAttribute('aria-pressed', 'true');
  // Its tooltip names its shortcut; the shortcut numbers the list.
  await expect(toolbar.getByRole('button', { name: 'Numbered list' })).toHaveAttribute('title', 'Numbered list (Ctrl+Shift+7)');
  await page.keyboard.press('Control+Shift+7');
  await expect(page.locator('.codex-editor ol li')).toHaveText('Bring a hat');
  await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
  await expect(page.locator('.codex-editor ul li')).toHaveText('Bring a hat');

  const content = await createdContent(page);
  expect(content).toContain('<h2>Sports day</h2>');
  expect(content).toMatch(/<ul>\s*<li>Bring a hat<\/li>\s*<\/ul>/);
});

test('aligns the caret\'s block, keeps the alignment when it becomes a heading, and links an address typed with no selection', async ({ page }) => {
  const toolbar = await openEditor(page, '/website/posts/edit?new');
  await page.getByLabel('Title').fill(uniqueTitle('E2E toolbar align'));
  await page.locator('.ce-paragraph').first().click();
  await page.keyboard.type('Term dates');
  const centre = toolbar.getByRole('button', { name: 'Align centre' });
  await expect(toolbar.getByRole('button', { name: 'Align left' })).toHaveAttribute('aria-pressed', 'true');
  await centre.click();
  await expect(centre).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.codex-editor .ce-tune-alignment--center')).toHaveText('Term dates');
  await toolbar.getByRole('button', { name: 'Heading 3' }).click();
  await expect(page.locator('.codex-editor h3')).toHaveText('Term dates');
  await expect(centre).toHaveAttribute('aria-pressed', 'true');

  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('See ');
  await toolbar.getByRole('button', { name: 'Link' }).click();
  const address = toolbar.getByRole('textbox', { name: 'Link address' });
  await address.fill('https://example.org/terms');
  await address.press('Enter');
  await expect(page.locator('.ce-paragraph a')).toHaveText('https://example.org/terms');

  const content = await createdContent(page);
  expect(content).toContain('<h3 style="text-align: center;">Term dates</h3>');
  // (The space typed last before the link is the browser's &nbsp;.)
  expect(content).toMatch(/<p>See(&nbsp;| )<a href="https:\/\/example\.org\/terms">https:\/\/example\.org\/terms<\/a><\/p>/);
});

test('a press below the blocks puts the caret in the text, or in a new paragraph after a table', async ({ page }) => {
  const toolbar = await openEditor(page, '/website/posts/edit?new');
  await page.getByLabel('Title').fill(uniqueTitle('E2E toolbar caret'));
  const body = page.locator('.content-editor-body');
  const box = await body.boundingBox();
  if (!box) throw new Error('No content area.');
  // Far below the one empty paragraph, and in the left margin beside it.
  await page.mouse.click(box.x + box.width / 2, box.y + box.height - 12);
  await page.keyboard.type('Typed below');
  await expect(page.locator('.ce-paragraph').first()).toHaveText('Typed below');
  await page.getByLabel('Title').click();
  const first = await page.locator('.ce-paragraph').first().boundingBox();
  await page.mouse.click(box.x + 8, (first?.y ?? 0) + (first?.height ?? 0) / 2);
  await page.keyboard.press('End');
  await page.keyboard.type(', then beside');
  await expect(page.locator('.ce-paragraph').first()).toHaveText('Typed below, then beside');

  await toolbar.getByRole('button', { name: 'Table' }).click();
  await expect(page.locator('.codex-editor .tc-table')).toHaveCount(1);
  const after = await body.boundingBox();
  await page.mouse.click((after?.x ?? 0) + (after?.width ?? 0) / 2, (after?.y ?? 0) + (after?.height ?? 0) - 12);
  await page.keyboard.type('After the table');
  await expect(page.locator('.ce-block').last().locator('.ce-paragraph')).toHaveText('After the table');
});

test('is one tab stop whose buttons the arrow keys, Home and End move between', async ({ page }) => {
  const toolbar = await openEditor(page, '/website/pages/edit?new');
  await page.getByLabel('Title').focus();
  await page.keyboard.press('Tab');
  const undo = toolbar.getByRole('button', { name: 'Undo' });
  await expect(undo).toBeFocused();
  await expect(undo).toHaveAttribute('title', 'Undo (Ctrl+Z)');
  await page.keyboard.press('ArrowRight');
  await expect(toolbar.getByRole('button', { name: 'Redo' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(toolbar.getByRole('button', { name: 'Bold' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(toolbar.getByRole('button', { name: 'Insert Gallery' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(undo).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(toolbar.getByRole('button', { name: 'Insert Gallery' })).toBeFocused();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  // Only the button last moved to is in the tab order: Shift+Tab leaves, Tab comes back to it.
  expect(await toolbar.locator('button[tabindex="0"]').count()).toBe(1);
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByLabel('Title')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(toolbar.getByRole('button', { name: 'Bold' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
});

test('stays in sight while a long post scrolls', async ({ page }) => {
  const id = await postIdByTitle(page, 'Markup: HTML Tags and Formatting');
  const toolbar = await openEditor(page, `/website/posts/edit?id=${id}`);
  await page.locator('.ce-paragraph').first().click();
  await page.mouse.wheel(0, 2500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1500);
  await expect(toolbar).toBeInViewport({ ratio: 1 });
  // Under the page's header, not behind it.
  const header = await page.locator('.app-header').boundingBox();
  const bar = await toolbar.boundingBox();
  expect(bar?.y ?? 0).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0) - 1);
});

test('on a phone it wraps or scrolls inside itself, never the page sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const toolbar = await openEditor(page, '/website/pages/edit?new');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const bar = await toolbar.boundingBox();
  expect((bar?.x ?? 0) + (bar?.width ?? 0)).toBeLessThanOrEqual(390);
  // A button out of the row's sight is scrolled to when the keyboard reaches it.
  await toolbar.getByRole('button', { name: 'Undo' }).focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  const raw = toolbar.getByRole('button', { name: 'HTML block' });
  await page.keyboard.press('ArrowLeft');
  await expect(raw).toBeFocused();
  await expect(raw).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
