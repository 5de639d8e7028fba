import { expect, test } from './support/test';
import { storageStatePath } from './support/env';
import { uniqueTitle, waitForHydration } from './support/website-lists';
import type { Page } from '@playwright/test';

/**
 * The provider's templates in the builder's chooser (issue 29 §3): listed apart from the school's
 * own, each starts a new build of the school's (its pictures shown, the preview framed as any
 * build), at desktop size and on a phone.
 */

const BUILDER = '/newsletter/send/builder';

async function openNewBuild(page: Page): Promise<string> {
  const name = uniqueTitle('E2E template');
  const res = await page.request.post('/api/newsletter/send/builder/new', { data: { name } });
  const body = (await res.json()) as { build: { id: number } };
  await page.goto(`${BUILDER}?id=${body.build.id}`);
  await waitForHydration(page);
  await expect(page.locator('.nb-build-name')).toHaveText(name);
  return name;
}

/** Whether every picture in the canvas has loaded (a broken one has no natural width). */
async function picturesLoaded(page: Page): Promise<boolean[]> {
  return page.locator('.nb-canvas img').evaluateAll((images) => images.map((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0));
}

test.describe('provider templates', () => {
  test.use({ storageState: storageStatePath('admin') });

  for (const size of [
    { width: 1366, height: 800, template: 'Term news', heading: 'Winter sports' },
    { width: 390, height: 844, template: 'Principal’s message', heading: 'In brief' },
  ]) {
    test(`start a new build from “${size.template}” at ${size.width} px`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const own = await openNewBuild(page);
      const chooser = page.getByLabel('Template');
      await expect(chooser.locator('optgroup[label="From the provider"] option')).toHaveText(['Term news', 'Events & dates', 'Principal’s message']);
      await expect(chooser.locator('optgroup[label="Your school’s templates"] option', { hasText: own })).toHaveCount(1);

      await chooser.selectOption({ label: size.template });
      await page.getByRole('button', { name: 'Load', exact: true }).click();
      await expect(page.locator('.nb-build-name')).toHaveText(size.template);
      await expect(page.getByRole('status').filter({ hasText: `New newsletter “${size.template}” started.` })).toBeAttached();
      await expect(page.locator('[data-list="body"]').getByRole('heading', { name: size.heading })).toBeVisible();
      await expect.poll(() => picturesLoaded(page)).not.toContain(false);
      expect((await picturesLoaded(page)).length).toBeGreaterThan(0);

      // A build of the school's own, now among its templates; the provider's stays in its group.
      await expect(chooser.locator('optgroup[label="Your school’s templates"] option', { hasText: size.template }).first()).toBeAttached();
      await expect(chooser.locator('optgroup[label="From the provider"] option')).toHaveCount(3);

      // The preview shows the template's email, its pictures loaded.
      await page.getByRole('button', { name: 'Preview' }).click();
      const preview = page.frameLocator('iframe[title="Email preview"]');
      // The first render of a server's life loads MJML: allow it the time on a busy machine.
      await expect(preview.getByRole('heading', { name: size.heading })).toBeVisible({ timeout: 20_000 });
      await expect
        .poll(() => preview.locator('img').evaluateAll((images) => images.every((img) => (img as HTMLImageElement).naturalWidth > 0) && images.length > 0))
        .toBe(true);
    });
  }
});
