import { expect, test } from './support/test';
import type { Page } from '@playwright/test';
import { storageStatePath } from './support/env';

/**
 * Alerts' text against their own tint (src/styles/alerts.css), measured in Chromium on the built
 * stylesheet: WCAG AA's 4.5:1 for every variant the portal shows, in the light and the dark theme.
 * axe cannot judge colours Tabler mixes with color-mix(), so this computes them itself.
 */

/**
 * The contrast of an element's text colour against its background, both as Chromium computes them:
 * its own, or that of the ancestor `backgroundOf` names (a link on the sidebar's colour).
 */
function contrastOf(page: Page, selector: string, backgroundOf?: string): Promise<number> {
  return page.locator(selector).first().evaluate((element, backgroundOf) => {
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    if (!canvas) throw new Error('no 2D canvas');
    /** Any CSS colour (oklab(), color(srgb ...)) as 0-255 sRGB, through a canvas pixel. */
    const rgb = (colour: string) => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = colour;
      canvas.fillRect(0, 0, 1, 1);
      return [...canvas.getImageData(0, 0, 1, 1).data].slice(0, 3);
    };
    const luminance = (colour: string) => {
      const [r = 0, g = 0, b = 0] = rgb(colour).map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const background = backgroundOf ? element.closest(backgroundOf) : element;
    if (!background) throw new Error(`no ${backgroundOf ?? ''} around the element`);
    const [light, dark] = [luminance(getComputedStyle(element).color), luminance(getComputedStyle(background).backgroundColor)].sort((a, b) => b - a);
    return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
  }, backgroundOf);
}

test('the sign-in error reads at 4.5:1 or more', async ({ page }) => {
  await page.goto('/login');
  // An empty form is refused before any sign-in attempt (nothing counts towards the rate limit).
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('#login-error')).toBeVisible();
  expect(await contrastOf(page, '#login-error')).toBeGreaterThanOrEqual(4.5);
});

for (const theme of ['light', 'dark'] as const) {
  test(`every alert variant the portal shows reads at 4.5:1 or more in the ${theme} theme`, async ({ page }) => {
    await page.goto('/login');
    await page.evaluate((dark) => {
      if (dark) document.documentElement.setAttribute('data-bs-theme', 'dark');
      for (const variant of ['danger', 'warning', 'success', 'info']) {
        const alert = document.createElement('div');
        alert.className = `alert alert-${variant}`;
        alert.id = `probe-${variant}`;
        alert.textContent = `A ${variant} message.`;
        document.body.append(alert);
      }
    }, theme === 'dark');
    for (const variant of ['danger', 'warning', 'success', 'info']) {
      expect(await contrastOf(page, `#probe-${variant}`), variant).toBeGreaterThanOrEqual(4.5);
    }
  });
}

test.describe("links to a product the school lacks ('Not activated')", () => {
  test.use({ storageState: storageStatePath('nosite') });

  for (const scheme of ['white', 'light', 'dark'] as const) {
    test(`read at 4.5:1 or more, greyed and badge alike, in the ${scheme} colour scheme`, async ({ page }) => {
      await page.goto('/home');
      await page.evaluate((value) => {
        document.documentElement.setAttribute('data-scheme', value);
        if (value === 'dark') document.documentElement.setAttribute('data-bs-theme', 'dark');
      }, scheme);
      expect(await contrastOf(page, '#app-sidebar .menu-link.not-activated > span:first-child', '#app-sidebar')).toBeGreaterThanOrEqual(4.5);
      expect(await contrastOf(page, '#app-sidebar .not-activated-badge')).toBeGreaterThanOrEqual(4.5);
      expect(await contrastOf(page, '.quick-link.not-activated .not-activated-badge')).toBeGreaterThanOrEqual(4.5);
      expect(await contrastOf(page, '.quick-link.not-activated .text-secondary', '.card')).toBeGreaterThanOrEqual(4.5);
    });
  }
});
