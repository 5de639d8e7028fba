import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { runCli, storageStatePath } from './support/env';
import { recordApiCalls } from './support/fixtures';
import { rowOf, seriousViolations, toast, waitForHydration, watchErrors } from './support/website-lists';
import {
  CLASSES_ALREADY_PENDING,
  CLASSES_REQUESTED,
  classesResponseSchema,
  FIELDS_REQUIRED,
  folderLabel,
  PENDING_VERIFICATION,
} from '../../src/modules/hapara/contract';
import { formatDayMonthYear } from '../../src/lib/dates';

/**
 * Manage Classes (/hapara/classlist) as the demo school's admin. Specs share the school: only this
 * spec changes classes, and it works on its own rows (12KOW is saved, 12RIM is only edited).
 */
test.use({ storageState: storageStatePath('admin') });
test.describe.configure({ mode: 'serial' });

const PATH = '/hapara/classlist';
const SAVED = '12KOW';
const EDITED = '12RIM';
const OTHER = '11KOW';

async function classes(request: APIRequestContext) {
  const res = await request.get('/api/hapara/manage/classes');
  expect(res.status()).toBe(200);
  return classesResponseSchema.parse(await res.json());
}

function table(page: Page) {
  return page.getByRole('table', { name: 'Classes' });
}

async function open(page: Page): Promise<void> {
  await page.goto(PATH);
  await waitForHydration(page);
}

/** The pending 'classes' request of the demo school that changes `code`, as the operator lists it. */
function pendingClassRequest(code: string): number {
  const listing = runCli(['requests', 'list', 'pending', '--school', 'demo.school']);
  const line = listing.split('\n').find((l) => /Change \d+ class/.test(l) && l.includes(code));
  const id = line ? /^#(\d+)/.exec(line)?.[1] : undefined;
  if (!id) throw new Error(`No pending class request for ${code}:\n${listing}`);
  return Number(id);
}

test.describe('Manage Classes', () => {
  test('the whole list is in the first HTML: Class Code, Class Name, Teachers, Folders, no list call', async ({ page }) => {
    const data = await classes(page.request);
    expect(data.classes.length).toBeGreaterThanOrEqual(24);
    expect(await (await page.request.get(PATH)).text()).toContain(`Year 12 Kōwhai`);
    const calls = recordApiCalls(page);
    const errors = watchErrors(page);
    await open(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Classes' })).toBeVisible();
    await expect(table(page).getByRole('columnheader')).toHaveText(['Class Code', 'Class Name', 'Teachers', 'Folders']);
    await expect(table(page).locator('tbody tr')).toHaveCount(data.classes.length);
    await expect(table(page).locator('tbody th[scope="row"] .class-code')).toHaveText(data.classes.map((c) => c.mailbox));
    // The staff are the teachers' suggestions.
    await expect(page.locator('datalist option')).toHaveCount(data.teachers.length);
    const first = data.classes[0]!;
    const row = rowOf(table(page), first.mailbox);
    await expect(row.getByLabel(`Class name of ${first.mailbox}`)).toHaveValue(first.name);
    await expect(row.getByRole('list', { name: `Teachers of ${first.mailbox}` }).getByRole('listitem')).toHaveText(first.teachers);
    await expect(row.getByRole('button', { name: `Folders of ${first.mailbox}: ${first.folders.map(folderLabel).join(', ')}` })).toBeVisible();
    expect(calls.filter((c) => c.includes('/api/hapara/'))).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('an empty field: the spec’s toast, the field marked and focused, nothing sent; leaving asks first', async ({ page }) => {
    await open(page);
    const calls = recordApiCalls(page);
    const row = rowOf(table(page), EDITED);
    const name = row.getByLabel(`Class name of ${EDITED}`);
    await name.fill('');
    await expect(page.getByRole('status').filter({ hasText: 'changed' })).toHaveText('1 class changed, not saved yet.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, FIELDS_REQUIRED)).toBeVisible();
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');

    // Every teacher removed (Backspace in the empty input takes the last chip): the teachers are marked too.
    await name.fill('Year 12 Rimu Senior');
    const teacherInput = row.getByLabel(`Add a teacher to ${EDITED}`);
    const chips = row.getByRole('list', { name: `Teachers of ${EDITED}` }).getByRole('listitem');
    const count = await chips.count();
    for (let i = 0; i < count; i += 1) {
      await teacherInput.focus();
      await page.keyboard.press('Backspace');
    }
    await expect(row.getByRole('list', { name: `Teachers of ${EDITED}` })).toHaveCount(0);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(teacherInput).toBeFocused();
    await expect(teacherInput).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);

    // Unsaved changes: a link elsewhere asks first; Stay keeps the edits.
    await page.locator('#app-sidebar').getByRole('link', { name: 'Status', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(new RegExp(`${PATH}$`));
    await expect(name).toHaveValue('Year 12 Rimu Senior');
  });

  test('edit a class’s teachers and folders and save: toast, Pending verification, status shows it; approved, it applies', async ({ page }) => {
    const data = await classes(page.request);
    const before = data.classes.find((c) => c.mailbox === SAVED)!;
    expect(before.pending).toBe(false);
    const newTeacher = data.teachers.find((t) => !before.teachers.includes(t.username))!.username;
    const removed = before.teachers[0]!;
    const newFolder = data.folders.find((f) => f !== '*' && !before.folders.includes(f))!;

    await open(page);
    const row = rowOf(table(page), SAVED);
    // A username typed with a comma is added; a chip's × removes it.
    await row.getByLabel(`Add a teacher to ${SAVED}`).fill(`${newTeacher.toUpperCase()},`);
    const chips = row.getByRole('list', { name: `Teachers of ${SAVED}` }).getByRole('listitem');
    await expect(chips.filter({ hasText: newTeacher })).toHaveCount(1);
    await row.getByRole('button', { name: `Remove teacher ${removed} from ${SAVED}` }).click();
    await expect(chips.filter({ hasText: removed })).toHaveCount(0);

    const folders = row.getByRole('button', { name: new RegExp(`^Folders of ${SAVED}:`) });
    await folders.click();
    await expect(folders).toHaveAttribute('aria-expanded', 'true');
    await row.getByRole('checkbox', { name: folderLabel(newFolder) }).check();
    await page.keyboard.press('Escape');
    await expect(folders).toHaveAttribute('aria-expanded', 'false');
    await expect(folders).toBeFocused();

    const teachers = [...before.teachers.filter((t) => t !== removed), newTeacher];
    const chosen = data.folders.filter((f) => f === newFolder || before.folders.includes(f));
    await expect(folders).toHaveAccessibleName(`Folders of ${SAVED}: ${chosen.map(folderLabel).join(', ')}`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, CLASSES_REQUESTED)).toBeVisible();
    await expect(row.getByText(PENDING_VERIFICATION)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'changes' })).toHaveText('No unsaved changes.');

    // The server keeps the asked-for values pending; a reload shows them with the badge.
    const asked = (await classes(page.request)).classes.find((c) => c.mailbox === SAVED);
    expect(asked).toEqual({ ...before, teachers, folders: chosen, pending: true });
    await open(page);
    await expect(rowOf(table(page), SAVED).getByText(PENDING_VERIFICATION)).toBeVisible();
    await expect(
      rowOf(table(page), SAVED)
        .getByRole('list', { name: `Teachers of ${SAVED}` })
        .getByRole('listitem'),
    ).toHaveText(teachers);

    // A second save while it waits: the spec's refusal, and the list as the server holds it.
    await rowOf(table(page), OTHER).getByLabel(`Class name of ${OTHER}`).fill('Year 11 Kōwhai Changed');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, CLASSES_ALREADY_PENDING)).toBeVisible();
    await expect(rowOf(table(page), OTHER).getByLabel(`Class name of ${OTHER}`)).toHaveValue('Year 11 Kōwhai');

    // A list that cannot be loaded sends the user to the upload page (spec section 8).
    await rowOf(table(page), OTHER).getByLabel(`Class name of ${OTHER}`).fill('Year 11 Kōwhai Again');
    await page.route('**/api/hapara/manage/classes', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"isAuthFailed":false}' }),
    );
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/hapara\/upload$/);
    await page.unroute('**/api/hapara/manage/classes');

    // Status: the change waits; Last Updated is today.
    await page.goto('/hapara/status');
    const status = page.getByRole('table', { name: 'Status of your domains' });
    await expect(status.locator('tbody tr')).toHaveCount(1);
    await expect(status.locator('tbody th')).toHaveText('demo.school');
    await expect(status.locator('tbody td').first()).toHaveText(/^[1-9]\d* changes? awaiting verification$/);
    await expect(status.locator('tbody td').nth(1)).toHaveText(formatDayMonthYear(Math.floor(Date.now() / 1000), 'Europe/London'));

    // The provider approves: the class has its new values and no badge.
    runCli(['requests', 'approve', String(pendingClassRequest(SAVED))]);
    await open(page);
    const approved = rowOf(table(page), SAVED);
    await expect(approved.getByText(PENDING_VERIFICATION)).toHaveCount(0);
    await expect(approved.getByRole('list', { name: `Teachers of ${SAVED}` }).getByRole('listitem')).toHaveText(teachers);
    expect((await classes(page.request)).classes.find((c) => c.mailbox === SAVED)).toEqual({ ...before, teachers, folders: chosen, pending: false });
  });

  test('no serious or critical axe violation, wide and on a phone', async ({ page }) => {
    for (const size of [
      { width: 1400, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await open(page);
      await rowOf(table(page), EDITED)
        .getByRole('button', { name: new RegExp(`^Folders of ${EDITED}:`) })
        .click();
      expect(await seriousViolations(page), `${size.width}×${size.height}`).toEqual([]);
      // Nothing scrolls sideways: on a phone each class is a card.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    }
  });
});
