import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { legacyUrl, storageStatePath } from '../support/env';
import { toast, waitForHydration } from '../support/website-lists';
import { LEGACY_ADMIN, LEGACY_SCHOOL } from '../../legacy-backend/seed';
import type { AccountSlice } from '../../legacy-backend/modules/account';

/** Manage Users in upstream mode: the legacy backend's users, authorised and unauthorised through it (no invitations). */
test.use({ storageState: storageStatePath('upstream') });

async function legacyUsers(page: Page): Promise<string[]> {
  const res = await page.request.get(`${legacyUrl()}/__test/slice/${LEGACY_SCHOOL}/account`);
  const slice = (await res.json()) as AccountSlice | null;
  return (slice?.users ?? []).map((u) => u.Email);
}

test.describe('Manage Users (upstream)', () => {
  test('lists the legacy users, authorises one and unauthorises them', async ({ page }) => {
    await page.goto('/account/users');
    await waitForHydration(page);
    const table = page.getByRole('table', { name: 'Authorised users' });
    // No invitations in the legacy backend: no Status column, no Send again.
    await expect(table.locator('thead th')).toHaveText(['Email', 'Name', 'Unauthorise']);
    await expect(table).toContainText(`${LEGACY_ADMIN.email} (you)`);
    await expect(table).toContainText('office@legacy.school');

    const email = `teacher.${crypto.randomBytes(4).toString('hex')}@legacy.school`;
    await page.getByLabel('Email of the user to authorise').fill(email);
    await page.getByLabel('Name of the user to authorise').fill('New Teacher');
    await page.getByRole('button', { name: 'Authorise', exact: true }).click();
    await expect(toast(page, 'User Added!')).toBeVisible();
    await expect(table.locator(`tr[data-email="${email}"]`)).toContainText('New Teacher');
    await expect(page.getByRole('button', { name: /^Send the invitation/ })).toHaveCount(0);
    expect(await legacyUsers(page)).toContain(email);

    await page.getByRole('button', { name: `Unauthorise ${email}` }).click();
    await page
      .getByRole('dialog', { name: `Unauthorise ${email}?` })
      .getByRole('button', { name: 'Unauthorise', exact: true })
      .click();
    await expect(toast(page, 'User Deleted!')).toBeVisible();
    await expect(table.locator(`tr[data-email="${email}"]`)).toHaveCount(0);
    expect(await legacyUsers(page)).not.toContain(email);
  });
});
