import { expect, test } from './support/test';
import { openNewsletterDb, signInToNewSchool } from './support/newsletter';
import type { Db } from '../../src/platform/db';
import { seriousViolations, toast, uniqueTitle, waitForHydration } from './support/website-lists';
import { createBlock } from '../../src/modules/newsletter/client/stores/builder/document';
import type { Block, Build } from '../../src/modules/newsletter/builder-rules';
import type { Locator, Page } from '@playwright/test';

/**
 * The builder, smoother (issue 29, section 3; section 4's builder part), at a desk and on a phone:
 * a palette block lands in view, selected, focused and announced; empty columns are drop zones;
 * a block's toolbar never covers its words; "Unsaved changes" beside Save; on a phone the email
 * fits the screen and the page never scrolls sideways.
 */
// Each test signs in to a school of its own: the builder opens the user's last build, which other specs change.
test.use({ storageState: { cookies: [], origins: [] } });
let db: Db;
test.beforeAll(() => {
  db = openNewsletterDb();
});
test.afterAll(async () => {
  await db.destroy();
});

const BUILDER = '/newsletter/send/builder';
const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** A build of its own, saved with `body` (the header and footer empty), opened in the builder. */
async function openBuild(page: Page, body?: Block[]): Promise<number> {
  await signInToNewSchool(db, page, 'ux');
  const res = await page.request.post('/api/newsletter/send/builder/new', { data: { name: uniqueTitle('E2E ux build') } });
  const { build } = (await res.json()) as { build: { id: number } };
  if (body) {
    const saved = await page.request.post('/api/newsletter/send/builder/save', { data: { id: build.id, build: [[], body, []] satisfies Build } });
    expect(saved.ok()).toBe(true);
  }
  await page.goto(`${BUILDER}?id=${build.id}`);
  await waitForHydration(page);
  await expect(page.locator('[data-list="body"][data-sortable="ready"]')).toBeAttached();
  return build.id;
}

function textBlock(html: string): Block {
  const block = createBlock('text');
  return block.type === 'text' ? { ...block, data: { html } } : block;
}
function tallSpacer(): Block {
  const block = createBlock('spacer');
  return { ...block, settings: { ...block.settings, height: 220 } };
}

const blocksIn = (page: Page, key: string) => page.locator(`[data-list="${key}"] > .nb-item > .nb-block`);
const announcer = (page: Page) => page.locator('.nb-builder > [role="status"][aria-live="polite"]');
const saveState = (page: Page) => page.locator('.nb-save-state');

/** Clicks a sidebar link (on a phone, opening the menu first: the sidebar is off the screen). */
async function clickSidebarLink(page: Page, name: string, phone: boolean): Promise<void> {
  if (phone) await page.getByRole('button', { name: 'Show or hide the menu' }).click();
  await page.locator('#app-sidebar').getByRole('link', { name, exact: true }).click();
}

/** Whether two boxes overlap (touching edges do not). */
function overlap(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The box of a text block's words: its text nodes' glyphs, not the paragraph's full width. */
function wordsBox(block: Locator) {
  return block.locator('.nb-text').evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const boxes: DOMRect[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      boxes.push(range.getBoundingClientRect());
    }
    const left = Math.min(...boxes.map((b) => b.left));
    const top = Math.min(...boxes.map((b) => b.top));
    return { x: left, y: top, width: Math.max(...boxes.map((b) => b.right)) - left, height: Math.max(...boxes.map((b) => b.bottom)) - top };
  });
}

/** A pointer drag in small steps (SortableJS listens to pointer events), following the target as the list opens a gap. */
async function drag(page: Page, source: Locator, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const from = await source.boundingBox();
  if (!from) throw new Error('Nothing to drag.');
  const x = from.x + Math.min(from.width / 2, 40);
  const y = from.y + Math.min(from.height / 2, 12);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 8, y + 8, { steps: 4 });
  for (let i = 0; i < 4; i++) {
    const box = await target.boundingBox();
    if (!box) throw new Error('Nowhere to drop.');
    await page.mouse.move(box.x + box.width / 2 + i, box.y + box.height / 2, { steps: i === 0 ? 20 : 4 });
  }
  await page.mouse.up();
}

for (const { name, viewport } of SIZES) {
  test.describe(`the builder on a ${name}`, () => {
    test.use({ viewport });

    test('a palette block, added with Enter or a click, lands in view, selected, focused and announced', async ({ page }) => {
      // Enough below the fold that the end of the body is off the screen.
      await openBuild(page, [textBlock('<p>Start.</p>'), tallSpacer(), tallSpacer(), tallSpacer(), tallSpacer()]);
      const palette = page.getByRole('tabpanel', { name: '1 Blocks' });
      await palette.getByRole('button', { name: /^Image/ }).focus();
      await page.keyboard.press('Enter');

      // After the starter text and the four spacers.
      const image = blocksIn(page, 'body').nth(5);
      await expect(image).toHaveAttribute('data-type', 'image');
      await expect(image).toBeInViewport();
      await expect(image).toHaveClass(/is-selected/);
      await expect(image).toBeFocused();
      await expect(announcer(page)).toHaveText('Image block added.');
      // The keyboard user is on it: Tab goes on to its own toolbar.
      await page.keyboard.press('Tab');
      await expect(image.locator(':scope > .nb-block-bar').getByRole('button', { name: 'Style' })).toBeFocused();

      // A layout too, with a click, from the top of the page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await palette.getByRole('button', { name: /^Columns/ }).click();
      const columns = blocksIn(page, 'body').last();
      await expect(columns).toHaveAttribute('data-type', 'columns');
      await expect(columns).toBeInViewport();
      await expect(columns).toBeFocused();
      await expect(image).not.toHaveClass(/is-selected/);
      await expect(columns).toHaveClass(/is-selected/);
      await expect(announcer(page)).toHaveText('Columns block added.');
      // A second block of the same type is announced again (the live region's text changes).
      const before = await announcer(page).evaluate((element) => element.textContent);
      await page.evaluate(() => window.scrollTo(0, 0));
      await palette.getByRole('button', { name: /^Columns/ }).click();
      await expect(blocksIn(page, 'body')).toHaveCount(8);
      await expect(announcer(page)).toHaveText('Columns block added.');
      await expect.poll(() => announcer(page).evaluate((element) => element.textContent)).not.toBe(before);
      await expect(blocksIn(page, 'body').last()).toBeInViewport();
    });

    test('an empty column is a drop zone, and a block dropped on it lands in it', async ({ page }) => {
      await openBuild(page, [textBlock('<p>Move me.</p>'), createBlock('columns')]);
      const columns = blocksIn(page, 'body').last();
      const id = await columns.getAttribute('data-block-id');
      const left = page.locator(`[data-list="cell:${id}:0"]`);
      const right = page.locator(`[data-list="cell:${id}:1"]`);

      for (const cell of [left, right]) {
        // A dashed box with its hint, big enough to hit with a finger.
        await expect(cell).toHaveCSS('border-top-style', 'dashed');
        expect(await cell.evaluate((element) => getComputedStyle(element, '::before').content)).toBe('"Drop a block here"');
        const box = await cell.boundingBox();
        expect(box?.height ?? 0).toBeGreaterThanOrEqual(48);
      }

      // A text block is dragged by its handle (its words are for writing): the toolbar shows on hover.
      const text = blocksIn(page, 'body').first();
      await text.hover();
      await drag(page, text.locator(':scope > .nb-block-bar .nb-handle'), left);
      await expect(left.locator('.nb-block')).toHaveCount(1);
      await expect(left.locator('.nb-block')).toContainText('Move me.');
      await expect(blocksIn(page, 'body')).toHaveCount(1);
      await expect(saveState(page)).toHaveText('Unsaved changes');
      // The cell that is still empty keeps its zone.
      await expect(right).toHaveCSS('border-top-style', 'dashed');
      expect(await left.evaluate((element) => getComputedStyle(element, '::before').content)).toBe('none');

      if (name === 'desktop') {
        // From the palette into the other empty column.
        await drag(page, page.locator('.nb-palette-item[data-type="divider"]'), right);
        await expect(right.locator('.nb-block[data-type="divider"]')).toHaveCount(1);
        await expect(announcer(page)).toHaveText('Divider block added.');
      }
    });

    test('a block’s toolbar sits outside it: it never covers a one-line text, and the keyboard still reaches it', async ({ page }) => {
      await openBuild(page, [textBlock('<p>First line only.</p>'), textBlock('<p>One line of news.</p>'), createBlock('divider')]);
      const [first, second] = [blocksIn(page, 'body').nth(0), blocksIn(page, 'body').nth(1)];
      const bar = second.locator(':scope > .nb-block-bar');
      await expect(bar).toHaveCSS('opacity', '0');

      await second.locator('.nb-text').hover();
      await expect(bar).toHaveCSS('opacity', '1');
      const barBox = await bar.boundingBox();
      const blockBox = await second.boundingBox();
      if (!barBox || !blockBox) throw new Error('no boxes');
      expect(overlap(barBox, blockBox)).toBe(false);
      expect(overlap(barBox, await wordsBox(second))).toBe(false);
      // Nor the words of the text above it.
      expect(overlap(barBox, await wordsBox(first))).toBe(false);
      // Only the hovered block's toolbar shows.
      await expect(first.locator(':scope > .nb-block-bar')).toHaveCSS('opacity', '0');

      // The keyboard: from the text, Shift+Tab is on the toolbar's last button, and the toolbar shows.
      await page.mouse.move(0, 0);
      await second.locator('.nb-text').focus();
      await page.keyboard.press('Shift+Tab');
      await expect(bar.getByRole('button', { name: 'Delete Text block' })).toBeFocused();
      await expect(bar).toHaveCSS('opacity', '1');
      const focusedBox = await bar.boundingBox();
      if (!focusedBox) throw new Error('no box');
      expect(overlap(focusedBox, await wordsBox(second))).toBe(false);

      // Selected, the toolbar is a row of its own above the words.
      await second.locator('.nb-text').click();
      await expect(second).toHaveClass(/is-selected/);
      const selectedBar = await bar.boundingBox();
      if (!selectedBar) throw new Error('no box');
      expect(overlap(selectedBar, await wordsBox(second))).toBe(false);
    });

    test('“Unsaved changes” shows beside Save after an edit and goes after Save', async ({ page }) => {
      await openBuild(page);
      const save = page.getByRole('button', { name: 'Save', exact: true });
      await expect(saveState(page)).toHaveText('');
      await expect(saveState(page)).toBeHidden();

      const text = blocksIn(page, 'body').first().locator('.nb-text');
      await text.click();
      await page.keyboard.press('End');
      await page.keyboard.type(' More news.');
      await expect(saveState(page)).toHaveText('Unsaved changes');
      await expect(saveState(page)).toBeVisible();
      await expect(save).toHaveAccessibleDescription('Unsaved changes');
      // Beside Save: on the same line, just before it.
      const [stateBox, saveBox] = [await saveState(page).boundingBox(), await save.boundingBox()];
      if (!stateBox || !saveBox) throw new Error('no boxes');
      expect(Math.abs(stateBox.y + stateBox.height / 2 - (saveBox.y + saveBox.height / 2))).toBeLessThan(saveBox.height / 2);
      expect(stateBox.x + stateBox.width).toBeLessThanOrEqual(saveBox.x);

      await save.click();
      await expect(toast(page, 'Newsletter saved successfully!')).toBeVisible();
      await expect(saveState(page)).toHaveText('All changes saved');
      await expect(saveState(page)).not.toHaveText('Unsaved changes');

      // A move is a change; undoing it back to what was saved is saved again.
      await page.getByRole('tab', { name: '1 Blocks' }).click();
      await page.getByRole('tabpanel', { name: '1 Blocks' }).getByRole('button', { name: /^Divider/ }).click();
      await expect(saveState(page)).toHaveText('All changes saved');
      await page.getByRole('button', { name: 'Move Divider block up' }).click();
      await expect(saveState(page)).toHaveText('Unsaved changes');
      // Leaving now asks first (the portal's shared guard); Stay keeps the change.
      await clickSidebarLink(page, 'Simple Newsletter', name === 'phone');
      const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
      await leave.getByRole('button', { name: 'Stay' }).click();
      await expect(saveState(page)).toHaveText('Unsaved changes');
      // A phone's menu, opened for the link, is closed again (Escape).
      const menu = page.getByRole('button', { name: 'Show or hide the menu' });
      if (name === 'phone') {
        await page.keyboard.press('Escape');
        await expect(menu).toHaveAttribute('aria-expanded', 'false');
      }
      await page.getByRole('button', { name: 'Undo', exact: true }).click();
      await expect(saveState(page)).toHaveText('All changes saved');
      // Nothing unsaved: nothing asks.
      await clickSidebarLink(page, 'Simple Newsletter', name === 'phone');
      await expect(page).toHaveURL(/\/newsletter\/send\/simple$/);
    });
  });
}

test.describe('the builder on a phone (390 x 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  const sideways = (page: Page) =>
    page.evaluate(() => {
      const root = document.scrollingElement;
      return root ? root.scrollWidth - root.clientWidth : -1;
    });

  test('shows the whole email scaled to fit, never scrolls sideways, and offers the real size inside its box', async ({ page }) => {
    await openBuild(page, [textBlock('<p>Hello families.</p>'), createBlock('columns'), createBlock('image')]);
    const canvas = page.getByRole('region', { name: 'The email' });
    await expect(page.getByRole('note').filter({ hasText: 'Building is easiest on a larger screen.' })).toBeVisible();
    await expect.poll(() => canvas.evaluate((element) => element.getBoundingClientRect().width)).toBeLessThan(390);
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no canvas');
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // Scaled as a whole: the email's 600 px are drawn in the width there is, its height shrunk alike.
    const zoom = await canvas.evaluate((element) => Number(getComputedStyle(element).zoom));
    expect(zoom).toBeLessThan(1);
    expect(box.width).toBeCloseTo(600 * zoom, 0);
    expect(await sideways(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // A block selected (its toolbar and the text's formatting bar at full size): still nothing sideways.
    await blocksIn(page, 'body').first().locator('.nb-text').click();
    await expect(page.getByRole('toolbar', { name: 'Text formatting' })).toBeVisible();
    await expect(page.getByRole('toolbar', { name: 'Text block actions' })).toBeInViewport();
    expect(await sideways(page)).toBe(0);
    // The top bar's buttons are all on the screen.
    for (const button of await page.locator('.nb-topbar .btn, .nb-topbar .form-select').all()) {
      const b = await button.boundingBox();
      expect((b?.x ?? -1) >= 0 && (b?.x ?? 0) + (b?.width ?? 999) <= 390).toBe(true);
    }

    // The real size: the email scrolls inside its own box, the page still does not.
    await page.getByRole('button', { name: 'Actual size' }).click();
    await expect(page.getByRole('button', { name: 'Actual size' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => canvas.evaluate((element) => element.getBoundingClientRect().width)).toBe(600);
    expect(await sideways(page)).toBe(0);
    expect(await page.locator('.nb-canvas-scroll').evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await page.getByRole('button', { name: 'Actual size' }).click();
    await expect.poll(() => canvas.evaluate((element) => element.getBoundingClientRect().width)).toBeLessThan(390);
  });
});

test.describe('the builder at a desk', () => {
  test.use({ viewport: { width: 1366, height: 800 } });

  test('shows the email at its real 600 px, with no note about the screen', async ({ page }) => {
    await openBuild(page);
    await expect(page.getByRole('region', { name: 'The email' })).toHaveJSProperty('offsetWidth', 600);
    expect(await page.getByRole('region', { name: 'The email' }).evaluate((element) => element.getBoundingClientRect().width)).toBe(600);
    await expect(page.getByText('Building is easiest on a larger screen.')).toHaveCount(0);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= document.scrollingElement!.clientWidth)).toBe(true);
  });
});
