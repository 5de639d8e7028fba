import { expect, test } from './support/test';
import { PASSWORD, runCli, storageStatePath } from './support/env';
import fs from 'node:fs';
import { makePngs, seriousViolations, toast, uniqueTitle, waitForHydration } from './support/website-lists';
import type { Locator, Page } from '@playwright/test';

/**
 * The newsletter builder (/newsletter/send/builder) as the demo school's admin: real pointer
 * drags (SortableJS), the Style tab, delete and undo, the keyboard moves, save and reload, new
 * and templates, Preview; and a school without the builder.
 */

const BUILDER = '/newsletter/send/builder';

/** Starts a build of its own and opens the builder on it (?id=N: other specs make builds too). */
async function openNewBuild(page: Page): Promise<{ id: number; name: string }> {
  const name = uniqueTitle('E2E build');
  const res = await page.request.post('/api/newsletter/send/builder/new', {
    data: { name },
  });
  const body = (await res.json()) as {
    success: boolean;
    build: { id: number; name: string };
  };
  expect(body.success).toBe(true);
  await page.goto(`${BUILDER}?id=${body.build.id}`);
  await waitForHydration(page);
  await expect(page.locator('.nb-build-name')).toHaveText(name);
  await expect(page.locator('[data-list="body"][data-sortable="ready"]')).toBeAttached();
  return body.build;
}

const list = (page: Page, key: string) => page.locator(`[data-list="${key}"]`);
/** The blocks directly in a list (not those in its columns' cells). */
const blocksIn = (page: Page, key: string) => list(page, key).locator(':scope > .nb-item > .nb-block');
/** A block's toolbar button, as a mouse user reaches it: the toolbar shows while the block is hovered. */
async function blockButton(page: Page, type: string, name: string): Promise<Locator> {
  const block = page.locator(`.nb-block[data-type="${type}"]`).first();
  await block.hover({ position: { x: 8, y: 8 } });
  return block.locator(':scope > .nb-block-bar').getByRole('button', { name, exact: true });
}
const paletteItem = (page: Page, label: string) =>
  page.locator('.nb-palette-item').filter({
    has: page.getByRole('button', { name: new RegExp(`^${label}`) }),
  });

/**
 * A pointer drag in small steps, as a person makes it (SortableJS listens to pointer events):
 * from the middle of `source` to the top, middle or bottom edge of `target`.
 */
async function drag(page: Page, source: Locator, target: Locator, where: 'top' | 'middle' | 'bottom' = 'middle'): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  await source.scrollIntoViewIfNeeded();
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('Nothing to drag from or to.');
  const x = from.x + Math.min(from.width / 2, 40);
  const y = from.y + Math.min(from.height / 2, 12);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 8, y + 8, { steps: 4 });
  // The lists open a gap where the block would land, so the target moves while the pointer
  // travels: follow it, as a person's hand would.
  let box = to;
  for (let i = 0; i < 4; i++) {
    const ty = where === 'top' ? box.y + 6 : where === 'bottom' ? box.y + box.height - 6 : box.y + box.height / 2;
    await page.mouse.move(box.x + box.width / 2 + i, ty, {
      steps: i === 0 ? 20 : 4,
    });
    box = (await target.boundingBox()) ?? box;
  }
  await page.mouse.up();
}

test.describe('Newsletter Builder', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('drags blocks in, into a column, refuses a column in a column, and styles a block live', async ({ page }) => {
    await openNewBuild(page);
    const tabs = page.getByRole('tablist', { name: 'Builder' }).getByRole('tab');
    await expect(tabs).toHaveText(['1 Blocks', '2 Style', '3 Send']);
    // The tabs follow the arrow keys, as a tab list does.
    await tabs.first().focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: '3 Send' })).toBeFocused();
    await expect(page.getByRole('tab', { name: '3 Send' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(page.getByRole('tab', { name: '1 Blocks' })).toHaveAttribute('aria-selected', 'true');
    await expect(blocksIn(page, 'body')).toHaveCount(1);

    // Text under the starter paragraph, Image into the empty header.
    await drag(page, paletteItem(page, 'Text'), blocksIn(page, 'body').first(), 'bottom');
    await expect(blocksIn(page, 'body')).toHaveCount(2);
    await expect(blocksIn(page, 'body').nth(1)).toHaveAttribute('data-type', 'text');
    await drag(page, paletteItem(page, 'Image'), list(page, 'header'));
    await expect(blocksIn(page, 'header')).toHaveCount(1);
    await expect(blocksIn(page, 'header').first()).toContainText('No image yet');

    // A columns block in the footer; the image goes into its left cell.
    await drag(page, paletteItem(page, 'Columns'), list(page, 'footer'));
    const columnsBlock = blocksIn(page, 'footer').first();
    await expect(columnsBlock).toHaveAttribute('data-type', 'columns');
    // The cells by their list names: while a block is dragged, its placeholder sits in the lists too.
    const columnsId = await columnsBlock.getAttribute('data-block-id');
    const left = list(page, `cell:${columnsId}:0`);
    await drag(page, blocksIn(page, 'header').first(), left);
    await expect(blocksIn(page, 'header')).toHaveCount(0);
    await expect(left.locator('.nb-block')).toHaveCount(1);
    await expect(left.locator('.nb-block').first()).toHaveAttribute('data-type', 'image');

    // A columns block dropped into a column: the spec's error, and nothing moved.
    const right = list(page, `cell:${columnsId}:1`);
    await drag(page, paletteItem(page, 'Columns'), right);
    await expect(toast(page, 'Error! You cannot have a column within a column!')).toBeVisible();
    await expect(right.locator('.nb-block')).toHaveCount(0);
    await expect(page.locator('.nb-block[data-type="columns"]')).toHaveCount(1);

    // Clicking a block opens '2 Style' with its settings, applied as they change.
    await left.locator('.nb-block').first().locator('.nb-image').click();
    await expect(page.getByRole('tab', { name: '2 Style' })).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel', { name: '2 Style' });
    await expect(panel.getByRole('heading', { name: 'Image block' })).toBeVisible();
    await panel.getByLabel('Alt text').fill('Our school');
    await panel.getByLabel('Image fit').selectOption({ label: 'Fit inside container' });
    await panel.getByRole('group', { name: 'Padding' }).getByLabel('Top').fill('40');
    await panel.getByLabel('Background').fill('#ffeeaa');
    const box = left.locator('.nb-block-box').first();
    await expect(box).toHaveCSS('padding-top', '40px');
    await expect(box).toHaveCSS('background-color', 'rgb(255, 238, 170)');

    // Its picture is uploaded (POST …/builder/upload) and shown with the alt text.
    const { dir, files } = await makePngs([{ name: 'school.png', colour: { r: 30, g: 90, b: 160 } }]);
    try {
      await left.locator('.nb-image input[type="file"]').setInputFiles(files[0]!);
      await expect(left.getByRole('img', { name: 'Our school' })).toHaveAttribute('src', /\S/);
      await expect(left.getByRole('img', { name: 'Our school' })).toHaveJSProperty('complete', true);
      expect(await left.getByRole('img', { name: 'Our school' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('deletes a block and restores it from the toast; moves one with its buttons and undoes with Ctrl+Z', async ({ page }) => {
    await openNewBuild(page);
    const palette = page.getByRole('tabpanel', { name: '1 Blocks' });
    await palette.getByRole('button', { name: /^Divider/ }).click();
    await palette.getByRole('button', { name: /^Spacer/ }).click();
    await expect(blocksIn(page, 'body')).toHaveCount(3);
    const types = () => blocksIn(page, 'body').evaluateAll((blocks) => blocks.map((b) => b.getAttribute('data-type')));
    await expect.poll(types).toEqual(['text', 'divider', 'spacer']);

    // Delete the divider, then the toast's click puts it back where it was.
    await (await blockButton(page, 'divider', 'Delete Divider block')).click();
    await expect(blocksIn(page, 'body')).toHaveCount(2);
    await expect.poll(types).toEqual(['text', 'spacer']);
    await toast(page, 'Deleted Section. Click here to undo.').click();
    await expect(blocksIn(page, 'body')).toHaveCount(3);
    await expect.poll(types).toEqual(['text', 'divider', 'spacer']);

    // Keyboard: move the spacer up twice with its button (focus stays on it), then Ctrl+Z once.
    const up = page.getByRole('button', { name: 'Move Spacer block up' });
    await up.focus();
    await page.keyboard.press('Enter');
    await expect(up).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(types).toEqual(['spacer', 'text', 'divider']);
    await page.keyboard.press('Control+z');
    await expect.poll(types).toEqual(['text', 'spacer', 'divider']);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(types).toEqual(['spacer', 'text', 'divider']);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(types).toEqual(['text', 'spacer', 'divider']);

    // Into a column and out again without a mouse.
    await palette.getByRole('button', { name: /^Columns/ }).click();
    await (await blockButton(page, 'divider', 'Move Divider block down')).click();
    await expect.poll(types).toEqual(['text', 'spacer', 'columns', 'divider']);
    await (await blockButton(page, 'divider', 'Into column')).click();
    await expect(page.locator('[data-list^="cell:"] .nb-block[data-type="divider"]')).toHaveCount(1);
    await (await blockButton(page, 'divider', 'Out of column')).click();
    await expect.poll(types).toEqual(['text', 'spacer', 'columns', 'divider']);

    // Moves are not saved yet: leaving asks first.
    await page.locator('#app-sidebar').getByRole('link', { name: 'Simple Newsletter' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/newsletter\/send\/builder\?id=\d+$/);
  });

  test('saves and reloads the same build, starts a named one, and loads the first back as a template', async ({ page }) => {
    const first = await openNewBuild(page);
    const text = page.locator('[data-list="body"] .nb-text').first();
    await text.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Sports day is on Friday.');
    // A second line, made bold and 22 px with the text's toolbar (the selection survives the size list taking focus).
    await page.keyboard.press('Enter');
    await page.keyboard.type('Bring a hat.');
    await page.keyboard.press('Shift+Home');
    const formatting = page.getByRole('toolbar', { name: 'Text formatting' });
    await formatting.getByRole('button', { name: 'Bold' }).click();
    await formatting.getByLabel('Text size').selectOption('22');
    await expect(text.locator('b')).toHaveText('Bring a hat.');
    await expect(text.locator('span[style*="font-size: 22px"]')).toHaveText('Bring a hat.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Newsletter saved successfully!')).toBeVisible();

    await page.reload();
    await waitForHydration(page);
    await expect(page.locator('.nb-build-name')).toHaveText(first.name);
    const reloaded = page.locator('[data-list="body"] .nb-text').first();
    await expect(reloaded.getByRole('heading', { level: 2 })).toHaveText('Sports day is on Friday.');
    await expect(reloaded.locator('b span[style*="font-size: 22px"], span[style*="font-size: 22px"] b')).toHaveText('Bring a hat.');

    // New: named in a dialog (default 'New Newsletter'); it opens with the starter text.
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New newsletter' });
    await expect(dialog.getByLabel('Name')).toHaveValue('New Newsletter');
    const second = uniqueTitle('E2E second');
    await dialog.getByLabel('Name').fill(second);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.locator('.nb-build-name')).toHaveText(second);
    await expect(page.locator('[data-list="body"] .nb-text').first()).not.toContainText('Sports day is on Friday.');

    // An unsaved change: loading a template asks first.
    await page
      .getByRole('tabpanel', { name: '1 Blocks' })
      .getByRole('button', { name: /^Spacer/ })
      .click();
    await (await blockButton(page, 'spacer', 'Delete Spacer block')).click();
    await page.getByLabel('Template').selectOption({ label: first.name });
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    const discard = page.getByRole('dialog', {
      name: 'Discard unsaved changes?',
    });
    await discard.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page.locator('.nb-build-name')).toHaveText(first.name);
    await expect(page.locator('[data-list="body"] .nb-text').first()).toContainText('Sports day is on Friday.Bring a hat.');
  });

  test('previews the server’s HTML at desktop and phone widths with its size', async ({ page }) => {
    await openNewBuild(page);
    await page.getByRole('button', { name: 'Preview' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preview' });
    const frame = dialog.locator('iframe[title="Email preview"]');
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(page.frameLocator('iframe[title="Email preview"]').getByRole('heading', { name: 'Newsletter title' })).toBeVisible();
    await expect(dialog.getByRole('status')).toContainText(/Size: \d+\.\d KB of 102\.0 KB/);
    expect(await frame.evaluate((f) => f.getBoundingClientRect().width)).toBe(600);
    await dialog.getByRole('button', { name: /^Phone/ }).click();
    expect(await frame.evaluate((f) => f.getBoundingClientRect().width)).toBe(375);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the Send tab saves and leads to the send and test pages', async ({ page }) => {
    const build = await openNewBuild(page);
    await page.getByRole('tab', { name: '3 Send' }).click();
    const panel = page.getByRole('tabpanel', { name: '3 Send' });
    await expect(panel.getByRole('link', { name: 'Send newsletter' })).toHaveAttribute('href', `${BUILDER}/confirm?id=${build.id}`);
    await expect(panel.getByRole('link', { name: 'Send test' })).toHaveAttribute('href', `${BUILDER}/confirm?id=${build.id}&test=1`);
  });

  test('has no serious or critical axe violations, with a block selected', async ({ page }) => {
    await openNewBuild(page);
    await page.locator('[data-list="body"] .nb-text').first().click();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('the school’s header and footer', () => {
  // A school of its own: every build of the demo school (other specs' previews and sends) is framed by its header.
  test('edited in the builder, kept sanitised, and framing the preview', async ({ browser }) => {
    const label = `frame-${Date.now().toString(36)}.school`;
    runCli(['create-school', label, '--name', 'Frame School', '--products', 'newsletter,builder']);
    runCli(['add-user', label, '--email', `head@${label}`, '--name', 'Head Teacher', '--password', PASSWORD]);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(`head@${label}`);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/home');
    await page.goto(BUILDER);
    await waitForHydration(page);
    await expect(page.locator('.nb-frame').first()).toContainText('Frame School');

    await page.getByRole('button', { name: 'Header and footer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Header and footer' });
    // A new school's frame is built with blocks; HTML is the advanced option.
    await dialog.getByLabel('Advanced: HTML').check();
    await expect(dialog.getByLabel('Header (HTML)')).toHaveValue(/Frame School/);
    await dialog.getByLabel('Header (HTML)').fill('<h1>Frame School Weekly</h1><script>window.framed = 1</script>');
    await dialog.getByLabel('Footer (HTML)').fill('<p>12 Orchard Road, Frameton</p>');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save header and footer' }).click();
    await expect(toast(page, 'Header and footer saved.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.locator('.nb-frame').first()).toHaveText('Frame School Weekly');
    await expect(page.locator('.nb-frame').last()).toHaveText('12 Orchard Road, Frameton');

    // Kept (without the script) after a reload, and the email is framed by it.
    await page.reload();
    await waitForHydration(page);
    await expect(page.locator('.nb-frame').first()).toHaveText('Frame School Weekly');
    await page.getByRole('button', { name: 'Header and footer' }).click();
    await expect(page.getByRole('dialog', { name: 'Header and footer' }).getByLabel('Header (HTML)')).not.toHaveValue(/script/);
    await page.getByRole('dialog', { name: 'Header and footer' }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.frameLocator('iframe[title="Email preview"]');
    await expect(preview.getByRole('heading', { name: 'Frame School Weekly' })).toBeVisible();
    await expect(preview.getByText('12 Orchard Road, Frameton')).toBeVisible();
    await context.close();
  });
});

test.describe('a school without the builder', () => {
  test.use({ storageState: storageStatePath('nobuilder') });

  test('is told the product is not activated', async ({ page }) => {
    const res = await page.goto(BUILDER);
    expect(res?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This product has not been activated on your account!');
  });
});
