import crypto from 'node:crypto';
import { expect, test } from './support/test';
import { storageStatePath } from './support/env';
import type { Db } from '../../src/platform/db';
import { openNewsletterDb } from './support/newsletter';
import { seriousViolations, waitForHydration } from './support/website-lists';

/**
 * The newsletter's sign-up on the school's public site, as a parent meets it: the footer link,
 * the form (errors keep what was typed), the confirmation message (read from the outbox: the e2e
 * server has no MAIL_URL), the link's one button, and the new member on the staff's list.
 */
let db: Db;

test.beforeAll(() => {
  db = openNewsletterDb();
});
test.afterAll(async () => {
  await db.destroy();
});

async function confirmationLink(email: string): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        const row = await db.selectFrom('mail_outbox').select('text').where('recipients', '=', email).executeTakeFirst();
        text = row?.text ?? '';
        return text !== '';
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const link = /https?:\/\/\S+\/newsletter\/confirm\/\S+/.exec(text)?.[0];
  if (!link) throw new Error(`No confirmation link in: ${text}`);
  return link;
}

test.describe('newsletter sign-up on the public site', () => {
  test('a parent subscribes with double opt-in and joins the mailing list', async ({ page, baseURL, browser }) => {
    const email = `signup.${crypto.randomBytes(4).toString('hex')}@families.example.org`;
    await page.goto('/sites/demo.school');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Subscribe to our newsletter' }).click();
    await expect(page).toHaveURL(/\/sites\/demo\.school\/newsletter$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Subscribe to our newsletter' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The honeypot is out of the keyboard's way: name, email, then the button.
    await page.getByLabel('Your name').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Email address')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Subscribe' })).toBeFocused();

    // An error keeps what was typed.
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter your name and your email address.');
    await expect(page.getByLabel('Email address')).toHaveValue(email);
    await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Your name').fill('Robin Parent');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('status')).toHaveText('Thank you! We have sent you an email. Follow the link in it to confirm your subscription.');

    const link = await confirmationLink(email);
    expect(link.startsWith(`${baseURL}/sites/demo.school/newsletter/confirm/`)).toBe(true);
    // Opening the link only asks (a mail scanner opening it subscribes nobody).
    const res = await page.goto(link);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['cache-control']).toBe('no-store');
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    expect(await db.selectFrom('newsletter_members').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'You are subscribed' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Staff see the new member, subscribed.
    const staff = await browser.newContext({ storageState: storageStatePath('admin') });
    const list = await staff.newPage();
    await list.goto(`/newsletter/manage/list?query=${encodeURIComponent(email)}`);
    await waitForHydration(list);
    const row = list.getByRole('table', { name: 'Members' }).locator('tbody tr').filter({ hasText: email });
    await expect(row).toContainText('Robin Parent');
    await expect(row.locator('td', { hasText: /^Yes$/ })).toBeVisible();
    await staff.close();
  });

  test('a forged link is a 404 and a school without the newsletter has no sign-up', async ({ page }) => {
    const forged = await page.goto('/sites/demo.school/newsletter/confirm/1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(forged?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    const unknown = await page.goto('/sites/no-such.school/newsletter');
    expect(unknown?.status()).toBe(404);
  });
});
