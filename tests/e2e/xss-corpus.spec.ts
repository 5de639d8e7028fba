/**
 * The XSS corpus (tests/e2e/support/xss-corpus.ts) stored as post and page titles and content of
 * a school of its own, then opened in Chromium wherever the portal shows them: the public pages,
 * the site's home pages, the staff lists and the editor. Nothing may run: every payload reports
 * its id through the exposed detector or a dialog if it does, and the suite's `test` fails on any
 * Content-Security-Policy violation (a blocked script is a payload that got through the
 * sanitiser). Payloads that need a click (javascript: links) are caught by checking the DOM.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DETECTOR, XSS_CORPUS, XSS_CORPUS_SIZE, controlPayloads, distinctPayloadCount, payloadById, type VectorFamily } from './support/xss-corpus';
import { XSS_USER, ensureXssData, xssStorageStatePath, type XssData, type XssItem } from './support/xss-data';
import { WEBSITE_PAGE_SIZE } from '../../src/modules/website/rules';

// Both workers share the load: each runs beforeAll, and the data is created once for both.
test.describe.configure({ mode: 'parallel', timeout: 120_000 });
// Signed in as the school's staff: a payload that ran on the public site would run with a
// staff session (public sites share the portal's origin by default). No trace: the spec opens
// about 150 pages, which tracing slows by a third, and each failure already names the payload
// ids, the address and the markup involved.
test.use({ storageState: xssStorageStatePath(), trace: 'off' });

/** Tabs open at once per test: the pages are independent, and while one waits for the server another renders. */
const TABS = 4;
/** Rows a page of the staff lists and posts a page of the site's home. */
const PAGE_SIZE = WEBSITE_PAGE_SIZE;

let data: XssData;

// Playwright reads the fixtures a hook needs from its first parameter's pattern: this one needs none.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  if (!baseURL) throw new Error('The project has no baseURL.');
  data = await ensureXssData(baseURL);
});

interface Hit {
  how: 'detector' | 'dialog';
  id: string;
  url: string;
}

/**
 * Records every execution in the context: the detector exposed on every page and frame, and any
 * alert/confirm/prompt (dismissed, so the page goes on). Call before opening pages.
 */
async function watchExecutions(context: BrowserContext): Promise<Hit[]> {
  const hits: Hit[] = [];
  await context.exposeBinding(DETECTOR, (source, id: unknown) => {
    hits.push({ how: 'detector', id: String(id), url: source.frame.url() });
  });
  context.on('dialog', (dialog) => {
    // beforeunload only asks about leaving (the portal sets none today); a payload able to add
    // one would already have been caught running.
    if (dialog.type() === 'beforeunload') {
      void dialog.accept().catch(() => undefined);
      return;
    }
    hits.push({ how: 'dialog', id: `${dialog.type()}: ${dialog.message()}`, url: dialog.page()?.url() ?? '' });
    void dialog.dismiss().catch(() => undefined);
  });
  return hits;
}

/** One line per hit, naming the payload, so a failure says exactly what ran and where. */
function describeHits(hits: readonly Hit[]): string[] {
  return hits.map((hit) => {
    const id = Number(/\d+/.exec(hit.id)?.[0]);
    const payload = payloadById(id);
    const what = payload ? `#${payload.id} ${payload.family}/${payload.vector}/${payload.body}: ${JSON.stringify(payload.html)}` : 'unknown payload';
    return `${hit.how} ${hit.id} on ${hit.url} — ${what}`;
  });
}

/**
 * Lets what a payload would have started late (setTimeout, a data: module, an autofocus, a media
 * error, an SVG animation) happen before the page is left: two frames and a short pause.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 150)));
      }),
  );
}

/**
 * Markup in the page that could run script, one line each. In the content area (`contentSelector`)
 * nothing that runs, loads a document or changes the page's base, target or policy may exist;
 * in the whole page, no inline handler and no script URL (the layout has its own scripts and meta).
 */
function unsafeMarkup(page: Page, contentSelector: string | null): Promise<string[]> {
  return page.evaluate((selector) => {
    const URL_ATTRIBUTES = new Set([
      'href',
      'src',
      'action',
      'formaction',
      'data',
      'srcdoc',
      'xlink:href',
      'poster',
      'background',
      'cite',
      'lowsrc',
      'dynsrc',
      'codebase',
      'ping',
    ]);
    const CONTENT_FORBIDDEN = new Set(['script', 'object', 'embed', 'applet', 'base', 'meta', 'link', 'form', 'frame', 'frameset', 'style', 'portal']);
    const problems: string[] = [];
    const snippet = (el: Element) => el.outerHTML.slice(0, 200);
    // As the URL parser reads it: tabs and newlines anywhere are dropped, leading and trailing
    // control characters and spaces trimmed; schemes are case-insensitive.
    const scriptUrl = (value: string) =>
      /^(javascript|vbscript|data):/.test(
        value
          .replace(/[\t\n\r]/g, '')
          .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
          .toLowerCase(),
      );
    const check = (el: Element, inContent: boolean) => {
      const tag = el.localName.toLowerCase();
      if (inContent && CONTENT_FORBIDDEN.has(tag)) problems.push(`<${tag}> in the content: ${snippet(el)}`);
      for (const attr of Array.from(el.attributes)) {
        const name = attr.name.toLowerCase();
        if (name.startsWith('on')) problems.push(`${name} handler: ${snippet(el)}`);
        if (name === 'srcdoc') problems.push(`srcdoc: ${snippet(el)}`);
        if (URL_ATTRIBUTES.has(name) && scriptUrl(attr.value)) problems.push(`${name} script URL: ${snippet(el)}`);
        if (name === 'srcset' && attr.value.split(',').some((candidate) => scriptUrl(candidate))) problems.push(`srcset script URL: ${snippet(el)}`);
        if (inContent && name === 'style' && /javascript:|vbscript:|expression\(/.test(attr.value.replace(/\s+/g, '').toLowerCase())) {
          problems.push(`script in style: ${snippet(el)}`);
        }
      }
    };
    const content = selector === null ? [] : Array.from(document.querySelectorAll(selector));
    if (selector !== null && content.length !== 1) problems.push(`${content.length} elements match ${selector}`);
    const inContent = new Set(content.flatMap((root) => [root, ...Array.from(root.querySelectorAll('*'))]));
    for (const el of Array.from(document.querySelectorAll('*'))) check(el, inContent.has(el));
    return problems;
  }, contentSelector);
}

/** Runs `visit` for every item, `TABS` pages at a time, in fresh tabs of `context`. */
async function inTabs<T>(context: BrowserContext, items: readonly T[], visit: (page: Page, item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    const page = await context.newPage();
    try {
      while (next < items.length) {
        const item = items[next];
        next += 1;
        if (item !== undefined) await visit(page, item);
      }
    } finally {
      await page.close();
    }
  };
  await Promise.all(Array.from({ length: Math.min(TABS, items.length) }, () => worker()));
}

async function open(page: Page, url: string, status = 200): Promise<void> {
  const res = await page.goto(url);
  expect(res?.status(), url).toBe(status);
}

/** Short payloads of every family, for the address of a list search (at most 200 characters). */
function searchPayloads(): string[] {
  const seen = new Set<VectorFamily>();
  return XSS_CORPUS.filter((p) => {
    if (seen.has(p.family) || p.html.length > 200) return false;
    seen.add(p.family);
    return true;
  }).map((p) => p.html);
}

/** The gallery slider shows the gallery's payload title and image name as text. */
async function expectGallery(page: Page): Promise<void> {
  const slider = page.locator('.site-content .gallery-slider');
  await expect(slider).toHaveCount(1);
  await expect(slider.locator('figcaption')).toHaveText(data.gallery.title);
  await expect(slider.locator('img')).toHaveAttribute('alt', data.gallery.imageTitle);
}

// Longest first: Playwright hands tests to free workers in this order, so the two workers finish
// close together.
for (const kind of ['post', 'page'] as const) {
  test(`the ${kind} editor runs none of it`, async ({ context }) => {
    const hits = await watchExecutions(context);
    const problems: string[] = [];
    const items: readonly XssItem[] = kind === 'post' ? data.posts : data.pages;
    await inTabs(context, items, async (page, item) => {
      const url = `/website/${kind}s/edit?id=${item.id}`;
      await open(page, url);
      // Editor.js has turned the stored HTML into blocks (as website-editor.spec.ts waits).
      await expect(page.locator('.codex-editor')).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('.ce-block').first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
      // A text input drops line breaks from its value; everything else of the title is kept as text.
      await expect(page.getByLabel('Title')).toHaveValue(item.title.replace(/[\r\n]/g, ''));
      await settle(page);
      problems.push(...(await unsafeMarkup(page, null)).map((p) => `${url}: ${p}`));
    });
    expect(problems).toEqual([]);
    expect(describeHits(hits)).toEqual([]);
  });
}

test('public post pages and the site home run none of it', async ({ context }) => {
  const hits = await watchExecutions(context);
  const problems: string[] = [];
  const home = `/sites/${XSS_USER.school}`;
  const homePages = Math.ceil(data.posts.length / PAGE_SIZE);
  const homeUrls = Array.from({ length: homePages }, (_, i) => (i === 0 ? home : `${home}?page=${i + 1}`));

  await inTabs(context, data.posts, async (page, item) => {
    await open(page, item.url);
    await expect(page.locator('article h1')).toHaveText(item.title);
    if (item.hasSlider) await expectGallery(page);
    await settle(page);
    problems.push(...(await unsafeMarkup(page, '.site-content')).map((p) => `${item.url}: ${p}`));
  });
  await inTabs(context, homeUrls, async (page, url) => {
    await open(page, url);
    await expect(page.locator('.site-posts > li')).toHaveCount(url === homeUrls.at(-1) ? data.posts.length - (homePages - 1) * PAGE_SIZE : PAGE_SIZE);
    await settle(page);
    problems.push(...(await unsafeMarkup(page, null)).map((p) => `${url}: ${p}`));
  });
  // A payload in the address: the page number is not echoed, the answer is the site's 404 page.
  await inTabs(context, searchPayloads(), async (page, payload) => {
    const url = `${home}?page=${encodeURIComponent(payload)}`;
    await open(page, url, 404);
    await settle(page);
    problems.push(...(await unsafeMarkup(page, null)).map((p) => `${url}: ${p}`));
  });

  expect(problems).toEqual([]);
  expect(describeHits(hits)).toEqual([]);
});

test('the staff lists of posts and pages run none of it, on every page and in a search', async ({ context }) => {
  const hits = await watchExecutions(context);
  const problems: string[] = [];
  const seen: Record<'post' | 'page', string[]> = { post: [], page: [] };
  const lists = (['post', 'page'] as const).flatMap((kind) => {
    const items = kind === 'post' ? data.posts : data.pages;
    const pages = Math.ceil(items.length / PAGE_SIZE);
    return [
      ...Array.from({ length: pages }, (_, i) => ({ kind, url: i === 0 ? `/website/${kind}s` : `/website/${kind}s?page=${i + 1}`, search: false })),
      // A payload in the address: the search box and the API call carry it.
      ...searchPayloads().map((payload) => ({ kind, url: `/website/${kind}s?query=${encodeURIComponent(payload)}`, search: true })),
    ];
  });

  await inTabs(context, lists, async (page, list) => {
    await open(page, list.url);
    // Hydrated: React has rendered the rows again on the client (Astro drops `ssr` then).
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    const rows = page.locator('table tbody tr');
    await expect(rows.first()).toBeVisible();
    if (!list.search) seen[list.kind].push(...(await page.getByRole('rowheader').allTextContents()));
    await settle(page);
    problems.push(...(await unsafeMarkup(page, null)).map((p) => `${list.url}: ${p}`));
  });

  // Every item's title was on a list page, as text.
  const normal = (text: string) => text.replace(/\s+/g, ' ').trim();
  expect(seen.post.map(normal).sort()).toEqual(data.posts.map((i) => normal(i.title)).sort());
  expect(seen.page.map(normal).sort()).toEqual(data.pages.map((i) => normal(i.title)).sort());
  expect(problems).toEqual([]);
  expect(describeHits(hits)).toEqual([]);
});

test('public pages, with every page title in the menu, run none of it', async ({ context }) => {
  const hits = await watchExecutions(context);
  const problems: string[] = [];
  await inTabs(context, data.pages, async (page, item) => {
    await open(page, item.url);
    await expect(page.locator('article h1')).toHaveText(item.title);
    if (item.hasSlider) await expectGallery(page);
    await settle(page);
    problems.push(...(await unsafeMarkup(page, '.site-content')).map((p) => `${item.url}: ${p}`));
  });
  expect(problems).toEqual([]);
  expect(describeHits(hits)).toEqual([]);
});

test('the corpus holds at least 300 distinct payloads, each stored in a post and a page title and content', async ({ context }) => {
  expect(XSS_CORPUS_SIZE).toBeGreaterThanOrEqual(300);
  expect(distinctPayloadCount()).toBeGreaterThanOrEqual(300);
  expect(new Set(XSS_CORPUS.map((p) => p.id)).size).toBe(XSS_CORPUS_SIZE);
  for (const items of [data.posts, data.pages]) {
    // Each item holds its group in its title and in its content (support/xss-data.ts).
    const stored = new Set(items.flatMap((item) => item.payloadIds));
    expect(XSS_CORPUS.filter((p) => !stored.has(p.id)).map((p) => p.id)).toEqual([]);
    for (const item of items) expect(item.title.length).toBeLessThanOrEqual(1000);
  }
  // Titles are plain text: stored exactly as sent.
  for (const item of [...data.posts, ...data.pages]) {
    const res = await context.request.get(`/api/website/wordpress/${item.kind}s/${item.id}`);
    const body = (await res.json()) as { success: boolean; post?: { post_title: string }; page?: { post_title: string } };
    expect(body.success, `${item.kind} ${item.id}`).toBe(true);
    expect((item.kind === 'post' ? body.post : body.page)?.post_title, `${item.kind} ${item.id}`).toBe(item.title);
  }
});

test('control: every body reaches the detectors when nothing stops it', async ({ context }) => {
  const hits = await watchExecutions(context);
  const controls = controlPayloads();
  const page = await context.newPage();
  // about:blank has no policy and no sanitiser: everything here runs.
  await page.setContent(controls.map((p) => p.html).join('\n'));
  const expected = controls.map((p) => String(p.id)).sort();
  await expect.poll(() => [...new Set(hits.map((hit) => /\d+/.exec(hit.id)?.[0] ?? ''))].sort()).toEqual(expected);
  const ways = new Set(hits.map((hit) => hit.how));
  expect([...ways].sort()).toEqual(['detector', 'dialog']);

  // And the DOM check sees what would need a click, however it is spelled.
  await page.setContent(
    [
      '<div class="site-content">',
      '<a href=" jav&#x09;aScript:void(0)">a</a>',
      '<svg><a xlink:href="data:text/html,x"><text>b</text></a></svg>',
      '<iframe srcdoc="x"></iframe>',
      '<form><button formaction="VBSCRIPT:x">c</button></form>',
      '<p style="width: expression(x)">d</p>',
      '<meta name="x">',
      '</div>',
      '<p onclick="void 0">outside</p>',
    ].join(''),
  );
  const problems = await unsafeMarkup(page, '.site-content');
  // Each problem is 'what: <markup>'.
  expect(problems.map((p) => p.slice(0, p.indexOf(': <'))).sort()).toEqual(
    [
      '<form> in the content',
      '<meta> in the content',
      'formaction script URL',
      'href script URL',
      'onclick handler',
      'script in style',
      'srcdoc',
      'xlink:href script URL',
    ].sort(),
  );
});
