import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { storageStatePath } from './support/env';
import { seriousViolations, watchErrors } from './support/website-lists';
import { STATUS_UP_TO_DATE, statusResponseSchema } from '../../src/modules/hapara/contract';
import { formatDayMonthYear } from '../../src/lib/dates';

/** Status (/hapara/status) and the upload notice (/hapara/upload) as the demo school's admin. Other specs file requests meanwhile: no exact counts. */
test.use({ storageState: storageStatePath('admin') });

const STATUS_TEXT = new RegExp(`^(${STATUS_UP_TO_DATE}|[1-9]\\d* changes? awaiting verification)$`);
const SIZES = [
  { width: 1400, height: 900 },
  { width: 390, height: 844 },
];

function statusTable(page: Page) {
  return page.getByRole('table', { name: 'Status of your domains' });
}

test.describe('Status', () => {
  test('one row for the school: Domain, Status, Last Updated as the call says, in the first HTML', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/hapara/status');
    await expect(page.getByRole('heading', { level: 1, name: 'Status' })).toBeVisible();
    const table = statusTable(page);
    await expect(table.getByRole('columnheader')).toHaveText(['Domain', 'Status', 'Last Updated']);
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.locator('tbody th')).toHaveText('demo.school');
    const shown = (await table.locator('tbody td').first().textContent()) ?? '';
    expect(shown).toMatch(STATUS_TEXT);

    const res = await page.request.get('/api/hapara/status');
    expect(res.status()).toBe(200);
    const [row] = statusResponseSchema.parse(await res.json()).status;
    expect(row?.domain).toBe('demo.school');
    expect(row?.status).toMatch(STATUS_TEXT);
    // The demo seed files no request; every request of this run is made today: 'Never' or today's date (dd/mm/yy, the portal's zone).
    const today = formatDayMonthYear(Math.floor(Date.now() / 1000), 'Europe/London');
    await expect(table.locator('tbody td').nth(1)).toHaveText(new RegExp(`^(Never|${today.replaceAll('/', '\\/')})$`));
    if (row?.updated !== null) expect(Math.abs((row?.updated ?? 0) - Date.now() / 1000)).toBeLessThan(3600);
    expect(errors).toEqual([]);
  });

  test('no serious or critical axe violation, wide and on a phone', async ({ page }) => {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto('/hapara/status');
      await expect(statusTable(page)).toBeVisible();
      expect(await seriousViolations(page), `${size.width}×${size.height}`).toEqual([]);
    }
  });
});

test.describe('Upload', () => {
  test('student uploads are the older dashboard’s; the leavers upload is linked', async ({ page }) => {
    await page.goto('/hapara/upload');
    await expect(page.getByRole('heading', { level: 1, name: 'Upload' })).toBeVisible();
    const students = page.getByRole('region', { name: 'Student List Upload' });
    await expect(students).toContainText('Student list uploads are handled by the older dashboard.');
    const dashboard = process.env.PORTAL_LEGACY_DASHBOARD_URL?.trim();
    if (dashboard) {
      await expect(students.getByRole('link', { name: 'Open the older dashboard' })).toHaveAttribute('href', dashboard);
    } else {
      // No address configured: no broken link, the provider gives it.
      await expect(students.getByRole('link')).toHaveCount(0);
      await expect(students).toContainText('Your provider will give you the older dashboard’s address.');
    }
    const leavers = page.getByRole('region', { name: 'Leavers List Upload' }).getByRole('link', { name: 'Upload a leavers list' });
    await expect(leavers).toHaveAttribute('href', '/hapara/leavers');
    // Each menu entry opens its own page: the student list's here, the leavers list's on its upload page.
    const sidebar = page.locator('#app-sidebar');
    await expect(sidebar.getByRole('link', { name: 'Student List Upload', exact: true })).toHaveAttribute('href', '/hapara/upload');
    await expect(sidebar.getByRole('link', { name: 'Student List Upload', exact: true })).toHaveAttribute('aria-current', 'page');
    await sidebar.getByRole('link', { name: 'Leavers List Upload', exact: true }).click();
    await expect(page).toHaveURL(/\/hapara\/leavers$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Leavers List Upload' })).toBeVisible();
    await expect(page.locator('#app-sidebar').getByRole('link', { name: 'Leavers List Upload', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('no serious or critical axe violation, wide and on a phone', async ({ page }) => {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto('/hapara/upload');
      await expect(page.getByRole('heading', { level: 1, name: 'Upload' })).toBeVisible();
      expect(await seriousViolations(page), `${size.width}×${size.height}`).toEqual([]);
    }
  });
});
