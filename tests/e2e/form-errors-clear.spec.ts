import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { storageStatePath } from './support/env';
import { toast, waitForHydration } from './support/website-lists';
import { FIELDS_REQUIRED } from '../../src/lib/forms';
import { NAME_REQUIRED } from '../../src/modules/staff/rules';
import { GALLERY_TITLE_REQUIRED } from '../../src/modules/website/client/stores/new-gallery';

/**
 * Issue 29 §5: a form's error clears when the user fixes the field — the message under the form,
 * the field's invalid mark and the error toast of the failed submit — without another submit.
 * (Add New Student's dialog is shown doing the same in hapara-students.spec.ts.)
 */

/** The error is gone from the form and the screen: no alert, no mark, no toast saying it. */
async function expectCleared(page: Page, scope: Locator, message: string, fields: Locator[]) {
  await expect(scope.getByRole('alert').filter({ hasText: message })).toHaveCount(0);
  for (const field of fields) await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  // Well before the toast's own 8 s.
  await expect(toast(page, message)).toHaveCount(0, { timeout: 3_000 });
}

test.describe('signed in', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('Add New Member: ‘All fields must be filled in’ follows the empty field, and goes with its toast once both are filled', async ({ page }) => {
    await page.goto('/newsletter/manage/list');
    await waitForHydration(page);
    const form = page.getByRole('form', { name: 'Add New Member' });
    const name = form.getByLabel('Full name', { exact: true });
    const email = form.getByLabel('Email', { exact: true });
    await form.getByRole('button', { name: 'Add New Member' }).click();
    await expect(form.getByRole('alert')).toHaveText(FIELDS_REQUIRED);
    await expect(toast(page, FIELDS_REQUIRED)).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');

    await name.fill('Mere Tane');
    // One field is still empty: the message stays, and marks that one.
    await expect(form.getByRole('alert')).toHaveText(FIELDS_REQUIRED);
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
    await email.fill('mere.tane@families.example.org');
    await expectCleared(page, form, FIELDS_REQUIRED, [name, email]);
  });

  test('Manage Users: the refused row’s error goes once its fields are filled', async ({ page }) => {
    await page.goto('/account/users');
    await waitForHydration(page);
    const email = page.getByLabel('Email of the user to authorise');
    const name = page.getByLabel('Name of the user to authorise');
    await page.getByRole('button', { name: 'Authorise', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: FIELDS_REQUIRED })).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');

    await email.fill('new.teacher@demo.school');
    await expect(page.getByRole('alert').filter({ hasText: FIELDS_REQUIRED })).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await name.fill('New Teacher');
    await expectCleared(page, page.locator('#main'), FIELDS_REQUIRED, [email, name]);
  });

  test('New Staff: ‘Please enter a name’ goes as the name is typed', async ({ page }) => {
    await page.goto('/app/managestaff/edit');
    await waitForHydration(page);
    const name = page.getByLabel('Name', { exact: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert')).toHaveText(NAME_REQUIRED);
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await name.fill('Aroha Ngata');
    await expectCleared(page, page.locator('#main'), NAME_REQUIRED, [name]);
  });

  test('New gallery: the title’s error goes once a title is typed (spaces are no title)', async ({ page }) => {
    await page.goto('/website/galleries/new');
    await waitForHydration(page);
    const title = page.getByLabel('Title');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText(GALLERY_TITLE_REQUIRED)).toBeVisible();
    await title.fill('   ');
    await expect(page.getByText(GALLERY_TITLE_REQUIRED)).toBeVisible();
    await title.fill('Sports day');
    await expect(page.getByText(GALLERY_TITLE_REQUIRED)).toHaveCount(0);
    await expect(title).not.toHaveAttribute('aria-invalid', 'true');
  });
});

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('Sign in: a refusal marks both fields, and goes as soon as the user types again', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('admin@demo.school');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toBeVisible();
    await page.waitForLoadState('load');
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription(await alert.innerText());

    await password.fill('another try');
    await expect(alert).toHaveCount(0);
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await expect(password).not.toHaveAttribute('aria-invalid', 'true');
    await expect(password).not.toHaveClass(/is-invalid/);
  });

  test('Forgot password: the refusal goes once the address is edited', async ({ page }) => {
    await page.goto('/forgot-password');
    const email = page.getByLabel('Email');
    await email.fill('not an address');
    await page.getByRole('button', { name: 'Email me a reset link' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    // The page's script (a module) runs once loaded: a person types later than a test does.
    await page.waitForLoadState('load');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await email.fill('admin@demo.school');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  });
});
