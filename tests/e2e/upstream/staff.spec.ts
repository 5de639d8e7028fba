/** Upstream mode's app staff list: add, move and delete through the real screens, each change reaching the legacy backend by index. */
import { expect, test } from '../support/test';
import { legacyUrl, storageStatePath } from '../support/env';
import { toast, waitForHydration } from '../support/website-lists';
import { LEGACY_SCHOOL } from '../../legacy-backend/seed';

test.use({ storageState: storageStatePath('upstream') });

const UPDATED = 'Your staff list has been updated.';

async function legacyNames(): Promise<string[]> {
  const res = await fetch(`${legacyUrl()}/__test/slice/${LEGACY_SCHOOL}/staff`);
  const slice = (await res.json()) as { staff: Array<{ name: string }> };
  return slice.staff.map((person) => person.name);
}

test('New Staff, Move up and Delete change the legacy list and say so', async ({ page }) => {
  const name = `Upstream Person ${Date.now()}`;
  await page.goto('/app/managestaff');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Staff List' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Staff' }).locator('tbody th[scope="row"]').first()).toBeVisible();

  await page.getByRole('link', { name: 'New Staff' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Staff' })).toBeVisible();
  await waitForHydration(page);
  // The legacy backend stores no photos: Image URL takes an address only.
  await expect(page.getByText('Upload photo')).toHaveCount(0);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email', { exact: true }).fill('upstream.person@legacy.school');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, UPDATED)).toBeVisible();
  await expect(page).toHaveURL(/\/app\/managestaff(\?page=\d+)?$/);
  await waitForHydration(page);
  const before = await legacyNames();
  expect(before.at(-1)).toBe(name);

  await page.getByRole('button', { name: `Move ${name} up` }).click();
  await expect(toast(page, UPDATED).last()).toBeVisible();
  await expect.poll(async () => (await legacyNames()).indexOf(name)).toBe(before.length - 2);

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Delete this person?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);
  await expect.poll(legacyNames).toEqual(before.filter((person) => person !== name));
});
