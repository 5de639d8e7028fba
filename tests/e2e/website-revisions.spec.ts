import { expect, test } from './support/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { storageStatePath } from './support/env';
import { createPost, seriousViolations, setPostVisibility, uniqueTitle, watchErrors } from './support/website-lists';

/**
 * Never lose work (issue 9, part 2), in the post/page editor: each save keeps a revision, which
 * the list restores into the editor; the autosave survives a reload and is offered back; Preview
 * opens the public rendering of unsaved content at a signed link (a hidden post, a new page).
 */
test.use({ storageState: storageStatePath('admin') });

interface Envelope {
  success: boolean;
  message?: string;
}

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  const body = (await res.json()) as T & Envelope;
  expect(body.success, `${url}: ${res.status()} ${body.message ?? ''}`).toBe(true);
  return body;
}

async function storedPost(request: APIRequestContext, id: number): Promise<{ post_title: string; post_content: string }> {
  return (await getJson<{ post: { post_title: string; post_content: string } }>(request, `/api/website/wordpress/posts/${id}`)).post;
}

/** Opens the editor and waits until Editor.js has rendered the content and Save can be pressed. */
async function openEditor(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('.codex-editor')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: /^(Save|Create)$/ })).toBeEnabled();
}

/** Types at the end of the first paragraph. */
async function typeInFirstParagraph(page: Page, text: string): Promise<void> {
  await page.locator('.ce-paragraph').first().click();
  await page.keyboard.press('End');
  await page.keyboard.type(text);
}

async function saveAndLeave(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/website\/posts$/);
}

test.describe('revisions', () => {
  test('each save keeps one; Restore puts the first back in the editor, and Save keeps it', async ({ page }) => {
    // Four editor visits and three saves: 15-22 s on a quiet 2-core machine, over 30 s beside a gallery upload.
    test.setTimeout(60_000);
    const errors = watchErrors(page);
    const first = uniqueTitle('Revised');
    const id = await createPost(page.request, first, '<p>Version one.</p>');

    await openEditor(page, `/website/posts/edit?id=${id}`);
    await page.getByLabel('Title').fill(`${first} (2)`);
    await typeInFirstParagraph(page, ' Version two.');
    await saveAndLeave(page);
    await openEditor(page, `/website/posts/edit?id=${id}`);
    await page.getByLabel('Title').fill(`${first} (3)`);
    await saveAndLeave(page);

    await openEditor(page, `/website/posts/edit?id=${id}`);
    const show = page.getByRole('button', { name: 'Show revisions' });
    await expect(show).toHaveAttribute('aria-expanded', 'false');
    await show.click();
    await expect(page.getByRole('button', { name: 'Hide revisions' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('3 saves kept, the latest first.')).toBeVisible();
    const restores = page.getByRole('button', { name: /^Restore the revision of \d\d\/\d\d\/\d\d \d\d:\d\d by Demo Admin$/ });
    await expect(restores).toHaveCount(3);
    expect(await seriousViolations(page)).toEqual([]);

    // With unsaved changes, Restore asks first; Cancel keeps them.
    await page.getByLabel('Title').fill('Unsaved title');
    await restores.last().click();
    const dialog = page.getByRole('dialog', { name: 'Replace your changes?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByLabel('Title')).toHaveValue('Unsaved title');

    // The oldest is the post as created: Restore loads it, the user reviews it, Save keeps it.
    await restores.last().click();
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByLabel('Title')).toHaveValue(first);
    await expect(page.locator('.ce-paragraph').first()).toHaveText('Version one.');
    await expect(page.getByRole('status').filter({ hasText: 'is in the editor' })).toHaveText(
      /^The revision of \d\d\/\d\d\/\d\d \d\d:\d\d is in the editor\. Review it, then press Save to keep it\.$/,
    );
    expect(await storedPost(page.request, id)).toMatchObject({ post_title: `${first} (3)`, post_content: '<p>Version one. Version two.</p>' });

    await saveAndLeave(page);
    expect(await storedPost(page.request, id)).toMatchObject({ post_title: first, post_content: '<p>Version one.</p>' });
    await openEditor(page, `/website/posts/edit?id=${id}`);
    await page.getByRole('button', { name: 'Show revisions' }).click();
    await expect(page.getByText('4 saves kept, the latest first.')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a restore makes the editor dirty: leaving asks', async ({ page }) => {
    const title = uniqueTitle('Restore guard');
    const id = await createPost(page.request, title, '<p>Original.</p>');
    await openEditor(page, `/website/posts/edit?id=${id}`);
    await page.getByRole('button', { name: 'Show revisions' }).click();
    await page.getByRole('button', { name: /^Restore the revision of / }).click();
    await expect(page.getByRole('status').filter({ hasText: 'is in the editor' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
  });
});

test.describe('autosave', () => {
  test('typing is autosaved; after a reload the editor offers it, and Restore brings it back', async ({ page }) => {
    test.setTimeout(60_000);
    const title = uniqueTitle('Autosaved');
    const id = await createPost(page.request, title, '<p>Saved words.</p>');
    await openEditor(page, `/website/posts/edit?id=${id}`);
    await typeInFirstParagraph(page, ' Words the crash would have lost.');
    await expect(page.getByText(/^Draft autosaved at \d\d\/\d\d\/\d\d \d\d:\d\d$/)).toBeVisible({ timeout: 15_000 });
    // The autosave is a copy: the post itself is as saved.
    expect(await storedPost(page.request, id)).toMatchObject({ post_content: '<p>Saved words.</p>' });

    page.on('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await expect(page.locator('.codex-editor')).toBeVisible({ timeout: 15_000 });
    const offer = page.getByRole('status').filter({ hasText: 'There is an autosave of this post from' });
    await expect(offer).toContainText('that is newer than the saved version.');
    await expect(page.locator('.ce-paragraph').first()).toHaveText('Saved words.');
    await offer.getByRole('button', { name: 'Restore' }).click();
    await expect(page.locator('.ce-paragraph').first()).toHaveText('Saved words. Words the crash would have lost.');
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();

    await saveAndLeave(page);
    expect(await storedPost(page.request, id)).toMatchObject({ post_content: '<p>Saved words. Words the crash would have lost.</p>' });
    // The save removed the autosave: nothing is offered any more.
    const left = await getJson<{ autosave: unknown }>(page.request, `/api/website/autosave?kind=post&id=${id}`);
    expect(left.autosave).toBeNull();
    await openEditor(page, `/website/posts/edit?id=${id}`);
    await expect(page.getByText('There is an autosave')).toHaveCount(0);
  });

  test('Discard removes the offered autosave', async ({ page }) => {
    const title = uniqueTitle('Discarded');
    const id = await createPost(page.request, title, '<p>Kept.</p>');
    const res = await page.request.post('/api/website/autosave', { data: { kind: 'post', id, title, content: '<p>Thrown away.</p>' } });
    expect(res.status()).toBe(200);
    await openEditor(page, `/website/posts/edit?id=${id}`);
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByText('There is an autosave')).toHaveCount(0);
    const left = await getJson<{ autosave: unknown }>(page.request, `/api/website/autosave?kind=post&id=${id}`);
    expect(left.autosave).toBeNull();
    await expect(page.locator('.ce-paragraph').first()).toHaveText('Kept.');
  });
});

test.describe('preview', () => {
  test('of a hidden post: the public rendering of the unsaved text, signed, not cached, not indexed', async ({ page }) => {
    const title = uniqueTitle('Hidden preview');
    const id = await createPost(page.request, title, '<p>Published words.</p>');
    await setPostVisibility(page.request, id, false);
    await openEditor(page, `/website/posts/edit?id=${id}`);
    await typeInFirstParagraph(page, ' Unsaved preview words.');

    const [preview] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Preview' }).click()]);
    await preview.waitForURL(/\/sites\/demo\.school\/preview\/\d+\.\d+\.[\w-]+$/);
    await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(preview.getByText('Published words. Unsaved preview words.')).toBeVisible();
    await expect(preview.getByText(/^Preview: not published\./)).toBeVisible();

    const url = preview.url();
    const res = await page.request.get(url);
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toBe('no-store');
    expect(res.headers()['x-robots-tag']).toBe('noindex');
    // A second visit renders again: still no-store (a page from the site cache would have lost the header).
    expect((await page.request.get(url)).headers()['cache-control']).toBe('no-store');

    // A forged signature, or the token on another address, shows no content.
    const forged = url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const refused = await page.request.get(forged);
    expect(refused.status()).toBe(404);
    expect(await refused.text()).not.toContain('Unsaved preview words');
    const token = url.split('/').pop() ?? '';
    expect((await page.request.get(`/sites/nobuilder.school/preview/${token}`)).status()).toBe(404);

    // The post is still hidden and unchanged: the public address is a 404, the stored text as saved.
    const post = await storedPost(page.request, id);
    expect(post.post_content).toBe('<p>Published words.</p>');
    expect((await page.request.get(`/sites/demo.school/posts/${encodeURIComponent(title.toLowerCase().replace(/[^a-z0-9]+/g, '-'))}`)).status()).toBe(404);
    await preview.close();
  });

  test('of a new page, pending and not created yet', async ({ page }) => {
    const title = uniqueTitle('Pending page preview');
    await openEditor(page, '/website/pages/edit?new');
    await page.getByLabel('Title').fill(title);
    await page.locator('.ce-paragraph').first().click();
    await page.keyboard.type('A page nobody can see yet.');

    const [preview] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Preview' }).click()]);
    await preview.waitForURL(/\/sites\/demo\.school\/preview\//);
    await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(preview.getByText('A page nobody can see yet.')).toBeVisible();
    // The school's site around it: its menu and name.
    await expect(preview.getByRole('navigation', { name: 'Main' })).toBeVisible();
    expect(await seriousViolations(preview)).toEqual([]);
    await preview.close();

    // Nothing was created.
    const pages = await getJson<{ pages: Array<{ post_title: string }> }>(page.request, `/api/website/wordpress/pages?query=${encodeURIComponent(title)}`);
    expect(pages.pages).toEqual([]);
    await expect(page.getByLabel('Title')).toHaveValue(title);
    // Other specs open new pages as this user: leave no autosave of this one behind.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto('/website/pages');
    await page.request.post('/api/website/autosave/discard', { data: { kind: 'page', id: null } });
  });
});
