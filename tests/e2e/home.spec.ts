import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { E2E_ANNOUNCEMENT, SUPPORT_URL, runCli, storageStatePath } from './support/env';
import { recordApiCalls } from './support/fixtures';

test.use({ storageState: storageStatePath('admin') });

test('/ redirects to /home', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
});

/** Spec section 1: the home screen's Quick Links, by their titles. */
const QUICK_LINKS = [
  ['Manage Posts', '/website/posts'],
  ['App Staff List', '/app/managestaff'],
  ['Mailing List', '/newsletter/manage/list'],
  ['Manage Students', '/hapara/studentlist'],
  ['My Products', '/account/products'],
  ['My Tickets', '/support/tickets'],
];

/** Spec section 2's sidebar menu, in its order, with the screens added since (Sent Newsletters, My Profile, Activity Log). */
const SIDEBAR = [
  ['Home', '/home'],
  ['Manage Posts', '/website/posts'],
  ['Manage Pages', '/website/pages'],
  ['Manage Galleries', '/website/galleries'],
  ['Manage Staff List', '/website/managestaff'],
  ['Send Notification', '/app/send'],
  ['Manage Staff List', '/app/managestaff'],
  ['Manage Mailing List', '/newsletter/manage/list'],
  ['Simple Newsletter', '/newsletter/send/simple'],
  ['Newsletter Builder', '/newsletter/send/builder'],
  ['Sent Newsletters', '/newsletter/sent'],
  ['Student List Upload', '/hapara/upload'],
  ['Leavers List Upload', '/hapara/leavers'],
  ['Manage Students', '/hapara/studentlist'],
  ['Manage Classes', '/hapara/classlist'],
  ['Status', '/hapara/status'],
  ['My Products', '/account/products'],
  ['Manage Users', '/account/users'],
  ['My Profile', '/account/profile'],
  ['Activity Log', '/account/activity'],
  ['My Tickets', '/support/tickets'],
  ['New Support Ticket', '/support/new'],
  ['Tutorials', '/support/help'],
  ['Knowledgebase', '/support/knowledgebase'],
];

/** Each address answers its screen (not a 404) to the signed-in admin. */
async function expectScreens(request: APIRequestContext, hrefs: string[]): Promise<void> {
  for (const href of new Set(hrefs)) expect((await request.get(href)).status(), href).toBe(200);
}

test('Quick Links has the six entries of the spec, each a link to its screen', async ({ page }) => {
  await page.goto('/home');
  const section = page.getByRole('region', { name: 'Quick Links' });
  await expect(section.getByRole('listitem')).toHaveCount(6);
  const links = await section.getByRole('link').evaluateAll((as) => as.map((a) => [a.querySelector('strong')?.textContent?.trim(), a.getAttribute('href')]));
  expect(links).toEqual(QUICK_LINKS);
  await expectScreens(page.request, QUICK_LINKS.map(([, href]) => href!));
});

test('the sidebar links every screen of the menu, in its order', async ({ page }) => {
  await page.goto('/home');
  const sidebar = page.locator('#app-sidebar');
  const links = await sidebar.getByRole('link').evaluateAll((as) => as.map((a) => [a.textContent?.trim(), a.getAttribute('href')]));
  expect(links).toEqual(SIDEBAR);
  await expectScreens(page.request, SIDEBAR.map(([, href]) => href!));
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
