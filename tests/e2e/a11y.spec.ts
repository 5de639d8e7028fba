import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/test';
import type { Page } from '@playwright/test';
import { storageStatePath } from './support/env';

/** Serious and critical axe violations on the page, one line each (rule, impact, selectors). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact ?? 'unknown'}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')} — ${v.help}`);
}

test.describe('signed out', () => {
  test('/login has no serious or critical axe violations', async ({ page }) => {
    await page.goto('/login');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('signed in', () => {
  test.use({ storageState: storageStatePath('admin') });

  for (const path of ['/home', '/account/products']) {
    test(`${path} has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('#main')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test.describe('the not-available screen', () => {
  test.use({ storageState: storageStatePath('nosite') });

  test('/website/posts as a school without the website has no serious or critical axe violations', async ({ page }) => {
    await page.goto('/website/posts');
    await expect(page.locator('#product-unavailable')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("the school's public site", () => {
  // The site's own pages (home with its menu and post list, a page with child pages). Some
  // WordPress test posts carry inaccessible markup of their own; that is content, not the site.
  for (const path of ['/sites/demo.school', '/sites/demo.school/level-1', '/sites/demo.school/posts/markup-html-tags-and-formatting', '/sites/demo.school/newsletter']) {
    test(`${path} has no serious or critical axe violations`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('main')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
