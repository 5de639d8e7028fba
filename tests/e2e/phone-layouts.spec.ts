import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { storageStatePath } from './support/env';
import { waitForHydration } from './support/website-lists';

/**
 * Issue 29, phone layouts (390×844): the screens a review found broken on a phone, each checked for
 * what was wrong — nothing scrolls sideways, no cell is cut, labels read as words, the public
 * site's menu waits behind a button, toasts stay clear of the header and do not pile up.
 */
const PHONE = { width: 390, height: 844 };
test.use({ storageState: storageStatePath('admin'), viewport: PHONE });

/** Elements of the page whose content is wider than they are (cut off), by their text. */
async function clipped(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((els) =>
    els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => `${(el.textContent ?? '').trim().slice(0, 40)} (${el.scrollWidth} > ${el.clientWidth})`),
  );
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('the Activity Log is a list of cards: every entry readable, nothing cut', async ({ page }) => {
  const word = `phone${Date.now().toString(36)}`;
  await page.goto(`/hapara/studentlist?query=${word}`);
  await page.goto('/account/activity');
  const entry = page.locator('#activity-table tbody tr', { hasText: word });
  await expect(entry).toHaveCount(1);
  await noSidewaysScroll(page);
  expect(await clipped(page, '#activity-table th, #activity-table td, .data-table')).toEqual([]);
  // A card, not a column squeezed to a word a line: the detail spans the card's width.
  const [card, detail] = await Promise.all([entry.boundingBox(), entry.locator('td').last().boundingBox()]);
  expect(detail!.width).toBeGreaterThan(card!.width * 0.8);
});

test('the staff lists’ order buttons read “↑ Move up” and “↓ Move down”', async ({ page }) => {
  for (const path of ['/app/managestaff', '/website/managestaff']) {
    await page.goto(path);
    await waitForHydration(page);
    const row = page.locator('tbody tr').first();
    for (const direction of ['up', 'down']) {
      // As drawn: a space's width between the arrow, "Move" and "up" (a flex button once dropped them: "↑Moveup").
      const gaps = await row.locator(`button[data-move="${direction}"]`).evaluate((button, word) => {
        /** The drawn box of `text` where it first occurs in the button's text. */
        const boxOf = (text: string) => {
          const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const at = node.textContent!.indexOf(text);
            if (at < 0 || (node.parentElement?.classList.contains('visually-hidden') ?? false)) continue;
            const range = document.createRange();
            range.setStart(node, at);
            range.setEnd(node, at + text.length);
            return range.getBoundingClientRect();
          }
          throw new Error(`No ${text} in the button`);
        };
        const arrow = boxOf(word === 'up' ? '↑' : '↓');
        const move = boxOf('Move');
        const last = boxOf(word);
        return [move.left - arrow.right, last.left - move.right];
      }, direction);
      expect(gaps[0]).toBeGreaterThan(2);
      expect(gaps[1]).toBeGreaterThan(2);
    }
    await noSidewaysScroll(page);
  }
});

test('the pager’s “Next ›” stays on one line', async ({ page }) => {
  await page.goto('/website/posts');
  await waitForHydration(page);
  const next = page.getByRole('navigation', { name: 'Posts pagination' }).getByRole('link', { name: /Next/ });
  const box = (await next.boundingBox())!;
  const lineHeight = await next.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect(box.height).toBeLessThan(lineHeight * 2);
  await noSidewaysScroll(page);
});

test('the public site’s menu waits behind a Menu button on a phone, and is open on a desktop', async ({ page }) => {
  await page.goto('/sites/demo.school');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText('Menu', { exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Level 1' })).toBeHidden();
  // The first screen shows the page, not the menu.
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  await nav.getByText('Menu', { exact: true }).click();
  await expect(nav.getByRole('link', { name: 'Level 1' })).toBeVisible();
  await noSidewaysScroll(page);

  await page.setViewportSize({ width: 1366, height: 800 });
  await page.reload();
  await expect(nav.getByText('Menu', { exact: true })).toBeHidden();
  await expect(nav.getByRole('link', { name: 'Level 1' })).toBeVisible();
});

test('a toast stays below the header’s controls, and a new one of its kind replaces the last', async ({ page }) => {
  await page.goto('/website/posts');
  await waitForHydration(page);
  // Two failures in a row (the list's call refused twice): one error toast on screen, the latest.
  await page.route('**/api/website/wordpress/posts?*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"isAuthFailed":false}' }));
  const pager = page.getByRole('navigation', { name: 'Posts pagination' });
  await pager.getByRole('link', { name: 'Page 2' }).click();
  await expect(page.locator('.toastify')).toHaveCount(1);
  await page.locator('.toastify').evaluate((el) => el.setAttribute('data-first', ''));
  await pager.getByRole('link', { name: 'Page 3' }).click();
  // The second arrives and takes the first's place (within the 8 s the first would have stayed).
  await expect(page.locator('.toastify:not([data-first])')).toBeVisible();
  await expect(page.locator('.toastify[data-first]')).toHaveCount(0, { timeout: 3_000 });
  await expect(page.locator('.toastify')).toHaveCount(1);
  const header = (await page.locator('header').first().boundingBox())!;
  const toast = (await page.locator('.toastify').boundingBox())!;
  expect(toast.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
});
