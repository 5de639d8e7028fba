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

  // The emailed links' pages with a link that is not (or no longer) valid; their forms are checked in account-users.spec.ts.
  for (const path of ['/forgot-password', `/welcome/${'A'.repeat(43)}`, `/reset-password/${'A'.repeat(43)}`]) {
    test(`${path} has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test.describe('signed in', () => {
  test.use({ storageState: storageStatePath('admin') });

  for (const path of ['/home', '/account/products', '/account/users', '/account/profile']) {
    test(`${path} has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('#main')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test.describe("signed in at a school without the website (links greyed 'Not activated')", () => {
  test.use({ storageState: storageStatePath('nosite') });

  test('/home has no serious or critical axe violations', async ({ page }) => {
    await page.goto('/home');
    await expect(page.locator('#app-sidebar .not-activated-badge').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('support screens', () => {
  test.use({ storageState: storageStatePath('admin') });

  // The helpdesk's frames are part of their screens: axe checks inside them once their page is there.
  for (const [path, framed] of [
    ['/support/tickets', false],
    ['/support/new', true],
    ['/support/knowledgebase', true],
    ['/support/help', false],
  ] as const) {
    test(`${path} has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('#main')).toBeVisible();
      if (framed) await expect(page.frameLocator('#helpdesk-frame').locator('#helpdesk')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test.describe('the post and page editor', () => {
  test.use({ storageState: storageStatePath('admin') });

  // Its fixed toolbar, enabled once Editor.js is there.
  for (const path of ['/website/posts/edit?new', '/website/pages/edit?new']) {
    test(`${path} has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' })).toBeEnabled({ timeout: 15_000 });
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
