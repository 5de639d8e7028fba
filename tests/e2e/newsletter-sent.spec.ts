import { expect, test } from './support/test';
import { storageStatePath, WEBHOOK_SECRET } from './support/env';
import type { Db } from '../../src/platform/db';
import { seriousViolations, waitForHydration } from './support/website-lists';
import { openNewsletterDb, sendToNewMember } from './support/newsletter';

/** Sent newsletters (/newsletter/sent): every send with its progress, one send with its message; the outbox said plainly. */
test.use({ storageState: storageStatePath('admin') });

let db: Db;
test.beforeAll(() => {
  db = openNewsletterDb();
});
test.afterAll(async () => {
  await db.destroy();
});

test.describe('Sent newsletters', () => {
  test('lists a send at 100 %, says mail is kept in the outbox, and shows the message as sent', async ({ page, baseURL }) => {
    const { subject, email } = await sendToNewMember(db, baseURL!);
    await page.goto('/newsletter/sent');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Sent Newsletters' })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('nothing is sent: every message is kept in the outbox');
    const table = page.getByRole('table', { name: 'Sent newsletters' });
    await expect(table.getByRole('columnheader')).toHaveText(['Date', 'Subject', 'From', 'Recipients', 'Progress']);
    const row = table.locator('tbody tr').filter({ hasText: subject });
    await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expect(row).toContainText('Sent');
    // Every subscribed member of the demo school got it (the seeded list and the new member).
    await expect(row.getByText(/^(\d+) of \1 sent$/)).toBeVisible();

    await row.getByRole('link', { name: subject }).click();
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await waitForHydration(page);
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expect(page.getByText('No failed deliveries')).toBeVisible();
    // The message, in a sandboxed frame: what the recipients read.
    const frame = page.frameLocator(`iframe[title="The message: ${subject}"]`);
    await expect(frame.getByText(`Hello from ${email}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pause' })).toHaveCount(0);
  });

  test('a bounce reported by the provider: the send counts it and lists it, the mailing list says so', async ({ page, baseURL, request }) => {
    const { subject, email } = await sendToNewMember(db, baseURL!);
    // Postmark's bounce webhook, as Postmark calls it: the secret as the URL's basic auth.
    const res = await request.post('/api/newsletter/bounces/postmark', {
      headers: { authorization: `Basic ${Buffer.from(`postmark:${WEBHOOK_SECRET}`).toString('base64')}`, 'content-type': 'application/json' },
      data: { RecordType: 'Bounce', ID: Date.now(), Type: 'HardBounce', Email: email, BouncedAt: new Date().toISOString(), Details: 'smtp;550 5.1.1 The email account does not exist.' },
    });
    expect(res.status()).toBe(200);

    await page.goto('/newsletter/sent');
    const row = page.getByRole('table', { name: 'Sent newsletters' }).locator('tbody tr').filter({ hasText: subject });
    await expect(row).toContainText(/, 1 bounced/);
    await row.getByRole('link', { name: subject }).click();
    await waitForHydration(page);
    const bounces = page.getByRole('table', { name: 'Copies that came back or were marked as spam' });
    await expect(bounces.getByRole('row').filter({ hasText: email })).toContainText('550 5.1.1 The email account does not exist.');
    await expect(bounces.getByRole('row').filter({ hasText: email })).toContainText('Bounced');

    await page.goto(`/newsletter/manage/list?query=${encodeURIComponent(email)}`);
    const member = page.getByRole('table').locator('tbody tr').filter({ hasText: email });
    await expect(member).toContainText('No (mail bounced)');
  });

  for (const size of [
    { width: 1400, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${size.width}×${size.height}: no sideways scroll, no serious or critical axe violations`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.goto('/newsletter/sent');
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
