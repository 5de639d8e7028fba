import crypto from 'node:crypto';
import { expect, test } from './support/test';
import { ADMIN, storageStatePath } from './support/env';
import type { Db } from '../../src/platform/db';
import { findSchoolByLabel } from '../../src/modules/account/server/service';
import { emailKey } from '../../src/modules/newsletter/rules';
import { insertMember } from '../../src/modules/newsletter/server/embedded/members/repository';
import { startSend } from '../../src/modules/newsletter/server/embedded/sends/service';
import { seriousViolations, waitForHydration } from './support/website-lists';
import { E2E_QUOTA, openNewsletterDb } from './support/newsletter';

/**
 * The outbox as staff read it (the e2e server has no MAIL_URL, so every copy is kept): a send's
 * copies under 'In the outbox', paged, and one message as it would have gone out, its HTML
 * rendered in a sandboxed frame with its pictures, its text, its headers and its .eml.
 */
test.use({ storageState: storageStatePath('admin') });

// A 2×2 red PNG: a picture the frame must draw from a data: address.
const DATA_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGO4oKAARAwQCgAgjgRBUcmqiQAAAABJRU5ErkJggg==';

let db: Db;
test.beforeAll(() => {
  db = openNewsletterDb();
});
test.afterAll(async () => {
  await db.destroy();
});

interface Sent {
  sendId: number;
  subject: string;
  email: string;
  outboxId: number;
}

/** A newsletter with pictures sent to the demo school's list and a new member; waits until every copy is in the outbox. */
async function sendWithPictures(baseUrl: string): Promise<Sent> {
  const school = await findSchoolByLabel(db, ADMIN.school);
  if (!school) throw new Error('The demo school is missing.');
  const admin = await db.selectFrom('users').select(['id', 'email']).where('email', '=', ADMIN.email).executeTakeFirstOrThrow();
  const stamp = crypto.randomBytes(4).toString('hex');
  const email = `outbox.${stamp}@families.example.org`;
  const now = Math.floor(Date.now() / 1000);
  await insertMember(db, school.id, { email, key: emailKey(email), name: 'Otto Box', createdAt: now });
  const ctx = { db, domain: { id: school.id, label: school.label }, user: { id: Number(admin.id), email: admin.email }, now };
  const subject = `E2E outbox ${stamp}`;
  const html = `<h1>Harvest festival</h1><p>Bring a tin for the food bank.</p><p><img src="${baseUrl}/favicon.svg" alt="School crest" width="48" height="48"><img src="${DATA_PNG}" alt="Red square" width="16" height="16"></p>`;
  const { id: sendId, total } = await startSend(ctx, { fromName: 'Demo School', subject, html, text: 'Harvest festival\n\nBring a tin for the food bank.' }, { portalOrigin: baseUrl, quota: E2E_QUOTA });
  await expect
    .poll(async () => (await db.selectFrom('mail_outbox').select('id').where('subject', '=', subject).execute()).length, { timeout: 20_000 })
    .toBe(total);
  const row = await db.selectFrom('mail_outbox').select('id').where('subject', '=', subject).where('recipients', '=', email).executeTakeFirstOrThrow();
  return { sendId, subject, email, outboxId: Number(row.id) };
}

test.describe('The outbox', () => {
  // One send for the file's tests (they run in order, in one worker), made by the first that needs it.
  let sending: Promise<Sent> | undefined;
  let sent: Sent;
  test.beforeEach(async ({ baseURL }) => {
    sending ??= sendWithPictures(baseURL!);
    sent = await sending;
  });

  test('a send lists its copies in the outbox, a page at a time, each opening its message', async ({ page }) => {
    await page.goto(`/newsletter/sent/view?id=${sent.sendId}`);
    await waitForHydration(page);
    const card = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'In the outbox' }) });
    const table = card.getByRole('table', { name: 'Messages kept in the outbox' });
    await expect(table.getByRole('columnheader')).toHaveText(['Recipient', 'Subject', 'Kept']);
    await expect(table.locator('tbody tr')).toHaveCount(10);
    await expect(table.locator('tbody tr').first()).toContainText(sent.subject);
    // The demo school's 32 parents and more: several pages.
    await expect(card.getByText(/^Showing 1–10 of (\d+) messages\.$/)).toBeVisible();
    const firstPage = await table.locator('tbody th[scope="row"] a').allTextContents();
    expect(firstPage.every((address) => address.includes('@'))).toBe(true);

    await card.getByRole('navigation', { name: 'Outbox pages' }).getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(new RegExp(`/newsletter/sent/view\\?id=${sent.sendId}&page=2$`));
    await expect(card.getByText(/^Showing 11–20 of \d+ messages\.$/)).toBeVisible();
    const secondPage = await table.locator('tbody th[scope="row"] a').allTextContents();
    expect(secondPage.some((address) => firstPage.includes(address))).toBe(false);
    // The address's page is rendered by the server too.
    await page.reload();
    await expect(card.getByText(/^Showing 11–20 of \d+ messages\.$/)).toBeVisible();

    const first = table.locator('tbody th[scope="row"] a').first();
    const recipient = (await first.textContent())!;
    await first.click();
    await expect(page).toHaveURL(/\/newsletter\/sent\/message\?id=\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: sent.subject })).toBeVisible();
    await expect(page.locator('dd').filter({ hasText: recipient })).toBeVisible();
  });

  test('one message: its addresses, the HTML rendered with its pictures, the text, every header and the .eml', async ({ page }) => {
    await page.goto(`/newsletter/sent/message?id=${sent.outboxId}`);
    await expect(page.getByRole('heading', { level: 1, name: sent.subject })).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: sent.subject })).toHaveAttribute('href', `/newsletter/sent/view?id=${sent.sendId}`);

    const field = (name: string) => page.locator('dt', { hasText: new RegExp(`^${name}$`) }).locator('xpath=following-sibling::dd[1]');
    await expect(field('From')).toHaveText(/^Demo School <.+@.+>$/);
    await expect(field('To')).toHaveText(`Otto Box <${sent.email}>`);
    await expect(field('Date').locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
    await expect(field('Message-ID')).toHaveText(/^<.+@.+>$/);

    const frameElement = page.locator(`iframe[title="The message to Otto Box <${sent.email}>"]`);
    await expect(frameElement).toHaveAttribute('sandbox', '');
    const frame = page.frameLocator(`iframe[title="The message to Otto Box <${sent.email}>"]`);
    await expect(frame.getByRole('heading', { name: 'Harvest festival' })).toBeVisible();
    await expect(frame.getByText('Bring a tin for the food bank.')).toBeVisible();
    // The page's policy lets the frame draw the message's pictures (the portal's own and data: ones).
    for (const alt of ['School crest', 'Red square']) {
      await expect.poll(() => frame.getByAltText(alt).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }

    await expect(page.getByRole('heading', { level: 2, name: 'Plain-text version' })).toBeVisible();
    // The text as written, its lines kept.
    expect(await page.locator('pre').innerText()).toContain('Harvest festival\n\nBring a tin for the food bank.');
    await expect(page.locator('pre')).toContainText('/unsubscribe/');

    const headers = page.getByRole('table', { name: 'Every header of the message, in order' });
    const value = (name: string) => headers.locator('tbody tr').filter({ has: page.locator('th', { hasText: new RegExp(`^${name}$`) }) }).locator('td');
    await expect(value('List-Unsubscribe')).toHaveText(/^<https?:\/\/[^>]+\/unsubscribe\/[^>]+>/);
    await expect(value('List-Unsubscribe-Post')).toHaveText('List-Unsubscribe=One-Click');
    await expect(value('Subject')).toHaveText(sent.subject);
    await expect(value('Message-ID')).toHaveText(/^<.+@.+>$/);

    const download = page.getByRole('link', { name: 'Download .eml' });
    const eml = await page.request.get((await download.getAttribute('href'))!);
    expect(eml.status()).toBe(200);
    expect(eml.headers()['content-type']).toBe('message/rfc822');
    expect(eml.headers()['content-disposition']).toBe(`attachment; filename="message-${sent.outboxId}.eml"`);
    const raw = await eml.text();
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    expect(raw).toContain(`Subject: ${sent.subject}`);
  });

  test('another school’s staff get a 404 for the message and its .eml', async ({ browser }) => {
    const other = await browser.newContext({ storageState: storageStatePath('nobuilder') });
    const page = await other.newPage();
    const res = await page.goto(`/newsletter/sent/message?id=${sent.outboxId}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Message not found' })).toBeVisible();
    await expect(page.getByText(sent.subject)).toHaveCount(0);
    const eml = await page.request.get(`/newsletter/sent/message.eml?id=${sent.outboxId}`);
    expect(eml.status()).toBe(404);
    expect(await eml.text()).not.toContain(sent.subject);
    await other.close();
  });

  for (const size of [
    { width: 1400, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${size.width}×${size.height}: the send and the message have no sideways scroll and no serious or critical axe violations`, async ({ page }) => {
      await page.setViewportSize(size);
      for (const path of [`/newsletter/sent/view?id=${sent.sendId}`, `/newsletter/sent/message?id=${sent.outboxId}`]) {
        await page.goto(path);
        await waitForHydration(page);
        await expect(page.locator('#main')).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBeLessThanOrEqual(0);
        expect(await seriousViolations(page), path).toEqual([]);
      }
    });
  }
});
