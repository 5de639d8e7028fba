import { expect, test } from './support/test';
import { storageStatePath } from './support/env';

test.describe('a school without the website', () => {
  test.use({ storageState: storageStatePath('nosite') });

  test('sees the not-available screen inside the shell at /website/posts', async ({ page }) => {
    const res = await page.goto('/website/posts');
    expect(res?.status()).toBe(403);
    await expect(page).toHaveURL(/\/website\/posts$/);
    const screen = page.locator('#product-unavailable');
    await expect(screen).toContainText('is not available for your school');
    await expect(screen.getByRole('heading', { level: 1 })).toHaveText('Website is not available for your school');
    await expect(screen.getByRole('link', { name: 'Open a support ticket' })).toHaveAttribute('href', '/support/new');
    await expect(page.locator('#app-sidebar')).toBeVisible();
  });
});

test.describe('a school with the newsletter but not the builder', () => {
  test.use({ storageState: storageStatePath('nobuilder') });

  test('sees that the builder is not activated at /newsletter/send/builder', async ({ page }) => {
    const res = await page.goto('/newsletter/send/builder');
    expect(res?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This product has not been activated on your account!');
    await expect(page.locator('#app-sidebar')).toBeVisible();
  });
});
