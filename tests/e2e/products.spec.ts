import { expect, test } from './support/test';
import { storageStatePath } from './support/env';

test.describe('a school without the website', () => {
  test.use({ storageState: storageStatePath('nosite') });

  for (const size of [
    { name: 'desktop', width: 1366, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ] as const) {
    test(`sees the website's pages greyed 'Not activated' in the sidebar and Quick Links, leading to the not-available screen (${size.name})`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/home');
      if (size.width < 1250) await page.locator('#sidebar-toggle').click();
      const sidebar = page.getByRole('complementary', { name: 'Main menu' });
      // The badge is read with the link: 'Manage Posts Not activated'.
      for (const name of ['Manage Posts', 'Manage Pages', 'Manage Galleries', 'Manage Staff List', 'Newsletter Builder']) {
        const link = sidebar.getByRole('link', { name: `${name} Not activated`, exact: true });
        await expect(link).toBeVisible();
        await expect(link.locator('.not-activated-badge')).toHaveText('Not activated');
      }
      // What the school has stays as it was: no badge.
      for (const name of ['Manage Mailing List', 'Send Notification', 'Manage Students', 'My Products']) {
        await expect(sidebar.getByRole('link', { name, exact: true })).toBeVisible();
      }
      await expect(sidebar.locator('.not-activated-badge')).toHaveCount(5);

      const quickLinks = page.getByRole('region', { name: 'Quick Links' });
      await expect(quickLinks.locator('a.not-activated')).toHaveCount(1);
      await expect(quickLinks.getByRole('link', { name: /^Manage Posts .*Not activated$/ })).toBeVisible();
      await expect(quickLinks.locator('a.not-activated .not-activated-badge')).toHaveText('Not activated');

      // The link still goes where it says: the screen that tells staff how to get the product.
      await sidebar.getByRole('link', { name: 'Manage Galleries Not activated' }).click();
      await expect(page).toHaveURL(/\/website\/galleries$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Website is not available for your school');
      await expect(page.locator('#product-unavailable')).toContainText('Please contact your account manager');
    });
  }

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
