import fs from 'node:fs';
import { expect, test } from './support/test';
import type { Page } from '@playwright/test';
import { storageStatePath } from './support/env';
import { addGalleryImage, createGallery, makePngs, uniqueTitle, waitForHydration } from './support/website-lists';

/**
 * Never lose work (issue 9, part 2): with changes nobody saved, leaving the editor or a gallery
 * asks first (the portal's dialog for its own links and buttons, the browser's prompt for closing
 * the tab); with nothing changed, or after saving, nothing asks.
 */
test.use({ storageState: storageStatePath('admin') });

const LEAVE = 'Leave without saving?';

async function openEditor(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('.codex-editor')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: /^(Save|Create)$/ })).toBeEnabled();
}

/** Clicks a sidebar link (opening the sidebar first on a window where it is closed). */
async function clickSidebarLink(page: Page, name: string): Promise<void> {
  const link = page.locator('#app-sidebar').getByRole('link', { name, exact: true });
  if (!(await link.isVisible())) await page.getByRole('button', { name: 'Show or hide the menu' }).click();
  await link.click();
}

let images: { dir: string; files: string[] };
test.beforeAll(async () => {
  images = await makePngs([{ name: 'guard-square.png', colour: { r: 120, g: 40, b: 160 } }]);
});
test.afterAll(() => {
  fs.rmSync(images.dir, { recursive: true, force: true });
});

test.describe('the post editor', () => {
  test('a sidebar link asks after typing; Stay keeps every word, Leave goes', async ({ page }) => {
    await openEditor(page, '/website/posts/edit?new');
    await page.getByLabel('Title').fill('Guarded title');
    await page.locator('.ce-paragraph').first().click();
    await page.keyboard.type('Words nobody saved.');
    await clickSidebarLink(page, 'Manage Pages');
    const dialog = page.getByRole('dialog', { name: LEAVE });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Stay' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/website\/posts\/edit\?new$/);
    await expect(page.getByLabel('Title')).toHaveValue('Guarded title');
    await expect(page.locator('.ce-paragraph').first()).toHaveText('Words nobody saved.');

    await clickSidebarLink(page, 'Manage Pages');
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/website\/pages$/);
  });

  test('a change made only in the content asks too; Escape stays', async ({ page }) => {
    await openEditor(page, '/website/posts/edit?new');
    await page.locator('.ce-paragraph').first().click();
    await page.keyboard.type('Only content.');
    await page.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: LEAVE });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/website\/posts\/edit\?new$/);
  });

  test('closing the tab with changes gets the browser prompt; without changes it does not', async ({ page, context }) => {
    await openEditor(page, '/website/posts/edit?new');
    // Chromium shows beforeunload prompts only after the user has interacted with the page.
    await page.getByLabel('Title').fill('About to close');
    const prompts: string[] = [];
    page.on('dialog', (dialog) => {
      prompts.push(dialog.type());
      void dialog.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => prompts).toEqual(['beforeunload']);
    expect(page.isClosed()).toBe(false);

    const clean = await context.newPage();
    await openEditor(clean, '/website/posts/edit?new');
    await clean.getByLabel('Title').click();
    let asked = false;
    clean.on('dialog', () => {
      asked = true;
    });
    await clean.close({ runBeforeUnload: true });
    await expect.poll(() => clean.isClosed()).toBe(true);
    expect(asked).toBe(false);
  });

  test('nothing asks when nothing changed, nor after a save', async ({ page }) => {
    await openEditor(page, '/website/posts/edit?new');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/website\/posts$/);

    const title = uniqueTitle('E2E guarded save');
    await openEditor(page, '/website/posts/edit?new');
    await page.getByLabel('Title').fill(title);
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/website\/posts$/);
    await expect(page.getByRole('dialog', { name: LEAVE })).toHaveCount(0);
  });
});

test.describe('galleries', () => {
  test('a fresh upload makes Cancel ask; after Save nothing does', async ({ page }) => {
    const id = await createGallery(page.request, uniqueTitle('E2E guarded gallery'));
    await page.goto(`/website/galleries/edit?id=${id}`);
    await waitForHydration(page);
    const file = images.files[0];
    if (!file) throw new Error('no image');
    await expect(page.locator('.uppy-Dashboard')).toBeVisible();
    await page.locator('input.uppy-Dashboard-input[type="file"]').first().setInputFiles(file);
    await expect(page.getByRole('list', { name: 'Gallery images' }).getByRole('img')).toHaveCount(1, { timeout: 15_000 });
    await page.getByRole('link', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: LEAVE });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/website\/galleries$/);
    await expect(dialog).toHaveCount(0);
  });

  test('a gallery opened and left unchanged does not ask', async ({ page }) => {
    const id = await createGallery(page.request, uniqueTitle('E2E untouched gallery'));
    const file = images.files[0];
    if (!file) throw new Error('no image');
    await addGalleryImage(page.request, id, file);
    await page.goto(`/website/galleries/edit?id=${id}`);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/website\/galleries$/);
  });

  test('New Gallery asks once a title is typed', async ({ page }) => {
    await page.goto('/website/galleries/new');
    await waitForHydration(page);
    await page.getByRole('textbox', { name: 'Title' }).fill('Half typed');
    await page.getByRole('link', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: LEAVE });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/website\/galleries$/);
  });
});
