import crypto from 'node:crypto';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { ADMIN, storageStatePath } from './support/env';
import type { Db } from '../../src/platform/db';
import { seriousViolations, toast, waitForHydration } from './support/website-lists';
import { openNewsletterDb } from './support/newsletter';

/**
 * The builder's confirm screen (/newsletter/send/builder/confirm?id=N) as the demo school's admin,
 * on a build made through the API: a test reaches the admin alone with the preview's HTML, a real
 * send goes to the whole list (kept in the outbox: the e2e server has no MAIL_URL) and reaches
 * 100 % on Sent Newsletters, Publish to website puts it on the public site, Email me a PDF mails a
 * PDF printed by the server's Chromium, and Cancel goes back to the builder.
 */
test.use({ storageState: storageStatePath('admin') });

const CONFIRM = '/newsletter/send/builder/confirm';
let db: Db;
test.beforeAll(() => {
  db = openNewsletterDb();
});
test.afterAll(async () => {
  await db.destroy();
});

interface Made {
  id: number;
  words: string;
  build: unknown;
}

/** A saved build of the demo school whose text is unique to this test. */
async function makeBuild(request: APIRequestContext): Promise<Made> {
  const words = `Harvest festival ${crypto.randomBytes(4).toString('hex')}`;
  const created = await request.post('/api/newsletter/send/builder/new', {
    data: { name: words },
  });
  const { build: stored } = (await created.json()) as { build: { id: number } };
  const build = [
    [],
    [
      {
        id: 'title',
        type: 'text',
        data: {
          html: `<h2>${words}</h2><p>Bring a tin for the food bank.</p>`,
        },
      },
      {
        id: 'cols',
        type: 'columns',
        data: {
          elements: [
            [
              {
                id: 'left',
                type: 'text',
                data: { html: '<p>Left column</p>' },
              },
            ],
            [
              {
                id: 'right',
                type: 'text',
                data: { html: '<p>Right column</p>' },
              },
            ],
          ],
        },
      },
    ],
    [],
  ];
  const saved = await request.post('/api/newsletter/send/builder/save', {
    data: { id: stored.id, build },
  });
  expect(((await saved.json()) as { success: boolean }).success).toBe(true);
  return { id: stored.id, words, build };
}

/** The newest outbox message with this subject to this address, parsed, once it is there. */
async function outboxMail(subject: string, to: string, after: number): Promise<ParsedMail> {
  let raw = '';
  await expect
    .poll(
      async () => {
        const row = await db
          .selectFrom('mail_outbox')
          .select(['raw', 'id'])
          .where('subject', '=', subject)
          .where('recipients', '=', to)
          .where('id', '>', after)
          .orderBy('id', 'desc')
          .executeTakeFirst();
        raw = row?.raw ?? '';
        return raw !== '';
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return simpleParser(raw);
}

async function lastOutboxId(): Promise<number> {
  const row = await db.selectFrom('mail_outbox').select('id').orderBy('id', 'desc').executeTakeFirst();
  return row ? Number(row.id) : 0;
}

async function openConfirm(page: Page, id: number, test = false): Promise<void> {
  await page.goto(`${CONFIRM}?id=${id}${test ? '&test=1' : ''}`);
  await waitForHydration(page);
}

test.describe('Newsletter Builder: send, test, publish, PDF', () => {
  test('a test goes to the admin only, with the preview’s HTML and the unsubscribe footer', async ({ page }) => {
    const made = await makeBuild(page.request);
    await openConfirm(page, made.id, true);
    await expect(page.getByRole('heading', { level: 1, name: 'Send Test Email' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Website categories' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Publish to website' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Send test' }).click();
    await expect(toast(page, 'Failed! Please enter a from name and subject.')).toBeVisible();
    await expect(page.getByLabel('Subject', { exact: true })).toBeFocused();

    const subject = `Test ${made.words}`;
    const after = await lastOutboxId();
    await page.getByLabel('Subject', { exact: true }).fill(subject);
    await page.getByRole('button', { name: 'Send test' }).click();
    await expect(toast(page, `Your test email has been sent to ${ADMIN.email}.`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${CONFIRM}\\?id=${made.id}&test=1$`));

    const mail = await outboxMail(subject, ADMIN.email, after);
    const preview = (await (
      await page.request.post('/api/newsletter/send/builder/build', {
        data: { build: made.build },
      })
    ).json()) as { html: string };
    const html = (mail.html || '').replace(/\r\n/g, '\n');
    const footer =
      /<div style="max-width:600px;margin:0 auto;padding:0 25px 24px"><p [^>]*>You receive this newsletter[^<]*<a href="[^"]+\/unsubscribe\/test"[^>]*>Unsubscribe<\/a><\/p><\/div>/.exec(
        html,
      );
    expect(footer).not.toBeNull();
    // The preview's HTML, titled with the subject, and the footer.
    expect(html).toContain(`<title>${subject}</title>`);
    expect(html.replace(footer![0], '').replace(`<title>${subject}</title>`, '<title></title>')).toBe(preview.html.replace(/\r\n/g, '\n'));
    // Only the admin got it.
    const copies = await db.selectFrom('mail_outbox').select('recipients').where('subject', '=', subject).execute();
    expect(copies.map((c) => c.recipients)).toEqual([ADMIN.email]);
  });

  test('sends for real to the list, followed to 100 % on Sent Newsletters', async ({ page }) => {
    const made = await makeBuild(page.request);
    await openConfirm(page, made.id);
    await expect(page.getByRole('heading', { level: 1, name: 'Send Email' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Newsletters', exact: true })).toBeChecked();
    const subject = `Real ${made.words}`;
    await page.getByLabel('Subject', { exact: true }).fill(subject);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this newsletter?' });
    await expect(dialog).toContainText(`“${subject}” goes to`);
    await dialog.getByRole('button', { name: 'Send' }).click();

    await expect(page).toHaveURL(/\/newsletter\/sent\/view\?id=\d+$/);
    await expect(toast(page, 'Your newsletter has been sent!')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
    const rows = await db.selectFrom('mail_outbox').select('raw').where('subject', '=', subject).execute();
    expect(rows.length).toBeGreaterThan(1);
    const mail = await simpleParser(rows[0]!.raw);
    expect(mail.html).toContain(made.words);
    expect(mail.html).toMatch(/\/unsubscribe\/\d+\.[\w-]+"[^>]*>Unsubscribe<\/a>/);
  });

  test('publishes to the website: the post is on the public site', async ({ page }) => {
    const made = await makeBuild(page.request);
    await openConfirm(page, made.id);
    await page.getByRole('button', { name: 'Publish to website' }).click();
    await expect(toast(page, 'Failed! Please enter a subject.')).toBeVisible();

    const subject = `Post ${made.words}`;
    await page.getByLabel('Subject', { exact: true }).fill(subject);
    await page.getByRole('button', { name: 'Publish to website' }).click();
    await expect(toast(page, 'Newsletter posted to website!')).toBeVisible();
    // The post opens in a new tab: the form (still unsent) stays.
    const [post] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: /view the post/ }).click()]);
    await expect(post).toHaveURL(new RegExp(`/sites/${ADMIN.school.replace('.', '\\.')}/posts/`));
    await expect(post.getByText('Bring a tin for the food bank.', { exact: true })).toBeVisible();
    await expect(post.getByText(made.words).first()).toBeVisible();
    const home = await page.request.get(`/sites/${ADMIN.school}`);
    expect(await home.text()).toContain(subject);
  });

  test('Email me a PDF: the PDF, printed by the server, arrives in the admin’s mail', async ({ page }) => {
    const made = await makeBuild(page.request);
    await openConfirm(page, made.id);
    const after = await lastOutboxId();
    const started = Date.now();
    await page.getByRole('button', { name: 'Email me a PDF' }).click();
    await expect(toast(page, 'Please wait, generating your PDF.')).toBeVisible();
    await expect(toast(page, 'Your PDF newsletter has been emailed to you.')).toBeVisible();
    const mail = await outboxMail('Your newsletter as a PDF', ADMIN.email, after);
    console.log(`PDF (e2e, worker polling included): ${((Date.now() - started) / 1000).toFixed(2)} s from the click to the PDF in the outbox`);
    const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf?.filename).toBe('newsletter.pdf');
    expect(Buffer.from(pdf!.content).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('Cancel returns to the builder; an id of no build of the school says so', async ({ page }) => {
    const made = await makeBuild(page.request);
    await openConfirm(page, made.id);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/newsletter\/send\/builder$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Newsletter Builder' })).toBeVisible();

    const missing = await page.goto(`${CONFIRM}?id=999999999`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('alert')).toContainText('That newsletter does not exist.');
    await page.getByRole('link', { name: 'Back to the Newsletter Builder' }).click();
    await expect(page).toHaveURL(/\/newsletter\/send\/builder$/);
  });

  for (const size of [
    { width: 1400, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${size.width}×${size.height}: no sideways scroll, no serious or critical axe violations (send and test)`, async ({ page }) => {
      const made = await makeBuild(page.request);
      await page.setViewportSize(size);
      for (const testSend of [false, true]) {
        await openConfirm(page, made.id, testSend);
        await expect(page.getByLabel('Subject', { exact: true })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        expect(await seriousViolations(page)).toEqual([]);
      }
    });
  }
});
