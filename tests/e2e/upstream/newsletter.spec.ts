import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { legacyUrl, storageStatePath } from '../support/env';
import { toast, waitForHydration } from '../support/website-lists';
import { LEGACY_SCHOOL } from '../../legacy-backend/seed';
import type { NewsletterSlice } from '../../legacy-backend/modules/newsletter';

/** Manage Mailing List in upstream mode: the legacy backend's members, added and deleted through it. */
test.use({ storageState: storageStatePath('upstream') });

const PATH = '/newsletter/manage/list';

async function legacyMembers(page: Page): Promise<string[]> {
  const res = await page.request.get(`${legacyUrl()}/__test/slice/${LEGACY_SCHOOL}/newsletter`);
  const slice = (await res.json()) as NewsletterSlice | null;
  return (slice?.members ?? []).map((m) => m.address);
}

async function open(page: Page): Promise<void> {
  await page.goto(PATH);
  await waitForHydration(page);
}

test.describe('Manage Mailing List (upstream)', () => {
  test('shows the legacy members, ten a page, without CSV import or export', async ({ page }) => {
    await open(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Mailing List' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Members' });
    await expect(table.getByRole('columnheader')).toHaveText(['Email', 'Name', 'Subscribed', 'Manage']);
    await expect(table.locator('tbody tr')).toHaveCount(10);
    await expect(table).toContainText('nico.parent@families.example');
    await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(/^Showing 1–10 of \d+ members\.$/);
    await expect(page.getByRole('heading', { name: 'Import and export' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
  });

  test('adds a member and deletes it: the spec’s toasts, the legacy list changed', async ({ page }) => {
    const email = `up.${crypto.randomBytes(4).toString('hex')}@families.example`;
    await open(page);
    const form = page.getByRole('form', { name: 'Add New Member' });
    await form.getByLabel('Full name', { exact: true }).fill('Upstream Parent');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByRole('button', { name: 'Add New Member' }).click();
    await expect(toast(page, 'Member has been added to your mailing list')).toBeVisible();
    const first = page.getByRole('table', { name: 'Members' }).locator('tbody tr').first();
    await expect(first).toContainText(email);
    await expect(first).toContainText('Upstream Parent');
    expect(await legacyMembers(page)).toContain(email);

    await first.getByRole('button', { name: `Delete ${email}` }).click();
    await page.getByRole('dialog', { name: 'Remove this member?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Email has been removed from your mailing list.')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Members' })).not.toContainText(email);
    expect(await legacyMembers(page)).not.toContain(email);
  });
});
