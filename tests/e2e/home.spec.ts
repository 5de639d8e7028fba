import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/test';
import { E2E_ANNOUNCEMENT, ROOT, SUPPORT_URL, runCli, storageStatePath } from './support/env';
import { recordApiCalls } from './support/fixtures';

test.use({ storageState: storageStatePath('admin') });

test('/ redirects to /home', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
});

const QUICK_LINKS = ['/website/posts', '/app/managestaff', '/newsletter/manage/list', '/hapara/studentlist', '/account/products', '/support/tickets'];
/** Whether the portal has a screen at this address yet (its page file exists, as `<href>.astro` or `<href>/index.astro`). */
const built = (href: string) => [`${href}.astro`, `${href}/index.astro`].some((file) => fs.existsSync(path.join(ROOT, 'src/pages', file)));

test('Quick Links has the six entries: a link to each screen that exists, the others marked Coming soon', async ({ page }) => {
  expect(QUICK_LINKS.filter(built).length, 'some quick links lead somewhere').toBeGreaterThan(0);
  await page.goto('/home');
  const section = page.getByRole('region', { name: 'Quick Links' });
  const hrefs = await section.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual(QUICK_LINKS.filter(built));
  await expect(section.getByRole('listitem')).toHaveCount(6);
  await expect(section.getByText('Coming soon')).toHaveCount(QUICK_LINKS.filter((href) => !built(href)).length);
});

test('the sidebar links only to screens that exist and names the others as Coming soon', async ({ page }) => {
  await page.goto('/home');
  const sidebar = page.locator('#app-sidebar');
  const hrefs = await sidebar.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs).toContain('/website/posts');
  for (const href of hrefs) expect(built(href), `${href} has a page`).toBe(true);
  // Every menu screen may exist by now: any entry still without one is named Coming soon.
  const soon = sidebar.locator('.menu-soon');
  for (const item of await soon.all()) await expect(item).toContainText('Coming soon');
  // Each listed product's screens are still all named: links and Coming soon entries together.
  await expect(sidebar.getByText('Manage Mailing List')).toHaveCount(1);
});

test.describe('Updates from the provider', () => {
  test('are in the first HTML', async ({ page }) => {
    const res = await page.request.get('/home');
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(E2E_ANNOUNCEMENT.title);
    expect(html).toContain('05/03/26');
  });

  test('show dd/mm/yy dates and link to the support site, without an updates call', async ({ page }) => {
    const calls = recordApiCalls(page);
    await page.goto('/home');
    const updates = page.getByRole('region', { name: 'Updates from the provider' });
    const item = updates.getByRole('listitem').filter({ hasText: E2E_ANNOUNCEMENT.title });
    await expect(item).toHaveCount(1);
    await expect(item.locator('time')).toHaveText('05/03/26');
    await expect(item.locator('time')).toHaveAttribute('datetime', '2026-03-05');
    await expect(item.getByRole('link', { name: /Read more/ })).toHaveAttribute(
      'href',
      `${SUPPORT_URL}/announcements/${E2E_ANNOUNCEMENT.slug}`,
    );
    await page.waitForLoadState('networkidle');
    expect(calls.filter((c) => c.includes('/api/support/updates'))).toEqual([]);
  });

  // The home page is kept per user between visits (http/staff-page-cache.ts): an update the provider
  // adds with the operator command, in another process, shows on the next visit all the same.
  test('a new update shows on the next visit', async ({ page }) => {
    const title = `Kept-page check ${Date.now()}`;
    await page.goto('/home');
    const updates = page.getByRole('region', { name: 'Updates from the provider' });
    await expect(updates.getByRole('listitem').first()).toBeVisible();
    await page.reload();
    await expect(updates.getByText(title)).toHaveCount(0);

    runCli(['add-announcement', '--slug', `kept-page-${Date.now()}`, '--title', title, '--excerpt', 'Shown at once.', '--date', '2026-03-04']);
    await page.reload();
    await expect(updates.getByRole('listitem').filter({ hasText: title })).toHaveCount(1);
  });
});

test('the drawer shows servers status and changelog notifications, 450 px wide', async ({ page }) => {
  await page.goto('/home');
  const drawer = page.locator('#app-drawer');
  await expect(drawer).toBeHidden();
  await page.locator('#drawer-open').click();
  await expect(drawer).toBeVisible();
  await expect(page.locator('#drawer-open')).toHaveAttribute('aria-expanded', 'true');

  await expect(drawer.getByRole('heading', { name: 'Servers Status', exact: true })).toBeVisible();
  const status = drawer.locator('.status-list');
  await expect(status.locator('div').filter({ hasText: 'Website Status' }).locator('dd')).toHaveText('No faults');
  await expect(status.locator('div').filter({ hasText: 'App Status' }).locator('dd')).toHaveText('No faults');

  await expect(drawer.getByRole('heading', { name: 'Notifications', exact: true })).toBeVisible();
  const notification = drawer.getByRole('link', { name: 'Reorder gallery images by dragging' });
  await expect(notification).toBeVisible();
  await expect(notification).toHaveAttribute('href', `${SUPPORT_URL}/announcements/gallery-reordering`);

  const box = await drawer.boundingBox();
  expect(box?.width).toBe(450);
});

test('hovering the calendar shows a toast and makes no API call', async ({ page }) => {
  await page.goto('/home');
  await page.waitForLoadState('networkidle');
  const calls = recordApiCalls(page);
  await page.locator('#calendar-item').hover();
  await expect(page.getByText('There are no new calendar items.')).toBeVisible();
  expect(calls).toEqual([]);
});
