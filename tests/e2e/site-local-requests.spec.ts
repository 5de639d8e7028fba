/**
 * The demo school's public site works offline: the seeded content's pictures, hot-linked from
 * wordpress.com in the WordPress fixture, are placeholders stored as the school's uploads, so its
 * pages ask nothing of any other host (and show no broken image).
 */
import type { Page, Request } from '@playwright/test';
import { expect, test } from './support/test';

/** Pages of the demo site with the most pictures, covers, audio and video of the fixture. */
const PAGES = [
  '/sites/demo.school',
  '/sites/demo.school/posts/block-category-common',
  '/sites/demo.school/posts/media-category-blocks',
  '/sites/demo.school/posts/block-gallery',
  '/sites/demo.school/posts/block-cover',
  '/sites/demo.school/posts/markup-image-alignment',
  '/sites/demo.school/page-image-alignment',
];

function isLocal(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'data:' || protocol === 'blob:' || protocol === 'about:') return true;
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
}

/** Opens a page, lets it load everything it will (scrolled to the end), and returns what it asked of other hosts and its console errors. */
async function visit(page: Page, path: string): Promise<{ outside: string[]; errors: string[] }> {
  const outside: string[] = [];
  const errors: string[] = [];
  const onRequest = (request: Request) => {
    if (!isLocal(request.url())) outside.push(`${request.resourceType()} ${request.url()}`);
  };
  page.on('request', onRequest);
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  try {
    const res = await page.goto(path, { waitUntil: 'load' });
    expect(res?.status(), path).toBe(200);
    // Lazy images and anything further down load once scrolled to.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('request', onRequest);
  }
  return { outside, errors };
}

test.describe('the demo site asks nothing of other hosts', () => {
  for (const path of PAGES) {
    test(`${path}: no request leaves the machine, no picture is broken`, async ({ page }) => {
      const { outside, errors } = await visit(page, path);
      expect(outside).toEqual([]);
      expect(errors).toEqual([]);
      const broken = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLImageElement>('.site-content img'))
          .filter((img) => img.complete && img.naturalWidth === 0)
          .map((img) => img.src),
      );
      expect(broken).toEqual([]);
    });
  }

  test('a post with pictures shows them as placeholders of the school', async ({ page }) => {
    await page.goto('/sites/demo.school/posts/markup-image-alignment');
    const images = page.locator('.site-content img');
    expect(await images.count()).toBeGreaterThan(5);
    for (const src of await images.evaluateAll((all) => all.map((img) => img.getAttribute('src') ?? ''))) {
      expect(src).toMatch(/^\/uploads\/demo\.school\/[a-f0-9]{32}\.png$/);
    }
    // "Image Alignment 580x300": the placeholder has the picture's size.
    const sized = page.locator('.site-content img[alt="Image Alignment 580x300"]').first();
    await expect(sized).toBeVisible();
    expect(await sized.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([580, 300]);
  });
});
