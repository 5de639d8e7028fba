/**
 * The editor screen's first paint (/website/posts/edit, /website/pages/edit): its frame (title,
 * toolbar, content area, categories, menu parent, buttons) is in the first HTML, and nothing on
 * the screen moves while Editor.js loads and takes over (Cumulative Layout Shift, measured by
 * Chromium's layout-shift entries, those right after an input excluded) on creating and on
 * editing posts and pages, on a desktop and on a phone.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { storageStatePath } from './support/env';

test.use({ storageState: storageStatePath('admin') });

/** The most a screen may shift (Lighthouse's "good" is 0.1; the portal's goal is 0.02). */
const MAX_CLS = 0.02;

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1350, height: 940 } },
  { name: 'phone', viewport: { width: 412, height: 823 }, isMobile: true },
] as const;

interface Shift {
  value: number;
  at: number;
  sources: string[];
}

/** Records every layout shift without recent input from the first paint on, with what moved. */
const RECORD_SHIFTS = `
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__shifts.push({
        value: entry.value,
        at: Math.round(entry.startTime),
        sources: (entry.sources || []).map((s) => {
          const n = s.node;
          const name = n && n.nodeType === 1 ? n.tagName.toLowerCase() + (n.className && typeof n.className === 'string' ? '.' + n.className.trim().split(/\\s+/).join('.') : '') : String(n && n.nodeName);
          return name + ' y ' + Math.round(s.previousRect.y) + ' -> ' + Math.round(s.currentRect.y);
        }),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

async function idOf(request: APIRequestContext, kind: 'post' | 'page', title: string): Promise<number> {
  const res = await request.get(`/api/website/wordpress/${kind}s?page=1&limit=100&query=${encodeURIComponent(title)}`);
  const body = (await res.json()) as { posts?: Array<{ id: number; post_title: string }>; pages?: Array<{ id: number; post_title: string }> };
  const item = (kind === 'post' ? body.posts : body.pages)?.find((i) => i.post_title === title);
  if (!item) throw new Error(`The demo school has no ${kind} titled ${title}.`);
  return item.id;
}

/** Opens the editor in a fresh page, waits until Editor.js is in place and a moment more, and returns the shifts. */
async function shiftsOf(browser: Browser, url: string, options: (typeof VIEWPORTS)[number]): Promise<Shift[]> {
  const context = await browser.newContext({
    storageState: storageStatePath('admin'),
    viewport: options.viewport,
    isMobile: 'isMobile' in options ? options.isMobile : false,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(RECORD_SHIFTS);
    await page.goto(url);
    await expect(page.locator('.codex-editor')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: /^(Save|Create)$/ })).toBeEnabled();
    // Anything late (images, the raw HTML boxes fitting their text) has its chance to move things.
    await page.waitForTimeout(1_000);
    return await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
  } finally {
    await context.close();
  }
}

const total = (shifts: Shift[]) => shifts.reduce((sum, shift) => sum + shift.value, 0);

test.describe('the editor does not move while it loads', () => {
  // Create, and edit a long post with raw HTML blocks, a short post, a page of paragraphs and a page of floated images.
  const screens: Array<{ name: string; url: (request: APIRequestContext) => Promise<string> }> = [
    { name: 'Create Post', url: async () => '/website/posts/edit?new' },
    { name: 'Create Page', url: async () => '/website/pages/edit?new' },
    { name: 'Edit Post (long, with raw HTML)', url: async (r) => `/website/posts/edit?id=${await idOf(r, 'post', 'Block category: Common')}` },
    { name: 'Edit Post (markup)', url: async (r) => `/website/posts/edit?id=${await idOf(r, 'post', 'Markup: HTML Tags and Formatting')}` },
    { name: 'Edit Post (short)', url: async (r) => `/website/posts/edit?id=${await idOf(r, 'post', 'Template: Excerpt (Defined)')}` },
    { name: 'Edit Page (paragraphs)', url: async (r) => `/website/pages/edit?id=${await idOf(r, 'page', 'Lorem Ipsum')}` },
    { name: 'Edit Page (images)', url: async (r) => `/website/pages/edit?id=${await idOf(r, 'page', 'Page Image Alignment')}` },
  ];

  for (const screen of screens) {
    test(`${screen.name}: CLS at most ${MAX_CLS} on a desktop and on a phone`, async ({ browser, page }) => {
      test.setTimeout(60_000);
      const url = await screen.url(page.request);
      for (const options of VIEWPORTS) {
        const shifts = await shiftsOf(browser, url, options);
        expect(total(shifts), `${options.name} ${url}: ${JSON.stringify(shifts, null, 1)}`).toBeLessThanOrEqual(MAX_CLS);
      }
    });
  }
});

test.describe("the editor's frame is in the first HTML", () => {
  async function firstHtml(page: Page, url: string): Promise<string> {
    const res = await page.request.get(url);
    expect(res.status()).toBe(200);
    return res.text();
  }

  test('Create Post: title, content area, categories (Newsflash ticked) and buttons, before any script', async ({ page }) => {
    const html = await firstHtml(page, '/website/posts/edit?new');
    expect(html).toMatch(/<label class="form-label" for="[^"]+">Title<\/label><input id="[^"]+" class="form-control" type="text"/);
    expect(html).toContain('class="content-editor"');
    expect(html).toContain('<legend class="form-label">Category</legend>');
    expect(html).not.toContain('Loading categories');
    expect(html).toMatch(/<input class="form-check-input" type="checkbox" checked=""\/><span class="form-check-label">Newsflash<\/span>/);
    expect(html).toMatch(/<input class="form-check-input" type="checkbox"\/><span class="form-check-label">Newsletters<\/span>/);
    expect(html).toMatch(/>Cancel<\/button>/);
    expect(html).toMatch(/>Create<\/button>/);
  });

  test('Edit Post: its title, its categories ticked and its content drawn, with JavaScript off', async ({ browser, page }) => {
    const id = await idOf(page.request, 'post', 'Markup: HTML Tags and Formatting');
    const context = await browser.newContext({ storageState: storageStatePath('admin'), javaScriptEnabled: false });
    try {
      const noJs = await context.newPage();
      await noJs.goto(`/website/posts/edit?id=${id}`);
      await expect(noJs.getByRole('heading', { level: 1, name: 'Edit Post' })).toBeVisible();
      await expect(noJs.getByLabel('Title')).toHaveValue('Markup: HTML Tags and Formatting');
      const categories = noJs.getByRole('group', { name: 'Category' });
      await expect(categories).toBeVisible();
      await expect(categories.getByRole('checkbox', { name: 'Classic', exact: true })).toBeChecked();
      await expect(categories.getByRole('checkbox', { name: 'Markup', exact: true })).toBeChecked();
      await expect(categories.getByRole('checkbox', { name: 'Newsflash', exact: true })).not.toBeChecked();
      // The content area at its full height, the content drawn in it (a picture of it: inert).
      const area = noJs.getByRole('group', { name: 'Content' });
      expect((await area.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(300);
      await expect(area.locator('.content-editor-preview h2').first()).toBeVisible();
      await expect(area.locator('.content-editor-preview')).toHaveAttribute('inert', '');
      await expect(noJs.getByRole('button', { name: 'Save' })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('Create Page: the Menu Parent offers Top Level and the pages, before any script', async ({ page }) => {
    const html = await firstHtml(page, '/website/pages/edit?new');
    expect(html).toMatch(/<label class="form-label" for="[^"]+">Menu Parent<\/label><select id="[^"]+" class="form-select">/);
    expect(html).toContain('<option value="" selected="">Top Level</option>');
    expect(html).toContain('<option value="About The Tests">About The Tests</option>');
    expect(html).not.toContain('Loading pages');
    expect(html).toMatch(/<button type="button" class="btn btn-sm dropdown-toggle"[^>]*>Insert Gallery<\/button>/);
  });
});
