import { expect, test } from './support/test';
import type { Page } from '@playwright/test';
import { storageStatePath } from './support/env';
import { recordApiCalls } from './support/fixtures';
import { createPost, importPost, rowOf, seriousViolations, toast, uniqueTitle, waitForHydration, watchErrors } from './support/website-lists';

test.use({ storageState: storageStatePath('admin') });

const DATE = /^\d{2}\/\d{2}\/\d{4}$/;

function postsTable(page: Page) {
  return page.getByRole('table', { name: 'Posts' });
}

/** Opens /website/posts searched for `title` (through the address), hydrated. */
async function openPostsFor(page: Page, title: string) {
  await page.goto(`/website/posts?query=${encodeURIComponent(title)}`);
  await waitForHydration(page);
  const row = rowOf(postsTable(page), title);
  await expect(row).toBeVisible();
  return row;
}

test.describe('Manage Posts', () => {
  test('a new post is on page 1 as Public, in the first HTML, without a list call', async ({ page }) => {
    const title = uniqueTitle('E2E first screen');
    await createPost(page.request, title);

    const html = await (await page.request.get('/website/posts')).text();
    expect(html).toContain(title);

    const calls = recordApiCalls(page);
    const errors = watchErrors(page);
    await page.goto('/website/posts');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Posts' })).toBeVisible();
    const table = postsTable(page);
    // The first column holds the row checkboxes (its header: select all on this page).
    await expect(table.getByRole('columnheader')).toHaveText(['', 'Title', 'Category', 'Created', 'Visibility', 'Actions']);
    await expect(table.getByRole('columnheader').first().getByRole('checkbox', { name: 'Select all posts on this page' })).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(10);
    const row = rowOf(table, title);
    await expect(row.getByRole('checkbox', { name: `Select ${title}` })).not.toBeChecked();
    await expect(row.getByRole('cell').nth(2)).toHaveText(DATE);
    await expect(row.getByRole('cell').nth(3)).toHaveText('Public');
    await expect(row.getByRole('link', { name: `Edit ${title}` })).toHaveAttribute('href', /\/website\/posts\/edit\?id=\d+$/);
    const view = row.getByRole('link', { name: `View ${title} (opens in a new tab)` });
    await expect(view).toHaveAttribute('target', '_blank');
    await expect(view).toHaveAttribute('href', /^\/sites\/demo\.school\/posts\//);
    expect(calls.filter((c) => c.includes('/api/website/wordpress/posts'))).toEqual([]);

    await expect(page.getByRole('link', { name: 'New Post' })).toHaveAttribute('href', '/website/posts/edit?new');
    // The server's dates and rows hydrate without a mismatch.
    expect(errors).toEqual([]);
  });

  test('searches by title with Enter and with the button; the address keeps it; Back restores', async ({ page }) => {
    const token = uniqueTitle('E2E search');
    const alpha = `${token} Alpha`;
    const beta = `${token} Beta`;
    await createPost(page.request, alpha);
    await createPost(page.request, beta);

    await page.goto('/website/posts');
    await waitForHydration(page);
    const box = page.getByRole('searchbox', { name: 'Search posts by title' });
    const table = postsTable(page);

    await box.fill(alpha);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`\\?query=${encodeURIComponent(alpha).replace(/%20/g, '(\\+|%20)')}$`));
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(rowOf(table, alpha)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'matching' })).toHaveText(`Showing 1 of 1 post matching “${alpha}”.`);

    await box.fill(token);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(table.locator('tbody tr')).toHaveCount(2);
    expect(new URL(page.url()).searchParams.get('query')).toBe(token);

    await page.goBack();
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(rowOf(table, alpha)).toBeVisible();
    await expect(box).toHaveValue(alpha);
    expect(new URL(page.url()).searchParams.get('query')).toBe(alpha);

    await page.reload();
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(box).toHaveValue(alpha);

    await page.goBack();
    await expect(page).toHaveURL(/\/website\/posts$/);
    await expect(table.locator('tbody tr')).toHaveCount(10);
    await expect(box).toHaveValue('');

    await box.fill('no post is called this 9f3b');
    await box.press('Enter');
    await expect(table.getByText('No posts match your search')).toBeVisible();
  });

  test('pages through the posts with the page in the address', async ({ page }) => {
    await page.goto('/website/posts');
    await waitForHydration(page);
    const table = postsTable(page);
    const firstTitles = await table.getByRole('rowheader').allTextContents();
    const pager = page.getByRole('navigation', { name: 'Posts pagination' });
    // The screen's own call for page 2: other specs add posts to the demo school meanwhile.
    const pageTwo = page.waitForResponse((res) => res.url().includes('/api/website/wordpress/posts') && new URL(res.url()).searchParams.get('page') === '2');
    await pager.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(table.getByRole('rowheader').first()).not.toHaveText(firstTitles[0] ?? '');
    // The footer says which rows of how many (the total of the answer it shows, search applied).
    const { total } = (await (await pageTwo).json()) as { total: number };
    await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(`Showing 11–20 of ${total} posts.`);
    await page.goBack();
    await expect(page).toHaveURL(/\/website\/posts$/);
    await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(table.locator('tbody tr')).toHaveCount(10);

    // A page past the end shows the last page.
    await page.goto('/website/posts?page=99999');
    await expect(page).toHaveURL(/\?page=\d+$/);
    const last = Number(new URL(page.url()).searchParams.get('page'));
    expect(last).toBeLessThan(99999);
    await expect(pager.getByRole('link', { name: `Page ${last}` })).toHaveAttribute('aria-current', 'page');
  });

  test('toggles a post to Hidden and back', async ({ page }) => {
    const title = uniqueTitle('E2E toggle');
    await createPost(page.request, title);
    const row = await openPostsFor(page, title);
    const visibility = row.getByRole('cell').nth(3);
    await expect(visibility).toHaveText('Public');

    await row.getByRole('button', { name: `Hide ${title}` }).focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Success! Post Updated.')).toBeVisible();
    await expect(visibility).toHaveText('Hidden');
    // The same button, now Publish, keeps the keyboard focus.
    await expect(row.getByRole('button', { name: `Publish ${title}` })).toBeFocused();

    await page.reload();
    await expect(rowOf(postsTable(page), title).getByRole('cell').nth(3)).toHaveText('Hidden');
    await waitForHydration(page);

    await rowOf(postsTable(page), title).getByRole('button', { name: `Publish ${title}` }).click();
    await expect(rowOf(postsTable(page), title).getByRole('cell').nth(3)).toHaveText('Public');
  });

  test('deletes only after the confirm dialog; Escape and Cancel keep the post', async ({ page }) => {
    const title = uniqueTitle('E2E delete');
    await createPost(page.request, title);
    const row = await openPostsFor(page, title);
    const deleteButton = row.getByRole('button', { name: `Delete ${title}` });
    const dialog = page.getByRole('dialog', { name: 'Delete this post?' });

    await deleteButton.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(title);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    // Focus stays inside: Tab from the last button comes back to the first.
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Delete' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(deleteButton).toBeFocused();
    await expect(row).toBeVisible();

    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();

    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Success! Post deleted.')).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(postsTable(page).getByText('No posts match your search')).toBeVisible();
    await expect(postsTable(page)).toBeFocused();

    await page.reload();
    await expect(rowOf(postsTable(page), title)).toHaveCount(0);
  });

  test('a post holding page-builder content is Locked and cannot be edited', async ({ page }) => {
    const title = uniqueTitle('E2E locked');
    importPost(title, new Date(), '[vc_row][vc_column]<p>Built with a page builder.</p>[/vc_column][/vc_row]');
    const row = await openPostsFor(page, title);
    const locked = row.getByRole('button', { name: /^Locked/ });
    await expect(locked).toHaveText('Locked');
    await expect(locked).toBeDisabled();
    await expect(row.getByRole('link', { name: `Edit ${title}` })).toHaveCount(0);
    await expect(row.getByRole('link', { name: `View ${title} (opens in a new tab)` })).toBeVisible();
  });

  test('a failed list call shows the posts error toast and keeps the rows', async ({ page }) => {
    await page.goto('/website/posts');
    await waitForHydration(page);
    await page.route('**/api/website/wordpress/posts?*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, isAuthFailed: false }) }),
    );
    const before = await postsTable(page).getByRole('rowheader').allTextContents();
    await page.getByRole('navigation', { name: 'Posts pagination' }).getByRole('link', { name: 'Page 2' }).click();
    await expect(toast(page, 'Error! Please try again.')).toBeVisible();
    await expect(postsTable(page).getByRole('rowheader')).toHaveText(before);
    await expect(page).toHaveURL(/\/website\/posts$/);
  });
});

test.describe('Manage Pages', () => {
  test('pages through the pages, Loading pages... while one loads, Back and search', async ({ page }) => {
    const calls = recordApiCalls(page);
    const errors = watchErrors(page);
    await page.goto('/website/pages');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Pages' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Pages' });
    await expect(table.getByRole('columnheader')).toHaveText(['Title', 'Last Modified', 'Actions']);
    await expect(table.locator('tbody tr')).toHaveCount(10);
    await expect(table.locator('tbody tr').first().getByRole('cell').first()).toHaveText(DATE);
    expect(calls.filter((c) => c.includes('/api/website/wordpress/pages'))).toEqual([]);
    expect(errors).toEqual([]);
    await expect(page.getByRole('link', { name: 'New Page' })).toHaveAttribute('href', '/website/pages/edit?new');
    const firstTitles = await table.getByRole('rowheader').allTextContents();

    // Hold the next page briefly so the loading text can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/website/wordpress/pages?*', async (route) => {
      await held;
      await route.continue();
    });
    const pager = page.getByRole('navigation', { name: 'Pages pagination' });
    await pager.getByRole('link', { name: 'Next' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Loading pages...' })).toBeVisible();
    await expect(table).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    await expect(table.getByRole('rowheader').first()).not.toHaveText(firstTitles[0] ?? '');
    await page.unroute('**/api/website/wordpress/pages?*');

    await page.goBack();
    await expect(page).toHaveURL(/\/website\/pages$/);
    await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(table.locator('tbody tr')).toHaveCount(10);

    await page.goForward();
    await expect(page).toHaveURL(/\?page=2$/);
    await page.reload();
    await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    const box = page.getByRole('searchbox', { name: 'Search pages by title' });
    await box.fill('Level 3');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/website\/pages\?query=Level(\+|%20)3$/);
    // The address changes when the search starts; the rows when its answer arrives.
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    await expect
      .poll(async () => {
        const titles = await table.getByRole('rowheader').allTextContents();
        return titles.length > 0 && titles.every((t) => t.toLowerCase().includes('level 3'));
      })
      .toBe(true);
    const firstRow = table.locator('tbody tr').first();
    await expect(firstRow.getByRole('link', { name: /^View .* \(opens in a new tab\)$/ })).toHaveAttribute('target', '_blank');
  });

  test('a new page says it is pending review and when it publishes, in the first HTML and after paging back', async ({ page }) => {
    const title = uniqueTitle('E2E pending page');
    const res = await page.request.post('/api/website/pages/create', { data: { title, content: '<p>Held</p>', parent: null } });
    expect(res.status()).toBe(200);
    const html = await (await page.request.get(`/website/pages?query=${encodeURIComponent(title)}`)).text();
    expect(html).toMatch(/Pending review — publishes \d{2}\/\d{2}\/\d{2} \d{2}:\d{2}/);
    await page.goto(`/website/pages?query=${encodeURIComponent(title)}`);
    await waitForHydration(page);
    const row = rowOf(page.getByRole('table', { name: 'Pages' }), title);
    await expect(row.getByRole('rowheader')).toContainText(/Pending review — publishes \d{2}\/\d{2}\/\d{2} \d{2}:\d{2}/);
    // The same words when the row comes from the API (a search run in the page).
    const box = page.getByRole('searchbox', { name: 'Search pages by title' });
    await box.fill(title);
    await box.press('Enter');
    await expect(rowOf(page.getByRole('table', { name: 'Pages' }), title).getByRole('rowheader')).toContainText('Pending review — publishes');
    // A published page says nothing of the kind.
    await page.goto('/website/pages?query=Level%203');
    await waitForHydration(page);
    await expect(page.getByRole('table', { name: 'Pages' }).getByText('Pending review')).toHaveCount(0);
  });
});

test.describe('accessibility', () => {
  for (const path of ['/website/posts', '/website/pages']) {
    test(`${path} has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('the delete dialog has no serious or critical axe violations', async ({ page }) => {
    const title = uniqueTitle('E2E a11y dialog');
    await createPost(page.request, title);
    const row = await openPostsFor(page, title);
    await row.getByRole('button', { name: `Delete ${title}` }).click();
    await expect(page.getByRole('dialog', { name: 'Delete this post?' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });
});
