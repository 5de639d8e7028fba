/**
 * Upstream mode as a whole: the portal in front of the reference legacy backend keeps nothing of
 * its own and asks who is signed in once per page (signing in, the menu: home.spec.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/test';
import { dataDir, legacyUrl, storageStatePath } from '../support/env';

/** What the legacy backend was asked with one session (other specs use the backend at the same time). */
async function legacyRequests(session: string): Promise<string[]> {
  const res = await fetch(`${legacyUrl()}/__test/requests?session=${encodeURIComponent(session)}`);
  return (await res.json()) as string[];
}

test.describe('signed in', () => {
  test.use({ storageState: storageStatePath('upstream') });

  test('a page asks the legacy backend who is signed in once, and shows its user and school', async ({ page, context }) => {
    // A session of this test's own, through the login form.
    await context.clearCookies();
    await page.goto(`${legacyUrl()}/login`);
    await page.getByLabel('Email').fill('admin@legacy.school');
    await page.getByLabel('Password').fill('legacy-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/home$/);
    const session = (await context.cookies()).find((cookie) => cookie.name === 'legacy_sid')?.value ?? '';
    const before = (await legacyRequests(session)).length;
    await page.goto('/website/posts');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Posts' })).toBeVisible();
    await expect(page.locator('header')).toContainText('Lee Gacy');
    const calls = (await legacyRequests(session)).slice(before);
    // One for the page; the islands' scripts make no user call of their own on load.
    expect(calls.filter((line) => line === 'GET /api/api/user')).toHaveLength(1);
    // The list is asked once: the page middleware's warm-up and the page's loader share the answer.
    expect(calls.filter((line) => line === 'GET /api/website/wordpress/posts')).toHaveLength(1);
  });

  test('keeps no data of its own: nothing is written to its data folder', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    expect(fs.readdirSync(path.join(dataDir(), 'upstream'))).toEqual([]);
  });
});
