import { expect, test } from './support/test';
import { ADMIN, storageStatePath } from './support/env';
import { seriousViolations } from './support/website-lists';

/**
 * Account > Activity Log: every view and export of student information is recorded, and the
 * school's users read the log. Other specs view the student list meanwhile: this one looks for its
 * own entry (a filter word no other spec uses) rather than counting.
 */
test.use({ storageState: storageStatePath('admin') });

test('a filtered view of the student list appears in the Activity Log, newest first, and the screen passes axe', async ({ page }) => {
  const word = `audit${Date.now().toString(36)}`;
  await page.goto(`/hapara/studentlist?query=${word}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto('/account/activity');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity Log' })).toBeVisible();
  const table = page.getByRole('table', { name: "Views and exports of student information and changes to your school's users, newest first" });
  await expect(table.getByRole('columnheader')).toHaveText(['When', 'Who', 'What']);
  const mine = table.locator('tbody tr', { hasText: word });
  await expect(mine).toHaveCount(1);
  // When names the row (a phone shows it as the card's title); Who and What are its cells.
  await expect(mine.getByRole('rowheader')).toHaveText(/^\d{2}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
  await expect(mine.locator('td').nth(0)).toHaveText(ADMIN.email);
  await expect(mine).toHaveAttribute('data-action', 'students.page');
  await expect(page.locator('#activity-status')).toContainText(/^Showing 1–\d+ of \d+ entries\.$/);

  // The menu leads here, marked as the current page.
  await expect(page.locator('#app-sidebar').getByRole('link', { name: 'Activity Log' })).toHaveAttribute('aria-current', 'page');
  expect(await seriousViolations(page)).toEqual([]);
});
