import { expect, test } from './support/test';
import { ADMIN, storageStatePath } from './support/env';
import type { Db } from '../../src/platform/db';
import { findSchoolByLabel } from '../../src/modules/account/server/service';
import { emailKey } from '../../src/modules/newsletter/rules';
import { waitForHydration } from './support/website-lists';
import { openNewsletterDb, sendToNewMember } from './support/newsletter';

/**
 * A newsletter's unsubscribe link, end to end: a send is started on the running server's
 * database (the simple send screen is to come), its worker delivers to the outbox (no MAIL_URL
 * in the e2e run), and the link of the message kept there is what the recipient follows.
 */
let db: Db;

test.beforeAll(() => {
  db = openNewsletterDb();
});
test.afterAll(async () => {
  await db.destroy();
});

test.describe('newsletter unsubscribe link', () => {
  test('asks with one button, unsubscribes without a sign-in, and the mailing list shows it', async ({ page, baseURL, browser }) => {
    const { email, link } = await sendToNewMember(db, baseURL!);
    expect(link.startsWith(`${baseURL}/unsubscribe/`)).toBe(true);

    // The recipient is nobody signed in.
    const visitor = await browser.newContext();
    const tab = await visitor.newPage();
    const res = await tab.goto(link);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['cache-control']).toBe('no-store');
    await expect(tab.getByRole('heading', { level: 1, name: 'Unsubscribe from this newsletter?' })).toBeVisible();
    await expect(tab.getByText(email)).toBeVisible();
    await tab.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(tab.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
    // Following the link again just says so again.
    await tab.goto(link);
    await tab.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(tab.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
    await visitor.close();

    await page.goto(`/newsletter/manage/list?query=${encodeURIComponent(email)}`);
    await waitForHydration(page);
    const row = page.getByRole('table', { name: 'Members' }).locator('tbody tr').filter({ hasText: email });
    await expect(row.locator('td', { hasText: /^No$/ })).toBeVisible();
  });

  test('a mail provider’s one-click POST (cross-site) unsubscribes; a forged link changes nothing', async ({ baseURL, playwright }) => {
    const { email, link } = await sendToNewMember(db, baseURL!);
    const provider = await playwright.request.newContext();
    const forged = link.replace(/\.[A-Za-z0-9_-]{43}$/, `.${'A'.repeat(43)}`);
    const refused = await provider.post(forged, { form: { 'List-Unsubscribe': 'One-Click' }, headers: { origin: 'https://mail.example.net', 'sec-fetch-site': 'cross-site' } });
    expect(refused.status()).toBe(404);
    const res = await provider.post(link, { form: { 'List-Unsubscribe': 'One-Click' }, headers: { origin: 'https://mail.example.net', 'sec-fetch-site': 'cross-site' } });
    expect(res.status()).toBe(200);
    expect(await res.text()).toBe('Unsubscribed.');
    await provider.dispose();
    const school = await findSchoolByLabel(db, ADMIN.school);
    const suppressed = await db.selectFrom('newsletter_suppressions').select('id').where('domain_id', '=', school!.id).where('email_key', '=', emailKey(email)).execute();
    expect(suppressed).toHaveLength(1);
  });

  test('a test copy’s link answers one-click with 200 and its page says nobody was unsubscribed; nothing changes', async ({ baseURL, playwright, browser }) => {
    const school = await findSchoolByLabel(db, ADMIN.school);
    const count = async () => (await db.selectFrom('newsletter_suppressions').select('id').where('domain_id', '=', school!.id).execute()).length;
    const before = await count();
    const provider = await playwright.request.newContext();
    const res = await provider.post(`${baseURL}/unsubscribe/test`, { form: { 'List-Unsubscribe': 'One-Click' }, headers: { origin: 'https://mail.example.net', 'sec-fetch-site': 'cross-site' } });
    expect(res.status()).toBe(200);
    expect(await res.text()).toBe('This was a test copy: nobody was unsubscribed.');
    await provider.dispose();

    const visitor = await browser.newContext();
    const tab = await visitor.newPage();
    expect((await tab.goto(`${baseURL}/unsubscribe/test`))?.status()).toBe(200);
    await expect(tab.getByRole('heading', { level: 1, name: 'This is a test email’s link' })).toBeVisible();
    await expect(tab.getByRole('status')).toContainText('nobody was unsubscribed');
    await expect(tab.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
    await visitor.close();
    expect(await count()).toBe(before);
  });
});

test.use({ storageState: storageStatePath('admin') });
