/**
 * Manage Posts, Manage Pages and the editor in upstream mode, against the reference legacy
 * backend: the first HTML has the legacy posts, the toggle and the editor's saves reach the
 * legacy store, and what the legacy backend lacks (bulk actions, filter and sort, revisions,
 * autosave, preview) is not shown.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { legacyUrl, storageStatePath } from '../support/env';
import { toast, uniqueTitle, waitForHydration, watchErrors } from '../support/website-lists';
import type { LegacyWebsite } from '../../legacy-backend/modules/website';
import { LEGACY_SCHOOL } from '../../legacy-backend/seed';

test.use({ storageState: storageStatePath('upstream') });

/** The legacy school's website data, as the reference backend holds it. */
async function legacySite(request: APIRequestContext): Promise<LegacyWebsite> {
  const res = await request.get(`${legacyUrl()}/__test/slice/${LEGACY_SCHOOL}/website`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as LegacyWebsite;
}

async function openEditor(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('.codex-editor')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: /^(Save|Create)$/ })).toBeEnabled();
}

test('Manage Posts shows the legacy posts in its first HTML, without bulk actions, filter or sort', async ({ page }) => {
  const errors = watchErrors(page);
  const html = await (await page.request.get('/website/posts')).text();
  expect(html).toContain('Sports day 2026');
  expect(html).toContain('Book week 2026');

  await page.goto('/website/posts');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Posts' })).toBeVisible();
  const table = page.locator('#posts-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(table.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByLabel('Sort by', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Show', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'New Post' })).toBeVisible();
  // The second page comes from the legacy backend too.
  await page.goto('/website/posts?page=2');
  await expect(table.locator('tbody tr')).not.toHaveCount(0);
  expect(errors).toEqual([]);
});

test('toggles a post: the toast, and the legacy store changed', async ({ page }) => {
  await page.goto('/website/posts');
  // A click before the table's island hydrates would reach the server-rendered button only.
  await waitForHydration(page);
  const hide = page.getByRole('button', { name: 'Hide Book week 2026' });
  await expect(hide).toBeVisible();
  await hide.click();
  await expect(toast(page, 'Success! Post Updated.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish Book week 2026' })).toBeVisible();
  expect((await legacySite(page.request)).posts.find((p) => p.ID === '101')?.post_status).toBe('draft');

  await page.getByRole('button', { name: 'Publish Book week 2026' }).click();
  await expect(page.getByRole('button', { name: 'Hide Book week 2026' })).toBeVisible();
  expect((await legacySite(page.request)).posts.find((p) => p.ID === '101')?.post_status).toBe('publish');
});

test('the editor saves an existing post to the legacy backend', async ({ page }) => {
  const errors = watchErrors(page);
  const html = await (await page.request.get('/website/posts/edit?id=103')).text();
  expect(html).toContain('Kapa haka 2026');

  await openEditor(page, '/website/posts/edit?id=103');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Post' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue(/^Kapa haka/);
  // Its categories are ticked by name; the legacy backend has no revisions, autosave or preview.
  await expect(page.getByRole('checkbox', { name: 'Events', exact: true })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Preview' })).toHaveCount(0);
  await expect(page.getByText('Revisions')).toHaveCount(0);

  const title = uniqueTitle('Kapa haka');
  await page.getByLabel('Title').fill(title);
  await page.locator('.ce-paragraph').first().click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Edited upstream.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/website\/posts$/);
  await expect(toast(page, 'Success! Post has been updated.')).toBeVisible();

  const stored = (await legacySite(page.request)).posts.find((p) => p.ID === '103');
  expect(stored?.post_title).toBe(title);
  expect(stored?.post_content).toContain('Edited upstream.');
  expect(stored?.post_category).toBe('Events,Sport');
  expect(errors).toEqual([]);
});

test('the editor creates a new post in the legacy backend', async ({ page }) => {
  await openEditor(page, '/website/posts/edit?new');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Post' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'News', exact: true }).check();
  const title = uniqueTitle('Upstream created post');
  await page.getByLabel('Title').fill(title);
  await page.locator('.ce-paragraph').first().click();
  await page.keyboard.type('Written through the portal.');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/website\/posts$/);
  await expect(toast(page, 'Success! Post has been published.')).toBeVisible();
  await expect(page.locator('#posts-table tbody tr').filter({ hasText: title })).toHaveCount(1);

  const stored = (await legacySite(page.request)).posts.find((p) => p.post_title === title);
  expect(stored).toMatchObject({ post_content: '<p>Written through the portal.</p>', post_category: 'News', post_status: 'publish' });
});

test('Manage Pages and a new page under a parent', async ({ page }) => {
  const html = await (await page.request.get('/website/pages')).text();
  expect(html).toContain('About Us');
  // The legacy backend cannot delete a page (no 'website.delete-pages'): no Delete on its rows, and the call says so.
  await page.goto('/website/pages');
  await waitForHydration(page);
  await expect(page.locator('#pages-table tbody tr').first()).toBeVisible();
  await expect(page.locator('#pages-table').getByRole('button', { name: /^Delete / })).toHaveCount(0);
  expect((await page.request.post('/api/website/pages/delete', { data: { id: 1 } })).status()).toBe(404);

  await openEditor(page, '/website/pages/edit?new');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Page' })).toBeVisible();
  await page.getByLabel('Menu Parent').selectOption('About Us');
  const title = uniqueTitle('Upstream page');
  await page.getByLabel('Title').fill(title);
  await page.locator('.ce-paragraph').first().click();
  await page.keyboard.type('A page.');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/website\/pages$/);
  await expect(toast(page, 'Success! Page will be published within 24 hours.')).toBeVisible();

  const stored = (await legacySite(page.request)).pages.find((p) => p.post_title === title);
  expect(stored).toMatchObject({ post_content: '<p>A page.</p>', post_status: 'pending', post_parent: '200' });
});

test('a legacy failure on toggle shows the posts failure toast and changes nothing', async ({ page }) => {
  const path = '/api/website/posts/toggle';
  await page.goto('/website/posts');
  await waitForHydration(page);
  await page.request.post(`${legacyUrl()}/__test/fault`, { data: { path, fault: { kind: 'status', status: 500 } } });
  try {
    await page.getByRole('button', { name: 'Hide Sports day 2026' }).click();
    await expect(toast(page, 'Error! Please try again.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Hide Sports day 2026' })).toBeVisible();
  } finally {
    await page.request.post(`${legacyUrl()}/__test/fault`, { data: { path, fault: null } });
  }
  expect((await legacySite(page.request)).posts.find((p) => p.ID === '100')?.post_status).toBe('publish');
});

test('the editor of an id the legacy lists do not hold goes back to the list with the failure toast', async ({ page }) => {
  await page.goto('/website/posts/edit?id=987654');
  await expect(page).toHaveURL(/\/website\/posts$/);
  await expect(toast(page, 'Failed! Please try again!')).toBeVisible();
});

test('a broken legacy posts list: Manage Posts still shows in its shell with the posts failure (its list call stays 502)', async ({ page }) => {
  const path = '/api/website/wordpress/posts';
  await page.request.post(`${legacyUrl()}/__test/fault`, { data: { path, fault: { kind: 'status', status: 500 } } });
  try {
    const res = await page.request.get('/website/posts');
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain('Error! Please try again.');
    await page.goto('/website/posts');
    await expect(page.getByRole('complementary', { name: 'Main menu' }).getByRole('link', { name: 'Manage Posts' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Posts' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Error! Please try again.');
    await expect(page.locator('#posts-table')).toHaveCount(0);
    expect((await page.request.get(`${path}?page=1&limit=10`)).status()).toBe(502);
  } finally {
    await page.request.post(`${legacyUrl()}/__test/fault`, { data: { path, fault: null } });
  }
  // Try again, once the legacy backend answers: the list.
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.locator('#posts-table tbody tr').first()).toBeVisible();
});
