import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test';
import type { Page } from '@playwright/test';
import { storageStatePath } from './support/env';
import { recordApiCalls } from './support/fixtures';
import { rowOf, seriousViolations, toast, waitForHydration, watchErrors } from './support/website-lists';

/** Manage Mailing List (/newsletter/manage/list) as the demo school's admin. Specs share the school: every address is new. */
test.use({ storageState: storageStatePath('admin') });

const PATH = '/newsletter/manage/list';

function uniqueEmail(prefix: string): string {
  return `${prefix}.${crypto.randomBytes(4).toString('hex')}@families.example.org`;
}

function membersTable(page: Page) {
  return page.getByRole('table', { name: 'Members' });
}

async function open(page: Page, path = PATH): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

async function addMember(page: Page, name: string, email: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Add New Member' });
  await form.getByLabel('Full name', { exact: true }).fill(name);
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByRole('button', { name: 'Add New Member' }).click();
}

test.describe('Manage Mailing List', () => {
  test('the first page is in the first HTML: Email, Name, Subscribed, Manage, ten a page, no list call', async ({ page }) => {
    const api = (await (await page.request.get('/api/newsletter/manage/list/page?page=1')).json()) as { members: { address: string }[] };
    const newest = api.members[0]?.address ?? 'no member';
    // The demo school has a mailing list: its newest member is on the first page of the first HTML.
    expect(await (await page.request.get(PATH)).text()).toContain(newest);
    const calls = recordApiCalls(page);
    const errors = watchErrors(page);
    await open(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Mailing List' })).toBeVisible();
    const table = membersTable(page);
    await expect(table.getByRole('columnheader')).toHaveText(['Email', 'Name', 'Subscribed', 'Manage']);
    await expect(table.locator('tbody tr')).toHaveCount(10);
    await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(/^Showing 1–10 of \d+ members\.$/);
    expect(calls.filter((c) => c.includes('/api/newsletter/'))).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('Add New Member: both fields required, then the member is first, subscribed, with the spec’s toast', async ({ page }) => {
    await open(page);
    const email = uniqueEmail('Ada.Parent');
    // Empty email: the spec's text, nothing added, the name kept.
    await addMember(page, 'Ada Parent', '');
    await expect(toast(page, 'Failed! All fields must be filled in!')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Add New Member' }).getByRole('alert')).toHaveText('Failed! All fields must be filled in!');
    await expect(page.getByLabel('Full name', { exact: true })).toHaveValue('Ada Parent');
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();

    await addMember(page, 'Ada Parent', email);
    await expect(toast(page, 'Member has been added to your mailing list')).toBeVisible();
    const first = membersTable(page).locator('tbody tr').first();
    await expect(first).toContainText(email);
    await expect(first).toContainText('Ada Parent');
    await expect(first.locator('td', { hasText: /^Yes$/ })).toBeVisible();
    await expect(page.getByLabel('Full name', { exact: true })).toHaveValue('');

    // The same address again, in another case: a clear message, the typed values kept.
    await addMember(page, 'Ada Again', email.toUpperCase());
    await expect(page.getByRole('form', { name: 'Add New Member' }).getByRole('alert')).toHaveText('This email address is already on your mailing list.');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email.toUpperCase());
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  });

  test('filter by address or name, kept in the address through a reload', async ({ page }) => {
    const tag = crypto.randomBytes(3).toString('hex');
    await open(page);
    for (const who of ['Filter One', 'Filter Two']) {
      await addMember(page, `${who} ${tag}`, uniqueEmail(`filter${tag}`));
      // The form empties when the add succeeds: typing the next one before would be wiped by it.
      await expect(page.getByRole('form', { name: 'Add New Member' }).getByLabel('Full name', { exact: true })).toHaveValue('');
    }
    await expect(toast(page, 'Member has been added to your mailing list').first()).toBeVisible();
    await expect(membersTable(page).getByText(`Filter Two ${tag}`)).toBeVisible();

    const search = page.getByRole('searchbox', { name: 'Filter members by email or name' });
    await search.fill(tag);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`query=${tag}`));
    await expect(membersTable(page).locator('tbody tr')).toHaveCount(2);
    await page.reload();
    await waitForHydration(page);
    await expect(membersTable(page).locator('tbody tr')).toHaveCount(2);
    await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(`Showing 1–2 of 2 members matching “${tag}”.`);
  });

  test('Delete asks first; Cancel keeps the member, Delete removes it with the spec’s toast', async ({ page }) => {
    const email = uniqueEmail('leaving');
    await open(page);
    await addMember(page, 'Leaving Parent', email);
    const row = rowOf(membersTable(page), email);
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: `Delete ${email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this member?' });
    await expect(dialog).toContainText(`${email} will no longer receive your newsletters.`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: `Delete ${email}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Email has been removed from your mailing list.')).toBeVisible();
    await expect(rowOf(membersTable(page), email)).toHaveCount(0);
    await page.reload();
    await expect(page.getByText(email)).toHaveCount(0);
  });

  test('Import CSV: checked first with the bad rows named, then imported whole; Export CSV downloads the list for Excel', async ({ page }) => {
    const tag = crypto.randomBytes(3).toString('hex');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-portal-e2e-csv-'));
    const file = path.join(dir, 'parents.csv');
    fs.writeFileSync(file, `Name,Email\nCsv One ${tag},csv1.${tag}@families.example.org\nCsv Two ${tag},csv2.${tag}@families.example.org\nNo Address ${tag},not-an-address\n`);
    await open(page);
    await page.getByLabel('CSV file to import').setInputFiles(file);
    await expect(page.getByText('parents.csv: 3 rows read.')).toBeVisible();
    await expect(page.getByText('2 new members to add')).toBeVisible();
    await expect(page.getByText('1 row left out')).toBeVisible();
    const problems = page.getByRole('table', { name: 'Rows left out' });
    await expect(problems.locator('tbody tr')).toHaveText([/4\s*Failed! Please enter a valid email address\./]);
    // Nothing is written by the check.
    expect(await (await page.request.get(`/api/newsletter/manage/list/page?query=${tag}`)).json()).toMatchObject({ total: 0 });

    await page.getByRole('button', { name: 'Import 2 members' }).click();
    await expect(toast(page, '2 members have been added to your mailing list.')).toBeVisible();
    await expect(rowOf(membersTable(page), `csv1.${tag}@families.example.org`)).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const saved = await (await download).path();
    const text = fs.readFileSync(saved, 'utf8');
    expect(text.startsWith('\uFEFFEmail,Name,Subscribed\r\n')).toBe(true);
    expect(text).toContain(`csv2.${tag}@families.example.org,Csv Two ${tag},Yes\r\n`);
  });

  for (const size of [
    { width: 1400, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${size.width}×${size.height}: no sideways scroll, no serious or critical axe violations`, async ({ page }) => {
      await page.setViewportSize(size);
      await open(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
