/**
 * Upstream mode's /home and menus: signing in through the provider's login form from a fresh
 * browser, the legacy backend's updates on /home, and screens the legacy backend cannot feed left
 * out of the menu and 'not available' at their address.
 */
import { expect, test } from '../support/test';
import { legacyUrl, storageStatePath } from '../support/env';
import { LEGACY_ADMIN, LEGACY_OTHER_ADMIN, LEGACY_PASSWORD } from '../../legacy-backend/seed';

test('signed out, /home goes to the legacy login; signing in there shows /home with the user and the legacy updates', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/home');
  await expect(page).toHaveURL(`${legacyUrl()}/login`);
  await page.getByLabel('Email').fill(LEGACY_ADMIN.email);
  await page.getByLabel('Password').fill(LEGACY_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(page.locator('header')).toContainText(LEGACY_ADMIN.name);
  const updates = page.locator('#provider-updates > li');
  await expect(updates.getByRole('heading', { level: 3 })).toHaveText(['Legacy update: spring term', 'Newsletter builder improvements', 'Happy new year']);
  // Unix seconds as text and MySQL text, both shown as dates.
  await expect(updates.first().locator('time')).toHaveAttribute('datetime', '2026-02-10');
  await expect(updates.nth(1).locator('time')).toHaveAttribute('datetime', '2026-01-20');
  await context.close();
});

test.describe('signed in', () => {
  test.use({ storageState: storageStatePath('upstream') });

  test('the sidebar links only pages this portal can show; the others say so with a 404', async ({ page }) => {
    await page.goto('/home');
    const sidebar = page.getByRole('complementary', { name: 'Main menu' });
    await expect(sidebar.getByRole('link', { name: 'My Tickets' })).toHaveCount(1);
    await expect(sidebar.getByRole('link', { name: 'Manage Staff List' })).toHaveCount(1);
    for (const name of ['Activity Log', 'My Profile', 'Send Notification', 'New Support Ticket', 'Knowledgebase']) {
      await expect(sidebar.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
    // The provider keeps its users' passwords: no My Profile in the user menu either.
    await page.locator('#user-menu-button').click();
    await expect(page.getByRole('menuitem', { name: 'My Products' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'My Profile' })).toHaveCount(0);
    for (const address of ['/app/send', '/support/new', '/website/managestaff', '/account/profile']) {
      const res = await page.goto(address);
      expect(res?.status(), address).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'This is not available in this portal' })).toBeVisible();
    }
  });
});

test("a school without the app sees its pages greyed 'Not activated', the ones this portal cannot show left out", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/home');
  await page.getByLabel('Email').fill(LEGACY_OTHER_ADMIN.email);
  await page.getByLabel('Password').fill(LEGACY_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const sidebar = page.getByRole('complementary', { name: 'Main menu' });
  await expect(sidebar.getByRole('link', { name: 'Manage Staff List Not activated', exact: true })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Send Notification' })).toHaveCount(0);
  await expect(sidebar.locator('.not-activated-badge')).toHaveCount(1);
  const quickLinks = page.getByRole('region', { name: 'Quick Links' });
  await expect(quickLinks.locator('a.not-activated')).toHaveCount(1);
  await expect(quickLinks.getByRole('link', { name: /^App Staff List .*Not activated$/ })).toBeVisible();
  await sidebar.getByRole('link', { name: 'Manage Staff List Not activated' }).click();
  await expect(page).toHaveURL(/\/app\/managestaff$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('App is not available for your school');
  await context.close();
});
