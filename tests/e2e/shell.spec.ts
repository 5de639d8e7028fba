import { expect, test } from './support/test';
import type { Page } from '@playwright/test';
import { storageStatePath } from './support/env';

test.use({ storageState: storageStatePath('admin') });

const THEME_KEY = 'portal.theme';

declare global {
  interface Window {
    /** Written by the init script below: <html> as it was when DOMContentLoaded fired. */
    __e2eAtDomContentLoaded?: { className: string; scheme: string | null };
  }
}

/** Records <html>'s class and scheme when DOMContentLoaded fires, on every page load. */
async function recordHtmlAtDomContentLoaded(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      window.__e2eAtDomContentLoaded = {
        className: document.documentElement.className,
        scheme: document.documentElement.getAttribute('data-scheme'),
      };
    });
  });
}

test('an unknown page shows the 404 page inside the shell', async ({ page }) => {
  const res = await page.goto('/nope');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.locator('#app-sidebar')).toBeVisible();
  await expect(page.locator('#user-menu-button')).toBeVisible();
});

test('theme options survive a reload and apply before the page scripts run', async ({ page }) => {
  await recordHtmlAtDomContentLoaded(page);
  await page.goto('/home');
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/(^|\s)fixed-footer(\s|$)/);

  await page.locator('#theme-open').click();
  const panel = page.locator('#theme-options');
  await expect(panel).toBeVisible();
  await panel.getByLabel('Fixed footer').check();
  await panel.getByLabel('Dark').check();
  await expect(html).toHaveClass(/(^|\s)fixed-footer(\s|$)/);
  await expect(html).toHaveAttribute('data-scheme', 'dark');

  await page.reload();
  await expect(html).toHaveClass(/(^|\s)fixed-footer(\s|$)/);
  await expect(html).toHaveAttribute('data-scheme', 'dark');
  const atLoad = await page.evaluate(() => window.__e2eAtDomContentLoaded);
  expect(atLoad?.className.split(/\s+/)).toContain('fixed-footer');
  expect(atLoad?.scheme).toBe('dark');

  // No flash: with every bundled script refused, the inline <head> script alone applies the theme.
  await page.route(/\/_astro\/.*\.js(\?.*)?$/, (route) => route.abort());
  await page.reload();
  const withoutBundles = await page.evaluate(() => window.__e2eAtDomContentLoaded);
  expect(withoutBundles?.className.split(/\s+/)).toContain('fixed-footer');
  expect(withoutBundles?.scheme).toBe('dark');
});

test('a 1200 px window forces the sidebar closed; at 1400 px it shows', async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 900 });
  await page.goto('/home');
  // The saved theme says open.
  await page.evaluate((key) => localStorage.setItem(key, JSON.stringify({ sidebarClosed: false })), THEME_KEY);
  await page.reload();
  const sidebar = page.locator('#app-sidebar');
  await expect(page.locator('html')).toHaveClass(/(^|\s)narrow(\s|$)/);
  await expect(sidebar).toBeHidden();

  await page.setViewportSize({ width: 1400, height: 900 });
  await expect(sidebar).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/(^|\s)narrow(\s|$)/);
  await expect(sidebar).toBeVisible();
});
