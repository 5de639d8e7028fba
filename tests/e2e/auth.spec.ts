import { expect, test } from './support/test';
import { ADMIN } from './support/env';
import { expectSignedInAs, signInWithForm } from './support/fixtures';

test.describe('sign in', () => {
  test('the right password lands on /home with the name and school in the header', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, ADMIN.email);
    await expect(page).toHaveURL(/\/home$/);
    await expectSignedInAs(page, ADMIN);
  });

  test('a wrong password says so and keeps the typed email', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, ADMIN.email, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Email or password is incorrect.');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Email')).toHaveValue(ADMIN.email);
    await expect(page.getByLabel('Password')).toHaveValue('');
  });

  test('a signed-out visit to /account/products comes back there after signing in', async ({ page }) => {
    await page.goto('/account/products');
    await expect(page).toHaveURL(/\/login\?next=%2Faccount%2Fproducts$/);
    await signInWithForm(page, ADMIN.email);
    await expect(page).toHaveURL(/\/account\/products$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Products' })).toBeVisible();
  });
});

test.describe('sign in without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts natively and lands on /home', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, ADMIN.email);
    await expect(page).toHaveURL(/\/home$/);
    await expectSignedInAs(page, ADMIN);
  });
});
