import { expect, test } from './support/test';
import type { Page } from '@playwright/test';
import { storageStatePath } from './support/env';
import { createGallery, seriousViolations, uniqueTitle, waitForHydration } from './support/website-lists';

/**
 * Phones and small screens (issue 9, part 1): no page scrolls sideways at 360 px and up, the
 * header keeps its icons and the avatar, menus and the drawer fit the screen, and the lists are
 * cards whose actions can be reached; the same pages at a desktop size keep their tables.
 */
test.use({ storageState: storageStatePath('admin') });

const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1400, height: 900 };

const PAGES = ['/home', '/account/products', '/account/users', '/website/posts', '/website/pages', '/website/galleries', '/website/galleries/new', '/website/posts/edit?new', '/website/pages/edit?new', '/app/send', '/app/send/history'];

/** How far the document is wider than the window (0 when nothing scrolls sideways). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('#main')).toBeVisible();
  await waitForHydration(page);
}

for (const size of [PHONE, DESKTOP]) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    for (const path of [...PAGES, 'a gallery']) {
      test(`${path} does not scroll sideways and has no serious or critical axe violations`, async ({ page }) => {
        const address = path === 'a gallery' ? `/website/galleries/edit?id=${await createGallery(page.request, uniqueTitle('E2E phone gallery'))}` : path;
        await open(page, address);
        expect(await sidewaysOverflow(page), `${address} is wider than the window`).toBeLessThanOrEqual(0);
        expect(await seriousViolations(page), address).toEqual([]);
      });
    }
  });
}

test.describe(`at ${SMALL_PHONE.width}×${SMALL_PHONE.height}`, () => {
  test.use({ viewport: SMALL_PHONE });

  test('no page scrolls sideways', async ({ page }) => {
    const galleryId = await createGallery(page.request, uniqueTitle('E2E small phone gallery'));
    for (const path of [...PAGES, `/website/galleries/edit?id=${galleryId}`]) {
      await open(page, path);
      expect(await sidewaysOverflow(page), `${path} is wider than the window`).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the header shows icons and the avatar; the user menu fits and names the user', async ({ page }) => {
    await open(page, '/home');
    const header = page.locator('.app-header');
    const headerBox = await header.boundingBox();
    expect(headerBox?.height).toBeLessThanOrEqual(64);
    await expect(page.locator('.user-text .user-name')).not.toBeInViewport();
    const userButton = page.locator('#user-menu-button');
    // The name stays the button's accessible name.
    await expect(userButton).toHaveAccessibleName(/Demo Admin/);
    await userButton.click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu).toContainText('Demo Admin');
    await expect(menu).toContainText('demo.school');
    await expect(menu).toBeInViewport({ ratio: 1 });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });

  test('the drawer and the sidebar fit the screen', async ({ page }) => {
    await open(page, '/home');
    await page.getByRole('button', { name: 'Servers status and notifications' }).click();
    const drawer = page.locator('#app-drawer');
    await expect(drawer).toBeVisible();
    await expect(drawer).toBeInViewport({ ratio: 1 });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Show or hide the menu' }).click();
    const sidebar = page.locator('#app-sidebar');
    await expect(sidebar).toBeInViewport({ ratio: 1 });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });

  test('list rows are cards with their labels, and every action is on screen and big enough to tap', async ({ page }) => {
    for (const path of ['/website/posts', '/website/pages', '/website/galleries']) {
      await open(page, path);
      const row = page.locator('.data-table tbody tr').first();
      await expect(row).toBeVisible();
      // Stacked: the row is as wide as the table and its cells sit one under another.
      const cells = row.locator('th, td');
      const boxes = await cells.evaluateAll((elements) => elements.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
      for (let i = 1; i < boxes.length; i++) expect(boxes[i]?.top ?? 0, `${path}: cell ${i} is under the one before`).toBeGreaterThanOrEqual(boxes[i - 1]?.bottom ?? 0);
      const labelled = row.locator('td[data-label]:not([data-label=""])').first();
      const label = await labelled.getAttribute('data-label');
      const before = await labelled.evaluate((e) => getComputedStyle(e, '::before').content);
      expect(before, `${path}: a cell shows its column's name`).toBe(`"${label ?? ''}: "`);
      for (const action of await row.locator('.row-actions a, .row-actions button').all()) {
        await expect(action, `${path}: an action is on screen`).toBeInViewport({ ratio: 1 });
        const box = await action.boundingBox();
        expect(box?.height ?? 0, `${path}: an action is tall enough to tap`).toBeGreaterThanOrEqual(44);
      }
    }
  });
});

test.describe('at a desktop size', () => {
  test.use({ viewport: DESKTOP });

  test('lists stay tables with a header row', async ({ page }) => {
    await open(page, '/website/posts');
    await expect(page.locator('.data-table thead th').first()).toBeVisible();
    const display = await page.locator('.data-table tbody tr').first().evaluate((e) => getComputedStyle(e).display);
    expect(display).toBe('table-row');
  });
});

test('the user menu works from the keyboard as a menu button', async ({ page }) => {
  await open(page, '/home');
  const button = page.locator('#user-menu-button');
  await button.focus();
  await page.keyboard.press('ArrowDown');
  const items = page.getByRole('menuitem');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  // ArrowUp opens on the last item; Tab leaves and closes.
  await page.keyboard.press('ArrowUp');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('menu')).toBeHidden();
});
