import crypto from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { PASSWORD, runCli, type TestUser } from './support/env';
import { expectSignedInAs, signInWithApi, signInWithForm } from './support/fixtures';
import { seriousViolations, toast, waitForHydration } from './support/website-lists';

/**
 * Account > My Profile, on a phone and on a desktop: reached from the user menu, the user renames
 * themself (the header follows), a wrong current password is refused on its field, and a new
 * password signs out their other browser, keeps this one, and is the one that signs in after.
 */

const NEW_PASSWORD = 'a-brand-new-passphrase-29';

/** A user of demo.school of the test's own (its password is changed, its sessions ended: nobody else's). */
function newUser(): TestUser {
  const user = { school: 'demo.school', email: `profile.${crypto.randomBytes(4).toString('hex')}@demo.school`, name: 'Pia Rofile' };
  runCli(['add-user', user.school, '--email', user.email, '--name', user.name, '--password', PASSWORD]);
  return user;
}

/** Another browser signed in as `user`: the session the password change must end. */
async function otherBrowser(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext();
  await signInWithApi(context.request, user);
  const page = await context.newPage();
  await page.goto('/home');
  await expectSignedInAs(page, user);
  return page;
}

async function openProfileFromUserMenu(page: Page): Promise<void> {
  await page.goto('/home');
  await page.locator('#user-menu-button').click();
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await waitForHydration(page);
}

for (const size of [
  { name: 'desktop', width: 1366, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const) {
  test.describe(`My Profile (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('rename, a wrong current password refused, then a new password: other browsers signed out, this one kept', async ({ page, browser }) => {
      const user = newUser();
      await signInWithApi(page.request, user);
      const elsewhere = await otherBrowser(browser, user);
      await openProfileFromUserMenu(page);
      expect(await seriousViolations(page)).toEqual([]);
      await expect(page.getByText('You are also signed in from 1 other place (browsers or devices).')).toBeVisible();
      // No sideways scroll at either size.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // The name: saved, the header follows at once and after a reload.
      const name = page.getByLabel('Name', { exact: true });
      await expect(name).toHaveValue(user.name);
      await name.fill('Pia Renamed');
      await page.getByRole('button', { name: 'Save name' }).click();
      await expect(toast(page, 'Success! Your name has been changed.')).toBeVisible();
      await expect(page.locator('#user-menu-button')).toContainText('Pia Renamed');
      await page.reload();
      await expect(page.locator('#user-menu-button')).toContainText('Pia Renamed');
      await waitForHydration(page);

      // A wrong current password: said on the form, the field marked and focused; typing there clears it.
      const current = page.getByLabel('Current password');
      await current.fill('not-the-password');
      await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Type the new password again').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Change password' }).click();
      const problem = page.getByRole('alert').filter({ hasText: 'Your current password is not right.' });
      await expect(problem).toBeVisible();
      await expect(current).toHaveAttribute('aria-invalid', 'true');
      await expect(current).toBeFocused();
      await current.fill(PASSWORD);
      await expect(problem).toHaveCount(0);
      await expect(current).not.toHaveAttribute('aria-invalid', 'true');

      // The right one: changed; the other browser is signed out, this one stays.
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(toast(page, 'Success! Password changed.')).toBeVisible();
      await expect(page.getByText('You are not signed in anywhere else.')).toBeVisible();
      await expect(current).toHaveValue('');
      await elsewhere.goto('/home');
      await expect(elsewhere).toHaveURL(/\/login/);
      await page.goto('/home');
      await expectSignedInAs(page, { ...user, name: 'Pia Renamed' });

      // Signed out, the new password signs in (and the old one no longer does).
      await page.locator('#user-menu-button').click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await signInWithForm(page, user.email, PASSWORD);
      await expect(page.locator('#login-error')).toContainText('Email or password is incorrect.');
      await signInWithForm(page, user.email, NEW_PASSWORD);
      await expect(page).toHaveURL(/\/home$/);
      await expectSignedInAs(page, { ...user, name: 'Pia Renamed' });

      // Each change is in the Activity Log.
      await page.goto('/account/activity');
      const mine = page.locator('#activity-table tbody tr').filter({ hasText: user.email });
      await expect(mine.locator('td[data-label="What"]')).toHaveText(['Changed their password; 1 other session signed out.', 'Changed their name from Pia Rofile to Pia Renamed.']);
      await elsewhere.context().close();
    });

    test('Sign out other sessions ends the other browsers and says how many', async ({ page, browser }) => {
      const user = newUser();
      await signInWithApi(page.request, user);
      const [first, second] = [await otherBrowser(browser, user), await otherBrowser(browser, user)];
      await page.goto('/account/profile');
      await waitForHydration(page);
      await expect(page.getByText('You are also signed in from 2 other places (browsers or devices).')).toBeVisible();
      const button = page.getByRole('button', { name: 'Sign out other sessions' });
      await button.click();
      await expect(toast(page, 'Success! Signed out of 2 other sessions.')).toBeVisible();
      await expect(page.getByText('You are not signed in anywhere else.')).toBeVisible();
      await expect(button).toBeDisabled();
      for (const other of [first, second]) {
        await other.goto('/home');
        await expect(other).toHaveURL(/\/login/);
        await other.context().close();
      }
      await page.goto('/home');
      await expectSignedInAs(page, user);
    });
  });
}
