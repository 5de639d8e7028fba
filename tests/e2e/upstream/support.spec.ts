/** Upstream mode's My Tickets: the legacy backend's tickets, listed and paged; it has no threads, so rows open nothing. */
import { expect, test } from '../support/test';
import { storageStatePath } from '../support/env';
import { waitForHydration } from '../support/website-lists';

test.use({ storageState: storageStatePath('upstream') });

test('My Tickets lists the legacy tickets, last updated first, ten a page, without the helpdesk parts', async ({ page }) => {
  await page.goto('/support/tickets');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'My Tickets' })).toBeVisible();
  const table = page.getByRole('table', { name: 'My tickets' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText('482977');
  await expect(rows.first()).toContainText('Domain renewal question');
  await expect(rows.first().locator('.ticket-badge')).toHaveText(['High', 'Closed']);
  await expect(page.getByRole('status').filter({ hasText: /^Showing/ })).toHaveText('Showing 1–10 of 12 tickets.');
  // The legacy backend has no thread or new-ticket form: nothing to open or link.
  await expect(page.getByRole('link', { name: 'New Support Ticket' })).toHaveCount(0);
  await expect(table.getByRole('button')).toHaveCount(0);
  await rows.first().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Other school private ticket')).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Ticket pages' }).getByRole('link', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(rows).toHaveCount(2);
  await expect(rows.locator('th, td').filter({ hasText: 'Website menu missing a page' })).toHaveCount(1);
});
