/**
 * Manage Posts as a list to work with (issue 9, part 3): the Show filter and the order in the
 * address (reload and Back keep them, the first HTML has them), Public / Hidden / Scheduled
 * badges, bulk Hide / Publish / Delete on ticked rows (one confirm, one call, one toast) on a
 * desktop and in the phone card layout; the post editor's searchable category picker; and the
 * editor opened with no state going back to its list.
 */
import { expect, test } from './support/test';
import type { Page } from '@playwright/test';
import { storageStatePath } from './support/env';
import { recordApiCalls } from './support/fixtures';
import { createPost, importPost, rowOf, seriousViolations, setPostVisibility, toast, uniqueTitle, waitForHydration, watchErrors } from './support/website-lists';

test.use({ storageState: storageStatePath('admin') });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1400, height: 900 };

function postsTable(page: Page) {
  return page.getByRole('table', { name: 'Posts' });
}

function badgeOf(page: Page, title: string) {
  return rowOf(postsTable(page), title).locator('.badge');
}

/** Three posts of one search token, created oldest to newest as Gamma, Alpha, Beta (so newest first differs from both title orders). */
async function threePosts(page: Page, prefix: string) {
  const token = uniqueTitle(prefix);
  const titles = { gamma: `${token} Gamma`, alpha: `${token} Alpha`, beta: `${token} Beta` };
  const ids = { gamma: await createPost(page.request, titles.gamma), alpha: await createPost(page.request, titles.alpha), beta: await createPost(page.request, titles.beta) };
  return { token, titles, ids };
}

async function openSearch(page: Page, token: string, extra = '') {
  await page.goto(`/website/posts?query=${encodeURIComponent(token)}${extra}`);
  await waitForHydration(page);
}

function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test.describe('Manage Posts: filter and order', () => {
  test.use({ viewport: DESKTOP });

  test('Show and Sort by live in the address: the first HTML, reload and Back keep them', async ({ page }) => {
    const { token, titles, ids } = await threePosts(page, 'E2E filter');
    await setPostVisibility(page.request, ids.alpha, false);
    const errors = watchErrors(page);

    await openSearch(page, token);
    const table = postsTable(page);
    const show = page.getByLabel('Show', { exact: true });
    const sort = page.getByLabel('Sort by');
    await expect(show).toHaveValue('all');
    await expect(sort).toHaveValue('date');
    await expect(table.getByRole('rowheader')).toHaveText([titles.beta, titles.alpha, titles.gamma]);

    await show.selectOption({ label: 'Hidden' });
    await expect(page).toHaveURL(/[?&]status=hidden(&|$)/);
    await expect(table.getByRole('rowheader')).toHaveText([titles.alpha]);
    await expect(badgeOf(page, titles.alpha)).toHaveText('Hidden');
    await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(`Showing 1 of 1 post matching “${token}”.`);

    await show.selectOption({ label: 'Public' });
    await expect(table.getByRole('rowheader')).toHaveText([titles.beta, titles.gamma]);
    await sort.selectOption({ label: 'Title A–Z' });
    await expect(page).toHaveURL(/[?&]status=public&sort=title(&|$)/);
    await expect(table.getByRole('rowheader')).toHaveText([titles.beta, titles.gamma]);
    await show.selectOption({ label: 'All' });
    await sort.selectOption({ label: 'Title Z–A' });
    await expect(table.getByRole('rowheader')).toHaveText([titles.gamma, titles.beta, titles.alpha]);
    expect(new URL(page.url()).searchParams.get('status')).toBeNull();
    expect(new URL(page.url()).searchParams.get('query')).toBe(token);

    await page.reload();
    await waitForHydration(page);
    await expect(sort).toHaveValue('title-desc');
    await expect(table.getByRole('rowheader')).toHaveText([titles.gamma, titles.beta, titles.alpha]);

    // Back: All, A–Z... then Public, A–Z; then Public, newest first.
    await page.goBack();
    await expect(sort).toHaveValue('title');
    await expect(table.getByRole('rowheader')).toHaveText([titles.alpha, titles.beta, titles.gamma]);
    await page.goBack();
    await expect(show).toHaveValue('public');
    await expect(table.getByRole('rowheader')).toHaveText([titles.beta, titles.gamma]);
    await page.goBack();
    await expect(sort).toHaveValue('date');
    await expect(table.getByRole('rowheader')).toHaveText([titles.beta, titles.gamma]);

    // The server renders a filtered, ordered first screen itself: no list call, no spinner.
    const calls = recordApiCalls(page);
    await openSearch(page, token, '&status=hidden&sort=title');
    await expect(show).toHaveValue('hidden');
    await expect(table.getByRole('rowheader')).toHaveText([titles.alpha]);
    expect(calls.filter((c) => c.includes('/api/website/wordpress/posts'))).toEqual([]);
    const html = await (await page.request.get(`/website/posts?status=hidden&query=${encodeURIComponent(token)}`)).text();
    expect(html).toContain(titles.alpha);
    expect(html).not.toContain(titles.beta);
    expect(errors).toEqual([]);
  });

  test('a published post dated in the future is Scheduled', async ({ page }) => {
    const title = uniqueTitle('E2E scheduled');
    importPost(title, new Date(Date.now() + 365 * 24 * 60 * 60 * 1000));
    await openSearch(page, title);
    await expect(badgeOf(page, title)).toHaveText('Scheduled');
    // Scheduled posts are published ones: the Public filter has them, Hidden does not.
    await page.getByLabel('Show', { exact: true }).selectOption('hidden');
    await expect(rowOf(postsTable(page), title)).toHaveCount(0);
  });
});

for (const size of [DESKTOP, PHONE]) {
  test.describe(`Manage Posts: bulk actions at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('hide, publish and delete ticked posts: one confirm, one call, one toast with the count', async ({ page }) => {
      const { token, titles, ids } = await threePosts(page, `E2E bulk ${size.width}`);
      await openSearch(page, token);
      const table = postsTable(page);
      const bar = page.getByRole('group', { name: 'Actions on the selected posts' });
      const selectAll = page.getByRole('checkbox', { name: 'Select all posts on this page' });
      const calls = recordApiCalls(page);

      // Nothing ticked: no actions.
      await expect(bar.getByRole('button', { name: 'Hide' })).toHaveCount(0);
      await selectAll.check();
      for (const title of Object.values(titles)) await expect(rowOf(table, title).getByRole('checkbox', { name: `Select ${title}` })).toBeChecked();
      await expect(bar.getByRole('status')).toHaveText('3 selected');
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);

      // Cancel changes nothing and keeps the ticks.
      await bar.getByRole('button', { name: 'Hide' }).click();
      const hideDialog = page.getByRole('dialog', { name: 'Hide 3 posts?' });
      await expect(hideDialog).toContainText('3 posts will be hidden from your website.');
      await hideDialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(hideDialog).toBeHidden();
      await expect(bar.getByRole('status')).toHaveText('3 selected');
      await expect(badgeOf(page, titles.alpha)).toHaveText('Public');

      await bar.getByRole('button', { name: 'Hide' }).click();
      await hideDialog.getByRole('button', { name: 'Hide 3 posts' }).click();
      await expect(toast(page, 'Success! 3 posts hidden.')).toBeVisible();
      for (const title of Object.values(titles)) await expect(badgeOf(page, title)).toHaveText('Hidden');
      await expect(selectAll).not.toBeChecked();
      await expect(bar.getByRole('button', { name: 'Hide' })).toHaveCount(0);
      expect(calls.filter((c) => c.includes('/api/website/posts/bulk'))).toHaveLength(1);

      // Two ticked by hand: the header box is mixed, Publish names two.
      await rowOf(table, titles.alpha).getByRole('checkbox', { name: `Select ${titles.alpha}` }).check();
      await rowOf(table, titles.gamma).getByRole('checkbox', { name: `Select ${titles.gamma}` }).check();
      await expect(bar.getByRole('status')).toHaveText('2 selected');
      expect(await selectAll.evaluate((box) => (box as HTMLInputElement).indeterminate)).toBe(true);
      await bar.getByRole('button', { name: 'Publish' }).click();
      await page.getByRole('dialog', { name: 'Publish 2 posts?' }).getByRole('button', { name: 'Publish 2 posts' }).click();
      await expect(toast(page, 'Success! 2 posts published.')).toBeVisible();
      await expect(badgeOf(page, titles.alpha)).toHaveText('Public');
      await expect(badgeOf(page, titles.gamma)).toHaveText('Public');
      await expect(badgeOf(page, titles.beta)).toHaveText('Hidden');

      await selectAll.check();
      await bar.getByRole('button', { name: 'Delete' }).click();
      const deleteDialog = page.getByRole('dialog', { name: 'Delete 3 posts?' });
      await expect(deleteDialog).toContainText('3 posts will be deleted from your website. This cannot be undone.');
      await deleteDialog.getByRole('button', { name: 'Delete 3 posts' }).click();
      await expect(toast(page, 'Success! 3 posts deleted.')).toBeVisible();
      await expect(table.getByText('No posts match your search')).toBeVisible();
      expect(calls.filter((c) => c.includes('/api/website/posts/bulk'))).toHaveLength(3);

      await page.reload();
      await expect(table.locator('tbody tr')).toHaveCount(1);
      await expect(table.getByText('No posts match your search')).toBeVisible();
      for (const id of Object.values(ids)) expect((await page.request.get(`/api/website/wordpress/posts/${id}`)).status()).toBe(404);
    });
  });
}

test.describe('Manage Posts: a bulk action the server refuses', () => {
  test.use({ viewport: DESKTOP });

  test('a post deleted meanwhile: nothing changes, the toast says why, the list reloads', async ({ page }) => {
    const { token, titles, ids } = await threePosts(page, 'E2E bulk refused');
    await openSearch(page, token);
    await page.getByRole('checkbox', { name: 'Select all posts on this page' }).check();
    // Someone else deletes one of them.
    expect((await page.request.post('/api/website/posts/delete', { data: { id: ids.beta } })).ok()).toBe(true);
    const bar = page.getByRole('group', { name: 'Actions on the selected posts' });
    await bar.getByRole('button', { name: 'Hide' }).click();
    await page.getByRole('dialog', { name: 'Hide 3 posts?' }).getByRole('button', { name: 'Hide 3 posts' }).click();
    await expect(toast(page, 'Error! One of those posts does not exist, so none were hidden.')).toBeVisible();
    await expect(postsTable(page).getByRole('rowheader')).toHaveText([titles.alpha, titles.gamma]);
    await expect(badgeOf(page, titles.alpha)).toHaveText('Public');
    await expect(bar.getByRole('status')).toHaveText('2 selected');
  });
});

test.describe('the post editor', () => {
  test.use({ viewport: DESKTOP });

  test('the category picker filters, counts, shows ticked ones as chips and tells the two Foo A apart', async ({ page }) => {
    const categories = ((await (await page.request.get('/api/website/wordpress/categories')).json()) as { categories: Array<{ id: number; name: string }> }).categories;
    const fooA = categories.filter((c) => c.name === 'Foo A');
    expect(fooA).toHaveLength(2);
    const firstFoo = fooA[0] ?? { id: 0 };
    const secondFoo = fooA[1] ?? { id: 0 };

    await page.goto('/website/posts/edit?new');
    await waitForHydration(page);
    const picker = page.getByRole('group', { name: 'Category' });
    const chips = picker.getByRole('list', { name: 'Ticked categories' });
    await expect(picker.getByRole('checkbox', { name: 'Newsflash', exact: true })).toBeChecked();
    await expect(chips.getByRole('listitem')).toHaveText(['Newsflash']);
    await expect(picker.getByRole('status')).toHaveText(`Showing all ${categories.length} categories`);

    const filter = picker.getByLabel('Filter categories');
    await filter.fill('foo a');
    await expect(picker.getByRole('status')).toHaveText(new RegExp(`^Showing \\d+ of ${categories.length} categories$`));
    await expect(picker.getByRole('checkbox', { name: `Foo A (id ${firstFoo.id})` })).toBeVisible();
    const second = picker.getByRole('checkbox', { name: `Foo A (id ${secondFoo.id})` });
    await second.focus();
    await page.keyboard.press('Space');
    await expect(second).toBeChecked();
    // Chips follow the list's order (by name).
    await expect(chips.getByRole('listitem')).toHaveText([`Foo A (id ${secondFoo.id})`, 'Newsflash']);
    // Enter in the filter does not submit the editor.
    await filter.press('Enter');
    await expect(page).toHaveURL(/\/website\/posts\/edit\?new$/);
    await filter.fill('no category is called this');
    await expect(picker.getByRole('status')).toHaveText(`Showing 0 of ${categories.length} categories`);
    // A chip removes its category.
    await chips.getByRole('button', { name: 'Remove Newsflash' }).click();
    await filter.fill('');
    await expect(picker.getByRole('checkbox', { name: 'Newsflash', exact: true })).not.toBeChecked();

    const title = uniqueTitle('E2E picker');
    await page.getByLabel('Title').fill(title);
    const saving = page.waitForRequest('**/api/website/posts/create');
    await page.getByRole('button', { name: 'Create' }).click();
    const payload = (await saving).postDataJSON() as { category: Record<string, string> };
    expect(payload.category).toEqual({ [String(secondFoo.id)]: 'Foo A' });
    await expect(page).toHaveURL(/\/website\/posts$/);

    // Editing it ticks that very Foo A, not the other one of the same name.
    const list = (await (await page.request.get(`/api/website/wordpress/posts?query=${encodeURIComponent(title)}`)).json()) as { posts: Array<{ id: number }> };
    const id = list.posts[0]?.id ?? 0;
    await page.goto(`/website/posts/edit?id=${id}`);
    await waitForHydration(page);
    await expect(picker.getByRole('checkbox', { name: `Foo A (id ${secondFoo.id})` })).toBeChecked();
    await expect(picker.getByRole('checkbox', { name: `Foo A (id ${firstFoo.id})` })).not.toBeChecked();
    await expect(picker.getByRole('checkbox', { name: 'Newsflash', exact: true })).not.toBeChecked();
  });

  test('opened with neither an id nor ?new it goes back to its list', async ({ page }) => {
    await page.goto('/website/posts/edit');
    await expect(page).toHaveURL(/\/website\/posts$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Posts' })).toBeVisible();
    await page.goto('/website/pages/edit?foo=1');
    await expect(page).toHaveURL(/\/website\/pages$/);
    await page.goto('/website/posts/edit?new');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Post' })).toBeVisible();
  });
});
