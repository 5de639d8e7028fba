import fs from 'node:fs';
import { expect, test } from './support/test';
import type { Locator, Page } from '@playwright/test';
import { storageStatePath } from './support/env';
import { addGalleryImage, createGallery, makePngs, rowOf, seriousViolations, toast, uniqueTitle, waitForHydration } from './support/website-lists';

/*
 * Issue 29: Delete on Manage Pages and Manage Galleries (asked first, as Manage Posts' delete),
 * the toast after a gallery's Save, and View of a page pending review opening its signed preview.
 */

test.use({ storageState: storageStatePath('admin') });

const PHONE = { width: 390, height: 844 };

async function noSidewaysScroll(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

async function createPage(page: Page, title: string, content = '<p>Written by the e2e tests.</p>'): Promise<void> {
  const res = await page.request.post('/api/website/pages/create', { data: { title, content, parent: null } });
  expect(res.status()).toBe(200);
}

async function openPagesFor(page: Page, title: string): Promise<{ table: Locator; row: Locator }> {
  await page.goto(`/website/pages?query=${encodeURIComponent(title)}`);
  await waitForHydration(page);
  const table = page.getByRole('table', { name: 'Pages' });
  const row = rowOf(table, title);
  await expect(row).toBeVisible();
  return { table, row };
}

/** Escape, then Cancel, keep the item; then Delete deletes it. */
async function cancelTwiceThenDelete(page: Page, row: Locator, title: string, noun: string): Promise<void> {
  const deleteButton = row.getByRole('button', { name: `Delete ${title}` });
  const dialog = page.getByRole('dialog', { name: `Delete this ${noun}?` });
  await deleteButton.click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(title);
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
}

test.describe('Manage Pages: Delete', () => {
  test('deletes only after the confirm dialog; Escape and Cancel keep the page', async ({ page }) => {
    const title = uniqueTitle('E2E delete page');
    await createPage(page, title);
    const { table, row } = await openPagesFor(page, title);
    await cancelTwiceThenDelete(page, row, title, 'page');
    await expect(toast(page, 'Success! Page deleted.')).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(table).toBeFocused();
    await page.reload();
    await waitForHydration(page);
    await expect(rowOf(page.getByRole('table', { name: 'Pages' }), title)).toHaveCount(0);
  });

  test('on a phone: no sideways scroll, with the row actions and with the dialog open', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const title = uniqueTitle('E2E phone page');
    await createPage(page, title);
    const { row } = await openPagesFor(page, title);
    await noSidewaysScroll(page);
    await row.getByRole('button', { name: `Delete ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this page?' });
    await expect(dialog).toBeVisible();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });
});

test.describe('Manage Pages: View of a page pending review', () => {
  test('opens its signed preview in a new tab, not "Page not found"', async ({ page, context }) => {
    const title = uniqueTitle('E2E preview page');
    await createPage(page, title, '<p>Held for review but visible here</p>');
    const { row } = await openPagesFor(page, title);
    await expect(row.getByRole('rowheader')).toContainText('Pending review');
    const view = row.getByRole('button', { name: `View ${title} (a preview, opens in a new tab)` });
    const popup = context.waitForEvent('page');
    await view.click();
    const tab = await popup;
    await expect(tab).toHaveURL(/\/sites\/demo\.school\/preview\/[^/]+$/);
    await expect(tab.getByText('Held for review but visible here')).toBeVisible();
    await expect(tab.getByRole('heading', { name: title })).toBeVisible();
    await expect(tab.getByText('Page not found')).toHaveCount(0);
    await tab.close();
    // A published page's View is still its public address.
    await page.goto('/website/pages?query=Level%203');
    await waitForHydration(page);
    const published = page.getByRole('table', { name: 'Pages' }).locator('tbody tr').first();
    await expect(published.getByRole('link', { name: /^View .* \(opens in a new tab\)$/ })).toHaveAttribute('href', /^\/sites\/demo\.school\//);
  });
});

test.describe('Manage Galleries', () => {
  let images: { dir: string; files: string[] };
  test.beforeAll(async () => {
    images = await makePngs([{ name: 'delete-me.png', colour: { r: 120, g: 40, b: 160 } }]);
  });
  test.afterAll(() => {
    fs.rmSync(images.dir, { recursive: true, force: true });
  });

  async function openGalleries(page: Page, title: string): Promise<Locator> {
    await page.goto('/website/galleries');
    await waitForHydration(page);
    const row = rowOf(page.getByRole('table', { name: 'Galleries' }), title);
    await expect(row).toBeVisible();
    return row;
  }

  test('deletes a gallery only after the confirm; Escape and Cancel keep it; its photos go too', async ({ page }) => {
    const title = uniqueTitle('E2E delete gallery');
    const id = await createGallery(page.request, title);
    await addGalleryImage(page.request, id, images.files[0] ?? '');
    const gallery = (await (await page.request.get(`/api/website/wordpress/galleries/${id}`)).json()) as { gallery: { gallery_data: { gallery: Array<{ src: string }> } } };
    const src = gallery.gallery.gallery_data.gallery[0]?.src ?? '';
    expect((await page.request.get(src)).status()).toBe(200);

    const row = await openGalleries(page, title);
    await cancelTwiceThenDelete(page, row, title, 'gallery');
    await expect(toast(page, 'Success! Gallery deleted.')).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Galleries' })).toBeFocused();
    expect((await page.request.get(`/api/website/wordpress/galleries/${id}`)).status()).toBe(404);
    await expect.poll(async () => (await page.request.get(src)).status()).toBe(404);
  });

  test('Save on a gallery says so on the list', async ({ page }) => {
    const title = uniqueTitle('E2E save gallery');
    const id = await createGallery(page.request, title);
    await page.goto(`/website/galleries/edit?id=${id}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/website\/galleries$/);
    await expect(toast(page, 'Success! Gallery saved.')).toBeVisible();
  });

  test('on a phone: no sideways scroll, with the row actions and with the dialog open', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const title = uniqueTitle('E2E phone gallery');
    await createGallery(page.request, title);
    const row = await openGalleries(page, title);
    await noSidewaysScroll(page);
    await row.getByRole('button', { name: `Delete ${title}` }).click();
    await expect(page.getByRole('dialog', { name: 'Delete this gallery?' })).toBeVisible();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });
});
