import crypto from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { Db } from '../../src/platform/db';
import { seriousViolations, toast, waitForHydration } from './support/website-lists';
import { openNewsletterDb, signInToNewSchool as signInToSchool } from './support/newsletter';

/**
 * Issue 29 §2, "Nothing goes out looking broken", in Chromium on the built server: the pre-send
 * checklist of the builder, its send screen and the Simple Newsletter (blocking problems stop the
 * send, warnings need "Send anyway", each problem goes to its block or field), test sends to up
 * to five remembered addresses, and the Simple Newsletter's test and preview. Each test signs in
 * as the only user of a school of its own, so its remembered addresses touch no other spec.
 */
test.use({ storageState: { cookies: [], origins: [] } });

const BUILDER = '/newsletter/send/builder';
const SIMPLE = '/newsletter/send/simple';
let db: Db;
test.beforeAll(() => {
  db = openNewsletterDb();
});
test.afterAll(async () => {
  await db.destroy();
});


const text = (id: string, html: string) => ({ id, type: 'text', data: { html } });
const image = (id: string, url: string, alt = '') => ({ id, type: 'image', data: { url, alt, href: '' } });
const file = (id: string, url: string) => ({ id, type: 'attachment', data: { url, text: 'Upload a file' } });

const signInToNewSchool = (page: Page) => signInToSchool(db, page);

/** Saves this build as the school's current one (what the builder opens); its id. */
async function saveBuild(request: APIRequestContext, body: unknown[]): Promise<number> {
  const loaded = (await (await request.get('/api/newsletter/send/builder/load')).json()) as { build: { id: number } };
  const saved = await request.post('/api/newsletter/send/builder/save', { data: { id: loaded.build.id, build: [[], body, []] } });
  expect(((await saved.json()) as { success: boolean }).success).toBe(true);
  return loaded.build.id;
}

/** Subjects and recipients of the outbox messages after `after`, once `count` are there. */
async function outboxAfter(after: number, subject: string, count: number): Promise<string[]> {
  let recipients: string[] = [];
  await expect
    .poll(async () => {
      const rows = await db.selectFrom('mail_outbox').select('recipients').where('id', '>', after).where('subject', '=', subject).execute();
      recipients = rows.map((r) => r.recipients).sort();
      return recipients.length;
    }, { timeout: 30_000 })
    .toBe(count);
  return recipients;
}
async function lastOutboxId(): Promise<number> {
  const row = await db.selectFrom('mail_outbox').select('id').orderBy('id', 'desc').executeTakeFirst();
  return row ? Number(row.id) : 0;
}

async function openBuilderSendTab(page: Page): Promise<void> {
  await page.goto(BUILDER);
  await waitForHydration(page);
  await page.getByRole('tab', { name: '3 Send' }).click();
}

test.describe('the pre-send checklist', () => {
  test('the builder blocks on an empty image and file block, lists them first, and a click selects the block', async ({ page }) => {
    await signInToNewSchool(page);
    await saveBuild(page.request, [text('intro', '<p>Welcome back</p>'), image('photo', '/uploads/none.png'), text('gap', '<p> </p>'), image('empty', ''), file('letter', '')]);
    await openBuilderSendTab(page);
    await page.getByRole('link', { name: 'Send newsletter' }).click();

    const dialog = page.getByRole('dialog', { name: 'Fix these before sending the newsletter' });
    await expect(dialog).toBeVisible();
    const must = dialog.getByRole('region', { name: 'Must be fixed' });
    await expect(must.getByRole('listitem')).toHaveText([/Body, block 3 \(text\).*no text/, /Body, block 4 \(image\).*no image/, /Body, block 5 \(attachment\).*no file/]);
    await expect(dialog.getByRole('region', { name: 'Worth checking' }).getByRole('listitem')).toHaveText([/Body, block 2 \(image\).*no alt text/]);
    // Nothing to send anyway while something blocks; focus starts on the first fix.
    await expect(dialog.getByRole('button', { name: 'Send anyway' })).toHaveCount(0);
    await expect(must.getByRole('button', { name: 'Select the block' }).first()).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);

    await must.getByRole('listitem').nth(1).getByRole('button', { name: 'Select the block' }).click();
    await expect(dialog).toBeHidden();
    const block = page.locator('[data-block-id="empty"]');
    await expect(block).toHaveClass(/is-selected/);
    await expect(block).toBeInViewport();
    await expect(block.locator('[data-action="style"]')).toBeFocused();
    await expect(page.getByRole('tab', { name: '2 Style' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(new RegExp(`${BUILDER}$`));
  });

  test('the builder warns on missing alt text; "Send anyway" goes on to the test screen', async ({ page }) => {
    await signInToNewSchool(page);
    const id = await saveBuild(page.request, [text('intro', '<p>Welcome back</p>'), image('photo', '/uploads/none.png')]);
    await openBuilderSendTab(page);
    await page.getByRole('link', { name: 'Send test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Check before sending the test' });
    await expect(dialog).toContainText('The test can go, but your readers may notice this.');
    await expect(dialog.getByRole('listitem')).toHaveText([/no alt text/]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${BUILDER}$`));

    await page.getByRole('link', { name: 'Send test' }).click();
    await dialog.getByRole('button', { name: 'Send anyway' }).click();
    await expect(page).toHaveURL(new RegExp(`${BUILDER}/confirm\\?id=${id}&test=1$`));
  });

  test('the send screen checks too: a block to fix opens the builder with it selected', async ({ page }) => {
    await signInToNewSchool(page);
    const id = await saveBuild(page.request, [text('intro', '<p>Welcome back</p>'), image('empty', '')]);
    await page.goto(`${BUILDER}/confirm?id=${id}`);
    await waitForHydration(page);
    await page.getByLabel('Subject', { exact: true }).fill('Term news');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Fix these before sending the newsletter' });
    await expect(dialog.getByRole('listitem')).toHaveText([/Body, block 2 \(image\).*no image/]);
    await dialog.getByRole('button', { name: 'Fix in the builder' }).click();
    // The typed subject would be lost: the leave guard asks first.
    await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: /Leave/ }).click();
    await expect(page).toHaveURL(new RegExp(`${BUILDER}\\?id=${id}&block=empty$`));
    await waitForHydration(page);
    await expect(page.locator('[data-block-id="empty"]')).toHaveClass(/is-selected/);
  });
});

test.describe('test sends', () => {
  test('a builder test goes to up to five addresses, refused ones stay typed, and the next test remembers them', async ({ page }) => {
    const { email } = await signInToNewSchool(page);
    const id = await saveBuild(page.request, [text('intro', '<p>Welcome back</p>')]);
    await page.goto(`${BUILDER}/confirm?id=${id}&test=1`);
    await waitForHydration(page);
    const field = page.getByLabel('Send the test to');
    await expect(field).toHaveValue(email);

    const subject = `Test ${crypto.randomBytes(3).toString('hex')}`;
    await page.getByLabel('Subject', { exact: true }).fill(subject);
    const six = 'a@check.example, b@check.example, c@check.example, d@check.example, e@check.example, f@check.example';
    await field.fill(six);
    await page.getByRole('button', { name: 'Send test' }).click();
    await expect(toast(page, 'Failed! A test goes to at most 5 addresses.')).toBeVisible();
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveValue(six);

    const after = await lastOutboxId();
    await field.fill(`${email}, deputy@check.example`);
    await page.getByRole('button', { name: 'Send test' }).click();
    await expect(toast(page, `Your test email has been sent to 2 addresses: ${email}, deputy@check.example.`)).toBeVisible();
    expect(await outboxAfter(after, subject, 2)).toEqual(['deputy@check.example', email].sort());

    await page.reload();
    await waitForHydration(page);
    await expect(page.getByLabel('Send the test to')).toHaveValue(`${email}, deputy@check.example`);
  });

  test('the Simple Newsletter blocks an empty message, previews the email, and sends a test', async ({ page }) => {
    const { email } = await signInToNewSchool(page);
    await page.goto(SIMPLE);
    await waitForHydration(page);
    await expect(page.locator('.ce-paragraph').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByLabel('Send the test to')).toHaveValue(email);
    const subject = `Simple ${crypto.randomBytes(3).toString('hex')}`;
    await page.getByLabel('Subject', { exact: true }).fill(subject);

    await page.getByRole('button', { name: 'Send Test Email' }).click();
    const blocked = page.getByRole('dialog', { name: 'Fix these before sending the test' });
    await expect(blocked.getByRole('listitem')).toHaveText([/The message is empty/]);
    await blocked.getByRole('button', { name: 'Go to the message' }).click();
    await expect(blocked).toBeHidden();
    await expect(page.locator('.ce-paragraph').first()).toBeFocused();
    await page.keyboard.type('Sports day is on Friday.');

    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview' });
    await expect(preview.getByRole('status')).toContainText(/Size: \d+\.\d KB of 102\.0 KB/);
    await expect(preview.frameLocator('iframe[title="Email preview"]').getByText('Sports day is on Friday.')).toBeVisible();
    await preview.getByRole('button', { name: 'Close' }).click();
    await expect(preview).toBeHidden();

    const after = await lastOutboxId();
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await expect(toast(page, `Your test email has been sent to ${email}.`)).toBeVisible();
    expect(await outboxAfter(after, subject, 1)).toEqual([email]);
    // A test makes no post and no send: the form stays as it was.
    await expect(page).toHaveURL(new RegExp(`${SIMPLE}$`));
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue(subject);
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Simple Newsletter’s checklist and test fit a phone', async ({ page }) => {
    const { email } = await signInToNewSchool(page);
    await page.goto(SIMPLE);
    await waitForHydration(page);
    await expect(page.locator('.ce-paragraph').first()).toBeVisible({ timeout: 15_000 });
    await page.getByLabel('Subject', { exact: true }).fill('Phone test');
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fix these before sending the test' });
    await expect(dialog).toBeInViewport({ ratio: 1 });
    const fix = dialog.getByRole('button', { name: 'Go to the message' });
    await expect(fix).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await fix.click();
    await page.keyboard.type('Hello from a phone.');

    const after = await lastOutboxId();
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await expect(toast(page, `Your test email has been sent to ${email}.`)).toBeVisible();
    expect(await outboxAfter(after, 'Phone test', 1)).toEqual([email]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
