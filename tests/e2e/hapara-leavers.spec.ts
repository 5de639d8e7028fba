import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { storageStatePath } from './support/env';
import { seriousViolations, toast, waitForHydration, watchErrors } from './support/website-lists';
import { LEAVERS_CLASS_LIST_REFUSED, LEAVERS_NOT_CLASS_LIST, LEAVERS_REQUESTED } from '../../src/modules/hapara/rules';

/**
 * Leavers List Upload (/hapara/leavers) as the demo school's admin. The roster is the demo seed's
 * (faker, fixed seed): the file's names are read from the API at test time, never written here.
 * Other specs share the school, so each run picks students no other change is waiting for.
 */
test.use({ storageState: storageStatePath('admin') });

const PATH = '/hapara/leavers';
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/hapara');

interface Row {
  index: number | null;
  firstname: string;
  lastname: string;
  class: string;
  email: string;
  pending: string | null;
}

const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

async function roster(request: APIRequestContext): Promise<Row[]> {
  const res = await request.get('/api/hapara/manage/studentlist');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { studentList: Row[] }).studentList;
}

/**
 * `count` students on the roster with nothing waiting whose name and class no one else shares,
 * from the middle of the list (the student list's own specs work on its first pages), and a
 * different pick each call so a retry does not reuse them.
 */
async function pickStudents(request: APIRequestContext, count: number): Promise<Row[]> {
  const all = await roster(request);
  // Compared as the upload compares them (no case, no accents), so a pick is never ambiguous.
  const key = (r: Row) => plain(`${r.firstname}|${r.lastname}|${r.class}`).toLowerCase();
  const seen = new Map<string, number>();
  for (const r of all) seen.set(key(r), (seen.get(key(r)) ?? 0) + 1);
  const free = all.filter((r) => r.index !== null && r.pending === null && seen.get(key(r)) === 1);
  expect(free.length).toBeGreaterThan(count * 4);
  const start = Math.floor(free.length / 2) + crypto.randomInt(0, Math.floor(free.length / 4));
  return free.slice(start, start + count);
}

function csvFile(lines: string[], name = 'leavers.csv'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-portal-e2e-leavers-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, `${lines.join('\r\n')}\r\n`);
  return file;
}

async function open(page: Page): Promise<void> {
  await page.goto(PATH);
  await waitForHydration(page);
}

async function check(page: Page, file: string): Promise<void> {
  await page.getByLabel('Leavers CSV file').setInputFiles(file);
  await page.getByRole('button', { name: 'Check file' }).click();
}

test.describe('Leavers List Upload', () => {
  test('the file-format help and the class-list warning are in the first HTML', async ({ page }) => {
    const html = await (await page.request.get(PATH)).text();
    for (const text of ['CSV files only', 'First Name', 'Last Name', 'Class', 'The first row is column names.', 'Student ID', LEAVERS_NOT_CLASS_LIST]) {
      expect(html).toContain(text);
    }
    const errors = watchErrors(page);
    await open(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Leavers List Upload' })).toBeVisible();
    await expect(page.getByRole('note').filter({ hasText: LEAVERS_NOT_CLASS_LIST })).toBeVisible();
    await expect(page.getByLabel('Leavers CSV file')).toHaveAttribute('accept', '.csv,text/csv');
    await expect(page.getByRole('button', { name: 'Check file' })).toBeDisabled();
    expect(errors).toEqual([]);
  });

  test('a file with one unknown row: the check shows it with its row number and writes nothing; Confirm files the requests with the spec’s toast', async ({
    page,
  }) => {
    const [first, second] = await pickStudents(page.request, 2);
    if (!first || !second) throw new Error('The demo roster has too few students.');
    const tag = crypto.randomBytes(3).toString('hex');
    // The first student's name without macrons or accents, as a spreadsheet often has it: still matched.
    const file = csvFile([
      'First Name,Last Name,Class',
      `${plain(first.firstname)},${plain(first.lastname)},${first.class}`,
      `${second.firstname},${second.lastname},${second.class}`,
      `Nobody,Unknown${tag},${first.class}`,
    ]);
    await open(page);
    await check(page, file);

    await expect(page.getByText('leavers.csv: 3 rows read.')).toBeVisible();
    await expect(page.getByText('2 students matched: a deletion request will be sent for each')).toBeVisible();
    await expect(page.getByText('1 row fits no student (left out)')).toBeVisible();
    const matched = page.getByRole('table', { name: 'Matched students' });
    await expect(matched.locator('tbody tr')).toHaveCount(2);
    await expect(matched.locator('tbody tr').first()).toContainText(first.email);
    await expect(matched.locator('tbody tr').nth(1)).toContainText(second.email);
    const unknown = page.getByRole('table', { name: 'Rows that fit no student' });
    await expect(unknown.locator('tbody tr')).toHaveText([
      new RegExp(`^4\\s*Nobody\\s*Unknown${tag}\\s*${first.class}\\s*No student with this name in class ${first.class}$`),
    ]);
    // The check writes nothing: both students are still without a pending change.
    const before = await roster(page.request);
    expect(before.filter((r) => r.index === first.index || r.index === second.index).map((r) => r.pending)).toEqual([null, null]);

    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, LEAVERS_REQUESTED)).toBeVisible();
    await expect(page.getByText('2 deletion requests have been sent to your provider for verification.')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Deletion requested' }).locator('tbody tr')).toHaveCount(2);
    const after = await roster(page.request);
    expect(after.filter((r) => r.index === first.index || r.index === second.index).map((r) => r.pending)).toEqual(['delete', 'delete']);
    // The screen's own result is checked by axe; the shared toast's colours are lib/toast.ts's, so it is taken away first.
    await page.evaluate(() => document.querySelectorAll('.toastify').forEach((element) => element.remove()));
    expect(await seriousViolations(page)).toEqual([]);

    // The same file again: both are waiting now, so nothing can be confirmed.
    await page.getByRole('button', { name: 'Upload another file' }).click();
    await check(page, file);
    await expect(page.getByRole('table', { name: 'Already waiting for verification' }).locator('tbody tr')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  });

  test('a class list is refused with the spec’s warning in an alert, the chosen file kept', async ({ page }) => {
    await open(page);
    await check(page, path.join(FIXTURES, 'class-list.csv'));
    await expect(page.getByRole('alert')).toHaveText(`class-list.csv: ${LEAVERS_CLASS_LIST_REFUSED}`);
    const input = page.getByLabel('Leavers CSV file');
    expect(await input.evaluate((el: HTMLInputElement) => el.files?.[0]?.name)).toBe('class-list.csv');
    await expect(page.getByRole('button', { name: 'Check file' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  });

  for (const size of [
    { width: 1400, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${size.width}×${size.height}: no sideways scroll, no serious or critical axe violations, a check’s result included`, async ({ page }) => {
      await page.setViewportSize(size);
      await open(page);
      expect(await seriousViolations(page)).toEqual([]);
      const [student] = await pickStudents(page.request, 1);
      if (!student) throw new Error('The demo roster has too few students.');
      await check(page, csvFile(['First Name,Last Name,Class', `${student.firstname},${student.lastname},${student.class}`, 'Nobody,Here,ZZ9']));
      await expect(page.getByRole('table', { name: 'Rows that fit no student' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      // A refused file: the error's alert.
      await check(page, path.join(FIXTURES, 'class-list.csv'));
      await expect(page.getByRole('alert')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
