import fs from 'node:fs';
import { expect, test } from './support/test';
import type { Page } from '@playwright/test';
import { storageStatePath } from './support/env';
import {
  addGalleryImage,
  createGallery,
  makePngs,
  makeTextFile,
  rowOf,
  seriousViolations,
  toast,
  uniqueTitle,
  waitForHydration,
  watchErrors,
} from './support/website-lists';

test.use({ storageState: storageStatePath('admin') });

const PROMPT = 'Drag and drop images, or click to upload.';

let images: { dir: string; files: string[] };
test.beforeAll(async () => {
  images = await makePngs([
    { name: 'red-square.png', colour: { r: 214, g: 57, b: 57 } },
    { name: 'blue-square.png', colour: { r: 32, g: 107, b: 196 } },
    { name: 'green-square.png', colour: { r: 47, g: 179, b: 68 } },
  ]);
});
test.afterAll(() => {
  fs.rmSync(images.dir, { recursive: true, force: true });
});

function file(name: string): string {
  const found = images.files.find((f) => f.endsWith(name));
  if (!found) throw new Error(`No test image ${name}`);
  return found;
}

/** The grid's image names, in order. */
function gridOrder(page: Page): Promise<string[]> {
  return page.getByRole('list', { name: 'Gallery images' }).getByRole('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt') ?? ''));
}

/** Waits until Uppy's Dashboard has replaced the placeholder and returns its file input. */
async function uppyInput(page: Page) {
  await expect(page.locator('.uppy-Dashboard')).toBeVisible();
  await expect(page.locator('.uppy-Dashboard-AddFiles')).toContainText(PROMPT);
  return page.locator('input.uppy-Dashboard-input[type="file"]').first();
}

test.describe('Manage Galleries', () => {
  test('create a gallery, upload, reject a text file, reorder, delete, save: the list counts the photos', async ({ page }) => {
    const title = uniqueTitle('E2E gallery');
    const errors = watchErrors(page);

    await page.goto('/website/galleries');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'New Gallery' }).click();
    await expect(page).toHaveURL(/\/website\/galleries\/new$/);
    await waitForHydration(page);
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('button', { name: 'Create' }).click();

    await expect(page).toHaveURL(/\/website\/galleries\/edit\?id=\d+$/);
    await expect(toast(page, 'Success! New gallery created!')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Edit Gallery: ${title}`);
    await expect(page.getByText('No images yet.')).toBeVisible();

    const input = await uppyInput(page);
    await input.setInputFiles([file('red-square.png'), file('blue-square.png')]);
    await expect(page.getByRole('button', { name: /^Delete image red-square/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Delete image blue-square/ })).toBeVisible();
    const thumbs = page.getByRole('list', { name: 'Gallery images' }).getByRole('img');
    await expect(thumbs).toHaveCount(2);
    for (const img of await thumbs.all()) {
      await expect(img).toHaveAttribute('width', '150');
      await expect(img).toHaveAttribute('src', /-150x150\.[a-z]+$/);
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(150);
    }
    const uploaded = await gridOrder(page);
    expect(uploaded.map((t) => t.split('-')[0]).sort()).toEqual(['blue', 'red']);

    await input.setInputFiles([makeTextFile(images.dir)]);
    await expect(page.getByRole('alert').filter({ hasText: 'Image files only' })).toBeVisible();
    await expect(thumbs).toHaveCount(2);

    // Reorder with the keyboard buttons: the second image moves first, focus stays on it.
    const [first, second] = uploaded as [string, string];
    await page.getByRole('button', { name: `Move image ${second} left` }).click();
    await expect.poll(() => gridOrder(page)).toEqual([second, first]);
    await expect(page.getByRole('button', { name: `Move image ${second} right` })).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'moved to position' })).toHaveText(`${second} moved to position 1 of 2.`);

    // And by dragging (sortablejs): drag the now-second image onto the first.
    await page.getByRole('img', { name: first }).dragTo(page.getByRole('img', { name: second }));
    await expect.poll(() => gridOrder(page)).toEqual([first, second]);
    // Back to [second, first] for the save below.
    await page.getByRole('button', { name: `Move image ${first} right` }).click();
    await expect.poll(() => gridOrder(page)).toEqual([second, first]);

    // Delete the first one in the grid: it goes at once.
    const removal = page.waitForResponse((res) => res.url().endsWith('/api/website/gallery/remove'));
    await page.getByRole('button', { name: `Delete image ${second}` }).click();
    expect((await removal).status()).toBe(200);
    // The grid drops it once the page has read the answer, a moment after the response arrives.
    await expect.poll(() => gridOrder(page)).toEqual([first]);
    await expect(page.getByRole('button', { name: `Delete image ${first}` })).toBeFocused();

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/website\/galleries$/);
    const row = rowOf(page.getByRole('table', { name: 'Galleries' }), title);
    await expect(row.getByRole('cell').nth(0)).toHaveText('1');
    await expect(row.getByRole('cell').nth(1)).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);

    await row.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Edit Gallery: ${title}`);
    expect(await gridOrder(page)).toEqual([first]);
    await waitForHydration(page);
    expect(errors).toEqual([]);
  });

  test('saving keeps the grid order', async ({ page }) => {
    const title = uniqueTitle('E2E order');
    const id = await createGallery(page.request, title);
    await addGalleryImage(page.request, id, file('red-square.png'));
    await addGalleryImage(page.request, id, file('green-square.png'));
    await page.goto(`/website/galleries/edit?id=${id}`);
    await waitForHydration(page);
    const before = await gridOrder(page);
    expect(before).toHaveLength(2);
    await page.getByRole('button', { name: `Move image ${before[0] ?? ''} right` }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/website\/galleries$/);
    await page.goto(`/website/galleries/edit?id=${id}`);
    expect(await gridOrder(page)).toEqual([...before].reverse());

    // Cancel leaves without saving, once the user confirms losing the new order.
    await waitForHydration(page);
    await page.getByRole('button', { name: /^Move image .* right$/ }).first().click();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/website\/galleries$/);
    await page.goto(`/website/galleries/edit?id=${id}`);
    expect(await gridOrder(page)).toEqual([...before].reverse());
  });

  test("a file the server refuses shows the server's reason, leaves no Retry and changes nothing", async ({ page }) => {
    const id = await createGallery(page.request, uniqueTitle('E2E refused upload'));
    await page.goto(`/website/galleries/edit?id=${id}`);
    await waitForHydration(page);
    const input = await uppyInput(page);
    // Named like an image, so the browser and Uppy take it for one; the server reads its bytes.
    await input.setInputFiles([makeTextFile(images.dir, 'fake.png')]);
    await expect(page.getByRole('alert').filter({ hasText: 'fake.png' })).toHaveText('fake.png: Only image files can be uploaded (PNG, JPEG, GIF, WebP or AVIF).');
    await expect(toast(page, 'Failed! Please try again!')).toBeVisible();
    await expect(page.locator('.uppy-Dashboard-Item')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /retry/i })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Gallery images' }).getByRole('img')).toHaveCount(0);
  });

  test('an unknown gallery goes back to the list with the failure toast', async ({ page }) => {
    await page.goto('/website/galleries/edit?id=987654321');
    await expect(page).toHaveURL(/\/website\/galleries$/);
    await expect(toast(page, 'Failed! Please try again!')).toBeVisible();
    await page.goto('/website/galleries/edit?id=abc');
    await expect(page).toHaveURL(/\/website\/galleries$/);
  });

  test('New Gallery: Cancel goes back; an empty title is refused on the page', async ({ page }) => {
    await page.goto('/website/galleries/new');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Create' }).click();
    const field = page.getByRole('textbox', { name: 'Title' });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/website\/galleries$/);
  });

  test('a failed gallery creation shows the failure toast', async ({ page }) => {
    await page.goto('/website/galleries/new');
    await waitForHydration(page);
    await page.route('**/api/website/gallery/new', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, isAuthFailed: false }) }),
    );
    await page.getByRole('textbox', { name: 'Title' }).fill('Never made');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, 'Failed! Please try again!')).toBeVisible();
    await expect(page).toHaveURL(/\/website\/galleries\/new$/);
  });
});

test.describe('alt texts and captions', () => {
  test('edited on the gallery screen, saved, shown again, and used by the public slider', async ({ page }) => {
    const title = uniqueTitle('E2E captions');
    const id = await createGallery(page.request, title);
    // Each helper save lists only its own image, which goes first: red ends up as image 1.
    await addGalleryImage(page.request, id, file('green-square.png'));
    const red = await addGalleryImage(page.request, id, file('red-square.png'));
    // A published post that shows the gallery as a slider.
    const created = await page.request.post('/api/website/posts/create', {
      data: { title: uniqueTitle('E2E slider post'), content: `<p>[gallery_slider id="${id}"]</p>`, category: {}, parent: null },
    });
    const { post_url: postUrl } = (await created.json()) as { post_url: string };
    expect(postUrl).toMatch(/^\/sites\/.+\/posts\/.+/);

    await page.goto(`/website/galleries/edit?id=${id}`);
    await waitForHydration(page);
    // Until someone writes one, an image's alt text is its title.
    const alt = page.getByRole('textbox', { name: 'Alt text of image 1' });
    const caption = page.getByRole('textbox', { name: 'Caption of image 1' });
    await expect(alt).toHaveValue('red-square');
    await expect(caption).toHaveValue('');

    // Keyboard only: type, Tab to the caption, type.
    await alt.fill('');
    await alt.pressSequentially('A red square on white');
    await page.keyboard.press('Tab');
    await expect(caption).toBeFocused();
    await page.keyboard.type('Red & <bold> "colours"');

    // Text edits count as unsaved work: Cancel asks first.
    await page.getByRole('link', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(caption).toHaveValue('Red & <bold> "colours"');

    const saved = page.waitForResponse((res) => res.url().endsWith('/api/website/gallery/update'));
    await page.getByRole('button', { name: 'Save' }).click();
    const request = (await saved).request().postDataJSON() as { images?: unknown };
    expect(request.images).toEqual([{ id: red, alt: 'A red square on white', caption: 'Red & <bold> "colours"' }]);
    await expect(page).toHaveURL(/\/website\/galleries$/);

    await page.goto(`/website/galleries/edit?id=${id}`);
    await waitForHydration(page);
    await expect(page.getByRole('textbox', { name: 'Alt text of image 1' })).toHaveValue('A red square on white');
    await expect(page.getByRole('textbox', { name: 'Caption of image 1' })).toHaveValue('Red & <bold> "colours"');
    await expect(page.getByRole('textbox', { name: 'Alt text of image 2' })).toHaveValue('green-square');

    // The visitor sees them at once (the public page cache moved with the save).
    await page.goto(postUrl);
    const slider = page.locator('[data-gallery-slider]');
    await expect(slider.getByRole('img', { name: 'A red square on white' })).toHaveCount(1);
    await expect(slider.locator('figcaption.gallery-slider__image-caption')).toHaveText('Red & <bold> "colours"');
    await expect(slider.getByRole('img', { name: 'green-square' })).toHaveCount(1);
    await expect(slider.locator('bold')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the gallery screen fits a 390 px phone, fields and all', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const id = await createGallery(page.request, uniqueTitle('E2E phone gallery'));
    await addGalleryImage(page.request, id, file('red-square.png'));
    await addGalleryImage(page.request, id, file('blue-square.png'));
    await addGalleryImage(page.request, id, file('green-square.png'));
    await page.goto(`/website/galleries/edit?id=${id}`);
    await waitForHydration(page);
    await uppyInput(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    for (const n of [1, 2, 3]) {
      for (const name of [`Alt text of image ${n}`, `Caption of image ${n}`]) {
        const field = page.getByRole('textbox', { name });
        await field.scrollIntoViewIfNeeded();
        const box = await field.boundingBox();
        expect(box, name).not.toBeNull();
        expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390, `${name} is inside the screen`).toBe(true);
      }
    }
    await page.getByRole('textbox', { name: 'Caption of image 3' }).fill('Typed on a phone');
    await expect(page.getByRole('textbox', { name: 'Caption of image 3' })).toHaveValue('Typed on a phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('accessibility', () => {
  for (const path of ['/website/galleries', '/website/galleries/new']) {
    test(`${path} has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('/website/galleries/edit has no serious or critical axe violations', async ({ page }) => {
    const id = await createGallery(page.request, uniqueTitle('E2E a11y gallery'));
    await addGalleryImage(page.request, id, file('blue-square.png'));
    await page.goto(`/website/galleries/edit?id=${id}`);
    await waitForHydration(page);
    await uppyInput(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
