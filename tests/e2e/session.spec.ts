import { expect, test } from './support/test';
import { EXPIRY_USER, LOGOUT_USER, PASSWORD, runCli } from './support/env';
import { expectSignedInAs, signInWithApi } from './support/fixtures';

test('logout from the user menu goes to /login and ends the session', async ({ page }) => {
  await signInWithApi(page.request, LOGOUT_USER);
  await page.goto('/home');
  await expectSignedInAs(page, LOGOUT_USER);

  await page.locator('#user-menu-button').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('a session revoked on the server sends the browser to /login on the next call', async ({ page }) => {
  await signInWithApi(page.request, EXPIRY_USER);
  await page.goto('/home');
  await expectSignedInAs(page, EXPIRY_USER);

  // The operator resets the password (to the same one, so the test can run again): every session of the user ends.
  runCli(['reset-password', '--email', EXPIRY_USER.email, '--password', PASSWORD]);

  // The drawer asks for the status and the changelog at once; whichever answers first sends the
  // browser away, which cancels the other, so wait for the first of them.
  const firstSupportCall = page.waitForResponse((res) => new URL(res.url()).pathname.startsWith('/api/support/'));
  await page.locator('#drawer-open').click();
  // The body (isAuthFailed: true) is gone once the page navigates away; the status says the same.
  expect((await firstSupportCall).status()).toBe(401);
  await expect(page).toHaveURL(/\/login$/);
});
