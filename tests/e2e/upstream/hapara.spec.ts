import fs from 'node:fs';
import { expect, test } from '../support/test';
import { legacyUrl, storageStatePath } from '../support/env';
import { toast, waitForHydration } from '../support/website-lists';
import type { HaparaSlice } from '../../legacy-backend/modules/hapara';
import { LEGACY_SCHOOL } from '../../legacy-backend/seed';

/**
 * Learning in the Cloud in upstream mode: the screens fed by the reference legacy backend,
 * signed in as its admin. Specs share the backend: what a test adds has a unique name.
 */
test.use({ storageState: storageStatePath('upstream') });

const ADD_REQUESTED = 'Success! The new student has been sent to your provider for verification. You will be notified by email.';

async function legacySlice(request: import('@playwright/test').APIRequestContext): Promise<HaparaSlice> {
  const res = await request.get(`${legacyUrl()}/__test/slice/${LEGACY_SCHOOL}/hapara`);
  return (await res.json()) as HaparaSlice;
}

test.describe('Learning in the Cloud (upstream)', () => {
  test('the student list shows the legacy backend’s students, paged, in the first HTML', async ({ page }) => {
    const html = await (await page.request.get('/hapara/studentlist')).text();
    expect(html).toContain('isla9@legacy.school');
    await page.goto('/hapara/studentlist');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Students' })).toBeVisible();
    const table = page.locator('#students-table');
    await expect(table.locator('tbody tr')).toHaveCount(10);
    await expect(table.locator('tbody tr').first()).toContainText('Isla');
    await page.getByRole('navigation', { name: 'Students pagination' }).getByRole('link', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(/\/hapara\/studentlist\?page=2$/);
    await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(/^Showing 11–\d+ of \d+ students\.$/);
  });

  test('adds a student: the legacy backend has it, and the row shows it pending', async ({ page }) => {
    const lastname = `Upstream${Date.now().toString(36).replace(/\d/g, '')}`;
    await page.goto('/hapara/studentlist');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Add New Student' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Student' });
    await dialog.getByLabel('First Name').fill('Aroha');
    await dialog.getByLabel('Last Name').fill(lastname);
    await dialog.getByLabel('Class').selectOption('room2');
    await dialog.getByLabel('Student ID', { exact: true }).fill('4242');
    await dialog.getByRole('button', { name: 'Add New Student' }).click();
    await expect(toast(page, ADD_REQUESTED)).toBeVisible();
    await expect(dialog).toHaveCount(0);

    const stored = (await legacySlice(page.request)).students.find((s) => s['Last Name'] === lastname);
    expect(stored).toMatchObject({ 'First Name': 'Aroha', Class: 'room2', 'Student ID': '4242', Status: 'Pending Addition' });

    await page.getByRole('searchbox', { name: 'Filter students by name, class or email' }).fill(lastname);
    await page.getByRole('searchbox', { name: 'Filter students by name, class or email' }).press('Enter');
    const row = page.locator('#students-table tbody tr').filter({ hasText: lastname });
    await expect(row).toBeVisible();
    await expect(row.getByText('Pending verification')).toBeVisible();
  });

  test('Export CSV downloads the legacy backend’s file', async ({ page }) => {
    await page.goto('/hapara/studentlist');
    await waitForHydration(page);
    const popup = page.waitForEvent('popup');
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    await popup;
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`students-${LEGACY_SCHOOL}.csv`);
    const text = fs.readFileSync(await download.path(), 'utf8');
    expect(text.split('\r\n')[0]).toBe('First Name,Last Name,Class,Email,Student ID');
    expect(text).toContain('Isla,Brown,room3,isla9@legacy.school');
  });

  test('the class list and status show the legacy data; the leavers upload is hidden', async ({ page }) => {
    await page.goto('/hapara/classlist');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Classes' })).toBeVisible();
    const classes = page.getByRole('table', { name: 'Classes' });
    await expect(classes.locator('tbody th[scope="row"] .class-code')).toHaveText(['room1', 'room2', 'room3']);
    await expect(classes.getByLabel('Class name of room1')).toHaveValue('Room 1');
    await expect(classes.getByRole('list', { name: 'Teachers of room1' }).getByRole('listitem')).toHaveText(['j.grey', 'p.kent']);
    await expect(classes.getByRole('button', { name: 'Folders of room1: All Files' })).toBeVisible();

    await page.goto('/hapara/status');
    await expect(page.locator('#status-table tbody tr').first()).toContainText(LEGACY_SCHOOL);

    await page.goto('/hapara/upload');
    await expect(page.getByRole('heading', { name: 'Student List Upload' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upload a leavers list' })).toHaveCount(0);
    // Nor in the menu: Leavers List Upload opens /hapara/leavers, which the legacy backend cannot feed.
    await expect(page.locator('#app-sidebar').getByRole('link', { name: 'Leavers List Upload' })).toHaveCount(0);
    await expect(page.locator('#app-sidebar').getByRole('link', { name: 'Student List Upload' })).toHaveAttribute('href', '/hapara/upload');
    const leavers = await page.request.get('/hapara/leavers');
    expect(await leavers.text()).not.toContain('Upload leavers');
  });
});
