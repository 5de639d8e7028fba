import fs from 'node:fs';
import { expect, test } from './support/test';
import type { Page } from '@playwright/test';
import { storageStatePath } from './support/env';
import { recordApiCalls } from './support/fixtures';
import { seriousViolations, toast, waitForHydration, watchErrors } from './support/website-lists';
import {
  approveRequest,
  filterStudents,
  mailToRequester,
  openHaparaDb,
  pendingRequestId,
  requestStudent,
  rosterStudent,
  STUDENT_LIST,
  studentForm,
  studentRow,
  studentsTable,
  uniqueWord,
} from './support/hapara';
import type { Db } from '../../src/platform/db';

/**
 * Manage Students (/hapara/studentlist) as the demo school's admin. Specs share the school and
 * add requests meanwhile: every student a test looks at is its own, with a unique last name.
 */
test.use({ storageState: storageStatePath('admin') });

const LOADING = 'Loading... This may take up to 30 seconds!';
const FIELDS_REQUIRED = 'Failed! All fields must be filled in!';
const ADD_REQUESTED = 'Success! The new student has been sent to your provider for verification. You will be notified by email.';
const EDIT_REQUESTED = 'Success! The changes have been sent to your provider for verification. You will be notified by email.';
const DELETE_REQUESTED = 'Success! The deletion has been sent to your provider for verification. You will be notified by email.';
const PAGE_CALL = '/api/hapara/manage/studentlist/page';

let db: Db;
test.beforeAll(() => {
  db = openHaparaDb();
});
test.afterAll(async () => {
  await db.destroy();
});

async function open(page: Page, path = STUDENT_LIST): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/** Holds the list's page calls until `release` is called, so the loading text can be seen. */
async function holdPageCalls(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${PAGE_CALL}**`, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test.describe('Manage Students', () => {
  test('the first page is in the first HTML: the five columns, ten students, no list call, no loading text', async ({ page }) => {
    // The module's own address opens the student list.
    const home = await page.request.get('/hapara', { maxRedirects: 0 });
    expect(home.status()).toBe(302);
    expect(home.headers()['location']).toBe(STUDENT_LIST);
    const api = (await (await page.request.get(`${PAGE_CALL}?page=1`)).json()) as { studentList: Array<{ email: string }>; total: number };
    // The demo school's roster is large (about 600): the first page is full.
    expect(api.total).toBeGreaterThan(20);
    expect(await (await page.request.get(STUDENT_LIST)).text()).toContain(api.studentList[0]?.email ?? 'no student');
    const calls = recordApiCalls(page);
    const errors = watchErrors(page);
    await open(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Students' })).toBeVisible();
    const table = studentsTable(page);
    await expect(table.getByRole('columnheader')).toHaveText(['First Name', 'Last Name', 'Class', 'Email', 'Manage']);
    await expect(table.locator('tbody tr')).toHaveCount(10);
    await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(/^Showing 1–10 of \d+ students\.$/);
    await expect(page.getByText(LOADING)).toHaveCount(0);
    expect(calls.filter((c) => c.includes('/api/hapara/'))).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('filter and page: the filter narrows to the expected rows, page 2 shows rows 11–20, the address keeps page and query', async ({ page }) => {
    const tag = uniqueWord('Pager');
    // Twelve students of one made-up family: first names in alphabetical order, so the pages are known.
    const firstNames = ['Ana', 'Ben', 'Cai', 'Dov', 'Eli', 'Fay', 'Gus', 'Hana', 'Ira', 'Jo', 'Kea', 'Lior'];
    for (const firstname of firstNames) await requestStudent(page.request, { firstname, lastname: tag });

    await open(page);
    // Unfiltered, page 2 is rows 11–20 of the roster, and the address says so.
    const release = await holdPageCalls(page);
    await page.getByRole('navigation', { name: 'Students pagination' }).getByRole('link', { name: 'Page 2', exact: true }).click();
    // While the page is fetched the spec's loading text is shown.
    await expect(page.getByRole('status').filter({ hasText: LOADING })).toBeVisible();
    release();
    await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(/^Showing 11–20 of \d+ students\.$/);
    await expect(page).toHaveURL(/\/hapara\/studentlist\?page=2$/);
    await expect(studentsTable(page).locator('tbody tr')).toHaveCount(10);
    await page.unroute(`**${PAGE_CALL}**`);

    await filterStudents(page, tag);
    await expect(page).toHaveURL(new RegExp(`\\?query=${tag}$`));
    await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(`Showing 1–10 of 12 students matching “${tag}”.`);
    const firstNameCells = studentsTable(page).locator('tbody th[scope="row"]');
    await expect(firstNameCells).toHaveText(firstNames.slice(0, 10).map((name) => new RegExp(`^${name}`)));

    await page.getByRole('navigation', { name: 'Students pagination' }).getByRole('link', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`\\?page=2&query=${tag}$`));
    await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(`Showing 11–12 of 12 students matching “${tag}”.`);
    await expect(firstNameCells).toHaveText([/^Kea/, /^Lior/]);

    // The address is the list: a reload shows the same page of the same filter, from the first HTML.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole('searchbox', { name: 'Filter students by name, class or email' })).toHaveValue(tag);
    await expect(firstNameCells).toHaveText([/^Kea/, /^Lior/]);
    // Back returns to the first page of the filter.
    await page.goBack();
    await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(`Showing 1–10 of 12 students matching “${tag}”.`);
  });

  test('Add New Student: an empty field is refused with nothing sent; filled, the row shows it pending; approved, the badge goes and the requester is mailed', async ({
    page,
  }) => {
    const lastname = uniqueWord('Ngata');
    const form = await studentForm(page.request);
    const classCode = form.classes[1]?.code ?? form.classes[0]?.code ?? '';
    await open(page);
    await filterStudents(page, lastname);
    await expect(studentsTable(page)).toContainText('No students match your search');

    // Keyboard: the button opens the dialog with focus on the first field; Escape closes it and focus goes back.
    const addButton = page.getByRole('button', { name: 'Add New Student' });
    await addButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add New Student' });
    await expect(dialog.getByLabel('First Name')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(addButton).toBeFocused();

    await addButton.click();
    await dialog.getByLabel('First Name').fill('Aroha');
    await dialog.getByLabel('Last Name').fill(lastname);
    await dialog.getByLabel('Class').selectOption(classCode);
    // Every extra field but the last is filled: the last one is left empty.
    const extras = form.fields;
    expect(extras.length).toBeGreaterThan(0);
    for (const field of extras.slice(0, -1)) await dialog.getByLabel(field, { exact: true }).fill('12345');
    const calls = recordApiCalls(page);
    await dialog.getByRole('button', { name: 'Add New Student' }).click();
    await expect(toast(page, FIELDS_REQUIRED)).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveText(FIELDS_REQUIRED);
    const empty = dialog.getByLabel(extras[extras.length - 1] ?? '', { exact: true });
    await expect(empty).toBeFocused();
    await expect(empty).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('First Name')).toHaveValue('Aroha');
    await expect(dialog.getByLabel('Last Name')).toHaveValue(lastname);
    expect(calls.filter((c) => c.startsWith('POST '))).toEqual([]);

    // Fixing the field clears its error at once: no stale message on a complete form.
    await empty.fill('67890');
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expect(empty).not.toHaveAttribute('aria-invalid', 'true');
    // Its toast too, well before its own 8 s.
    await expect(toast(page, FIELDS_REQUIRED)).toHaveCount(0, { timeout: 3_000 });
    await dialog.getByRole('button', { name: 'Add New Student' }).click();
    await expect(toast(page, ADD_REQUESTED)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    expect(calls).toContain('POST /api/hapara/manage/students/add');
    const row = studentRow(studentsTable(page), lastname);
    await expect(row).toBeVisible();
    await expect(row.locator('td[data-label="Class"]')).toHaveText(classCode);
    const badge = row.getByText('Pending verification');
    await expect(badge).toBeVisible();
    await expect(badge).toHaveText('Pending verification: new student', { useInnerText: false });
    // Waiting for verification: it cannot be changed or deleted yet.
    await expect(row.getByRole('button', { name: /^Edit Details/ })).toBeDisabled();
    await expect(row.getByRole('button', { name: /^Delete/ })).toBeDisabled();
    // A reload keeps it (the request is on the server).
    await page.reload();
    await waitForHydration(page);
    await expect(studentRow(studentsTable(page), lastname).getByText('Pending verification')).toBeVisible();

    // The provider approves it with the operator command: the row loses its badge, and the requester is told by email.
    approveRequest(await pendingRequestId(db, 'add', lastname));
    await page.reload();
    await waitForHydration(page);
    const approved = studentRow(studentsTable(page), lastname);
    await expect(approved).toBeVisible();
    await expect(approved.getByText('Pending verification')).toHaveCount(0);
    await expect(approved.getByRole('button', { name: /^Edit Details/ })).toBeEnabled();
    const subject = await mailToRequester(db, lastname);
    expect(subject).toMatch(new RegExp(`^Approved: .*Aroha ${lastname}`));
  });

  test('Edit Details: every field required, the typed values kept; saved, the row shows the change pending', async ({ page }) => {
    const lastname = uniqueWord('Edit');
    const student = await rosterStudent(page.request, db, { firstname: 'Mereana', lastname });
    await open(page, `${STUDENT_LIST}?query=${lastname}`);
    const row = studentRow(studentsTable(page), lastname);
    const editButton = row.getByRole('button', { name: `Edit Details for Mereana ${lastname}` });
    await editButton.click();
    const dialog = page.getByRole('dialog', { name: `Edit Details: Mereana ${lastname}` });
    await expect(dialog.getByLabel('First Name')).toHaveValue('Mereana');
    await expect(dialog.getByLabel('Class')).toHaveValue(student.class);
    await expect(dialog.getByLabel('Email')).toHaveValue(student.email);

    // Cancel changes nothing and gives focus back to the row's button.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(editButton).toBeFocused();

    await editButton.click();
    await dialog.getByLabel('First Name').fill('');
    await dialog.getByLabel('Last Name').fill(`${lastname}-Smith`);
    const calls = recordApiCalls(page);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, FIELDS_REQUIRED)).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveText(FIELDS_REQUIRED);
    await expect(dialog.getByLabel('First Name')).toBeFocused();
    await expect(dialog.getByLabel('Last Name')).toHaveValue(`${lastname}-Smith`);
    expect(calls).toEqual([]);

    // A refusal of the server is shown in the dialog, the input kept.
    await dialog.getByLabel('First Name').fill('Mere');
    await dialog.getByLabel('Email').fill('not-an-address');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Failed! Please enter a valid email address.');
    await expect(dialog.getByLabel('Email')).toHaveValue('not-an-address');

    await dialog.getByLabel('Email').fill(student.email);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, EDIT_REQUESTED)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByText('Pending verification')).toHaveText('Pending verification: changes', { useInnerText: false });
    await expect(row.getByRole('button', { name: /^Edit Details/ })).toBeDisabled();
    // The edit's button is disabled now: focus is on the table, not lost.
    await expect(studentsTable(page)).toBeFocused();
    // The roster keeps the current details until the provider approves; the request holds the new ones.
    await pendingRequestId(db, 'edit', `${lastname}-Smith`);
  });

  test('Delete asks first: Cancel keeps the student as it was; Delete makes the deletion pending', async ({ page }) => {
    const lastname = uniqueWord('Leaving');
    await rosterStudent(page.request, db, { firstname: 'Tama', lastname });
    await open(page, `${STUDENT_LIST}?query=${lastname}`);
    const row = studentRow(studentsTable(page), lastname);
    const deleteButton = row.getByRole('button', { name: `Delete Tama ${lastname}` });

    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: 'Delete this student?' });
    await expect(dialog).toContainText(`Tama ${lastname}`);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Pending verification')).toHaveCount(0);
    await expect(deleteButton).toBeFocused();

    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, DELETE_REQUESTED)).toBeVisible();
    await expect(row.getByText('Pending verification')).toHaveText('Pending verification: deletion', { useInnerText: false });
    await expect(deleteButton).toBeDisabled();
    // Still listed until the provider verifies; a reload shows the same.
    await page.reload();
    await waitForHydration(page);
    await expect(studentRow(studentsTable(page), lastname).getByText('Pending verification')).toBeVisible();
  });

  test('Export CSV opens in a new tab and downloads the roster for Excel: BOM, header row, the students’ lines', async ({ page }) => {
    const lastname = uniqueWord('Export');
    const student = await rosterStudent(page.request, db, { firstname: 'Ngaio', lastname });
    const waiting = uniqueWord('Waiting');
    await requestStudent(page.request, { firstname: 'Pita', lastname: waiting });
    await open(page);
    const link = page.getByRole('link', { name: 'Export CSV' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);

    // The new tab only downloads: Chromium reports a new window's download on its opener.
    const popup = page.waitForEvent('popup');
    const downloading = page.waitForEvent('download');
    await link.click();
    await popup;
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const text = fs.readFileSync(await download.path(), 'utf8');
    expect(text.startsWith('\uFEFFFirst Name,Last Name,Class,Email')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines.length).toBeGreaterThan(20);
    expect(lines.find((line) => line.startsWith(`Ngaio,${lastname},`))?.startsWith(`Ngaio,${lastname},${student.class},${student.email},`)).toBe(true);
    // An addition still waiting for verification is not part of the roster yet.
    expect(text).not.toContain(waiting);
  });

  test('a page call that fails sends the user to the upload screen', async ({ page }) => {
    await open(page);
    await page.route(`**${PAGE_CALL}**`, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, isAuthFailed: false, message: 'Failed! Please try again!' }),
      }),
    );
    await page.getByRole('navigation', { name: 'Students pagination' }).getByRole('link', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(/\/hapara\/upload$/);
  });

  for (const size of [
    { width: 1400, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${size.width}×${size.height}: no sideways scroll, no serious or critical axe violations, the add dialog too`, async ({ page }) => {
      const lastname = uniqueWord('Axe');
      await requestStudent(page.request, { firstname: 'Wiremu', lastname });
      await page.setViewportSize(size);
      // A pending row (its badge and disabled buttons) is among the rows checked.
      await open(page, `${STUDENT_LIST}?query=${lastname.slice(0, 3)}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      await open(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      if (size.width < 768) {
        // Phones: each student is a card whose actions are full-size buttons inside the screen.
        const edit = studentsTable(page)
          .locator('tbody tr')
          .first()
          .getByRole('button', { name: /^Edit Details/ });
        const box = await edit.boundingBox();
        expect(box && box.height >= 44 && box.x >= 0 && box.x + box.width <= size.width).toBe(true);
      }
      await page.getByRole('button', { name: 'Add New Student' }).click();
      await expect(page.getByRole('dialog', { name: 'Add New Student' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
