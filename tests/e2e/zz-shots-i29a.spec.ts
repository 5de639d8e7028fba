import { expect, test } from './support/test';
import { storageStatePath } from './support/env';
import { uniqueTitle, waitForHydration } from './support/website-lists';
import type { Page } from '@playwright/test';

test.use({ storageState: storageStatePath('admin') });

async function open(page: Page) {
  const res = await page.request.post('/api/newsletter/send/builder/new', { data: { name: uniqueTitle('Shots') } });
  const body = (await res.json()) as { build: { id: number } };
  await page.goto(`/newsletter/send/builder?id=${body.build.id}`);
  await waitForHydration(page);
  await expect(page.locator('[data-list="body"][data-sortable="ready"]')).toBeAttached();
}

for (const [name, viewport] of [['desk', { width: 1366, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
  test(`shots ${name}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await open(page);
    await page.screenshot({ path: `/tmp/i29a-${name}-0.png`, fullPage: true });
    const palette = page.getByRole('tabpanel', { name: '1 Blocks' });
    await palette.getByRole('button', { name: /^Columns/ }).click();
    await palette.getByRole('button', { name: /^Text/ }).click();
    await expect(page.locator('.nb-save-state')).toHaveText('All changes saved');
    await page.screenshot({ path: `/tmp/i29a-${name}-1.png` });
    await page.locator('.nb-block[data-type="text"]').first().hover({ position: { x: 20, y: 30 } });
    await page.screenshot({ path: `/tmp/i29a-${name}-2.png` });
    const sw = await page.evaluate(() => [document.scrollingElement!.scrollWidth, document.scrollingElement!.clientWidth]);
    console.log(name, sw, await page.locator('.nb-canvas').evaluate((e) => e.getBoundingClientRect().width));
    await page.screenshot({ path: `/tmp/i29a-${name}-3.png`, fullPage: true });
  });
}
