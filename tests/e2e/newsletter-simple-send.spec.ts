import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expect, test } from './support/test';
import { storageStatePath } from './support/env';
import type { Db } from '../../src/platform/db';
import { seriousViolations, toast, waitForHydration } from './support/website-lists';
import { openNewsletterDb } from './support/newsletter';

/**
 * Simple Newsletter (/newsletter/send/simple) as the demo school's admin: the spec's check, then
 * a newsletter with a message and an attachment sent to the whole list (kept in the outbox: the
 * e2e server has no MAIL_URL), followed to 100 % and found on the website.
 */
test.use({ storageState: storageStatePath('admin') });

let db: Db;
test.beforeAll(() => {
  db = openNewsletterDb();
});
test.afterAll(async () => {
  await db.destroy();
});

function pdfFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-portal-e2e-newsletter-'));
  const file = path.join(dir, 'Term dates.pdf');
  fs.writeFileSync(file, '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  return file;
}

test.describe('Simple Newsletter', () => {
  test('needs a subject, then sends the message with its attachment to every member and publishes it', async ({ page }) => {
    const subject = `E2E simple ${crypto.randomBytes(4).toString('hex')}`;
    await page.goto('/newsletter/send/simple');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Simple Newsletter' })).toBeVisible();
    // From starts as the school's name; 'Newsletters' is ticked.
    await expect(page.getByLabel('From', { exact: true })).not.toHaveValue('');
    await expect(page.getByRole('checkbox', { name: 'Newsletters', exact: true })).toBeChecked();
    await expect(page.locator('.ce-paragraph').first()).toBeVisible();

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(toast(page, 'Failed! Please enter a from name and subject.')).toBeVisible();
    await expect(page.getByLabel('Subject', { exact: true })).toBeFocused();

    await page.getByLabel('Subject', { exact: true }).fill(subject);
    // A reply-to that is no address is refused on its field, the words kept.
    const replyTo = page.getByLabel('Reply-to address', { exact: true });
    await replyTo.fill('the school office');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(toast(page, 'The reply-to address must be an email address such as office@school.example.org.')).toBeVisible();
    await expect(replyTo).toBeFocused();
    await expect(replyTo).toHaveAttribute('aria-invalid', 'true');
    await replyTo.fill('office@demo.school.example');
    await page.locator('.ce-paragraph').first().click();
    await page.keyboard.type('Sports day is on Friday.');
    await page.getByLabel('Attachment', { exact: true }).setInputFiles(pdfFile());
    // Once a file is chosen the form says how families get it: linked, unless attached.
    const how = page.getByRole('group', { name: 'How families get the file' });
    await expect(how.getByRole('radio', { name: /^Link to it/ })).toBeChecked();
    await how.getByRole('radio', { name: /^Attach it to every email/ }).check();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this newsletter?' });
    await expect(dialog).toContainText(`“${subject}” goes to`);
    await dialog.getByRole('button', { name: 'Send' }).click();

    await expect(page).toHaveURL(/\/newsletter\/sent\/view\?id=\d+$/);
    await expect(toast(page, 'Your newsletter has been sent!')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100', { timeout: 20_000 });
    await expect(page.frameLocator(`iframe[title="The message: ${subject}"]`).getByText('Sports day is on Friday.')).toBeVisible();

    // Every copy, as kept in the outbox, carries the attachment and the way to the website post.
    const rows = await db.selectFrom('mail_outbox').select('raw').where('subject', '=', subject).execute();
    expect(rows.length).toBeGreaterThan(0);
    const mail = await simpleParser(rows[0]!.raw);
    expect(mail.attachments.map((a) => a.filename)).toEqual(['Term dates.pdf']);
    expect(mail.replyTo?.value.map((a) => a.address)).toEqual(['office@demo.school.example']);
    expect(rows[0]!.raw.replace(/\r?\n[ \t]+/g, ' ')).toMatch(/^List-ID: .*<[a-z0-9-]+\.list-id\.127\.0\.0\.1>\r?$/m);
    // The next newsletter starts with the school's reply-to.
    await page.goto('/newsletter/send/simple');
    await expect(page.getByLabel('Reply-to address', { exact: true })).toHaveValue('office@demo.school.example');
    const view = /href="([^"]+\/posts\/[^"]+)"[^>]*>View in your browser/.exec(mail.html || '')?.[1];
    expect(view).toBeDefined();
    const post = await page.request.get(view!);
    expect(post.status()).toBe(200);
    expect(await post.text()).toContain('Sports day is on Friday.');
  });

  for (const size of [
    { width: 1400, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${size.width}×${size.height}: no sideways scroll, no serious or critical axe violations`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.goto('/newsletter/send/simple');
      await waitForHydration(page);
      // Editor.js lays its first block out after hydration: on a loaded machine that took over 5 s.
      await expect(page.locator('.ce-paragraph').first()).toBeVisible({ timeout: 15_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
