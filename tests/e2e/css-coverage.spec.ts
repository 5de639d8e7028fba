/**
 * The build cuts Tabler's stylesheet to what the pages use (src/styles/tabler-purge.mjs). These
 * tests prove nothing visible was lost, on the built server, page by page, with the menus, the
 * drawer, the theme options, dialogs, toasts, the editor and the uploader open:
 *
 * - every class in the DOM that Tabler's full stylesheet (node_modules/@tabler/core/dist/css/
 *   tabler.css) styles is still styled by the Tabler stylesheet the page loaded;
 * - key elements (and their ::before/::after) compute exactly the same styles with the page's
 *   stylesheet and with the full Tabler stylesheet (as the build would ship it uncut) swapped in
 *   at the same place in the cascade;
 * - and the CSS /home loads stays within its budget.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { ROOT, storageStatePath } from './support/env';
import { addGalleryImage, createGallery, createPost, importPost, makePngs, postIdByTitle, toast, uniqueTitle, waitForHydration } from './support/website-lists';

// Each inspection parses the full stylesheet and compares a few thousand computed values.
test.describe.configure({ timeout: 90_000 });

const TABLER_DIST = path.join(ROOT, 'node_modules/@tabler/core/dist/css');
/** Tabler's full stylesheet, whose selectors say which classes Tabler styles. */
const FULL_TABLER_CSS = fs.readFileSync(path.join(TABLER_DIST, 'tabler.css'), 'utf8');

/**
 * The full stylesheet as the build would ship it uncut: tabler.min.css through Vite's CSS
 * minifier (Lightning CSS; Astro builds for esnext, so no targets). Byte for byte what the pages
 * loaded before the cut, so the computed styles differ only by what the cut removed, not by the
 * minifier's rounding (it writes 1.4285714286 as 1.42857, for one).
 */
function fullTablerAsBuilt(): string {
  const lightningcss = createRequire(path.join(ROOT, 'node_modules/vite/package.json'))('lightningcss') as typeof import('lightningcss');
  const code = fs.readFileSync(path.join(TABLER_DIST, 'tabler.min.css'));
  return new TextDecoder().decode(lightningcss.transform({ filename: 'tabler.min.css', code, minify: true }).code);
}
const REFERENCE_CSS = fullTablerAsBuilt();

/** Issue 8: the CSS /home loads, before compression. */
const HOME_CSS_BUDGET_BYTES = 150 * 1000;

/** Elements whose computed styles must not depend on which Tabler stylesheet is loaded (up to 2 of each). */
const KEY_ELEMENTS = [
  'html',
  'body',
  '.app-header',
  '#app-sidebar',
  '.menu-link',
  '.app-main',
  '.app-footer',
  '#app-drawer',
  '#theme-options',
  '.user-menu-panel',
  '.page-title',
  'h1',
  'h2',
  'h3',
  'p',
  'a',
  'svg.icon',
  '.card',
  '.card-header',
  '.card-body',
  '.card-footer',
  '.card-title',
  '.table',
  '.table th',
  '.table td',
  '.btn',
  '.btn-primary',
  '.btn-sm',
  '.btn-outline-danger',
  '.btn-icon',
  '.btn-list',
  '.badge',
  '.dropdown-menu',
  '.dropdown-item',
  '.dropdown-toggle',
  '.toastify',
  '.form-control',
  '.form-select',
  '.form-check',
  '.form-check-input',
  '.form-label',
  '.form-hint',
  '.is-invalid',
  '.invalid-feedback',
  '.alert',
  '.empty',
  '.pagination',
  '.page-link',
  '.page-item.active .page-link',
  '.modal-content',
  '.modal-footer',
  '.timeline',
  '.avatar',
  '.text-secondary',
  '.spinner-border',
  '.codex-editor',
  '.ce-paragraph',
  '.ce-toolbar',
  '.ce-popover',
  '.uppy-Dashboard',
  '.uppy-Dashboard-inner',
  '.gallery-tile',
  'table',
  'input',
  'button',
  'select',
  'label',
  'img',
];

interface Inspection {
  /** Tabler classes in the DOM that the page's Tabler stylesheet no longer styles. */
  unstyled: string[];
  /** `element property: page value != full value` for every computed style that differs. */
  differences: string[];
  /** How many elements (and pseudo-elements) were compared. */
  compared: number;
}

/**
 * Runs in the page. Finds the loaded Tabler stylesheet (the one declaring --tblr-primary), checks
 * the DOM's classes against the full stylesheet's, then compares computed styles of the key
 * elements with the page's stylesheet and with the full one in its place.
 */
function inspectInPage({ fullCss, referenceCss, selectors }: { fullCss: string; referenceCss: string; selectors: string[] }): Inspection | string {
  const classesOf = (rules: CSSRuleList, into: Set<string>): Set<string> => {
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSStyleRule) {
        for (const match of rule.selectorText.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) into.add(match[1] as string);
      }
      if ('cssRules' in rule && rule.cssRules instanceof CSSRuleList) classesOf(rule.cssRules, into);
    }
    return into;
  };
  const declaresTablerVariables = (rules: CSSRuleList): boolean =>
    Array.from(rules).some(
      (rule) =>
        // Declared, not reached through `all: initial` (Uppy's reset answers for every property).
        (rule instanceof CSSStyleRule && Array.from(rule.style).includes('--tblr-primary')) ||
        ('cssRules' in rule && rule.cssRules instanceof CSSRuleList && declaresTablerVariables(rule.cssRules)),
    );

  const tablerSheets = Array.from(document.styleSheets).filter((sheet) => declaresTablerVariables(sheet.cssRules));
  if (tablerSheets.length !== 1) {
    const names = tablerSheets.map((sheet) => sheet.href ?? `<${sheet.ownerNode?.nodeName.toLowerCase() ?? '?'}> ${sheet.cssRules.length} rules`);
    return `expected one loaded Tabler stylesheet, found ${tablerSheets.length}: ${names.join(', ')}`;
  }
  const tabler = tablerSheets[0] as CSSStyleSheet;
  const link = tabler.ownerNode;
  if (!(link instanceof HTMLLinkElement)) return 'the Tabler stylesheet is not a <link> (it should be one cached file)';

  const full = new CSSStyleSheet();
  full.replaceSync(fullCss);
  const fullClasses = classesOf(full.cssRules, new Set());
  const loadedClasses = classesOf(tabler.cssRules, new Set());
  const domClasses = new Set<string>();
  for (const element of Array.from(document.querySelectorAll('*'))) element.classList.forEach((name) => domClasses.add(name));
  const unstyled = [...domClasses].filter((name) => fullClasses.has(name) && !loadedClasses.has(name)).sort();

  // Transitions and animations jump to their end (or, when endless, hold their start), so both
  // snapshots see settled values.
  const settle = () => {
    for (const animation of document.getAnimations()) {
      try {
        animation.finish();
      } catch {
        animation.pause();
        animation.currentTime = 0;
      }
    }
  };
  const targets: Array<[string, Element]> = [];
  for (const selector of selectors) {
    Array.from(document.querySelectorAll(selector))
      .slice(0, 2)
      .forEach((element, index) => targets.push([`${selector}[${index}]`, element]));
  }
  // Custom properties are left out: their computed value is their text as written (minified or
  // not), and what they change shows in the real properties that use them.
  type Snapshot = Map<string, string>;
  const snapshot = (): Snapshot => {
    settle();
    const values: Snapshot = new Map();
    for (const [label, element] of targets) {
      for (const pseudo of ['', '::before', '::after']) {
        const style = getComputedStyle(element, pseudo || null);
        if (pseudo && style.getPropertyValue('content') === 'none') continue;
        for (let i = 0; i < style.length; i++) {
          const property = style.item(i);
          if (!property.startsWith('--')) values.set(`${label}${pseudo} ${property}`, style.getPropertyValue(property));
        }
      }
    }
    return values;
  };

  const before = snapshot();
  const fullStyle = document.createElement('style');
  fullStyle.textContent = referenceCss;
  link.before(fullStyle);
  tabler.disabled = true;
  const after = snapshot();
  fullStyle.remove();
  tabler.disabled = false;
  settle();

  const differences: string[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const mine = before.get(key);
    const theirs = after.get(key);
    if (mine !== theirs) differences.push(`${key}: ${mine ?? '(none)'} != full ${theirs ?? '(none)'}`);
  }
  return { unstyled, differences, compared: targets.length };
}

/** Inspects the page now; returns its problems, labelled. */
async function inspect(page: Page, label: string): Promise<string[]> {
  const result = await page.evaluate(inspectInPage, { fullCss: FULL_TABLER_CSS, referenceCss: REFERENCE_CSS, selectors: KEY_ELEMENTS });
  if (typeof result === 'string') return [`${label}: ${result}`];
  expect(result.compared, `${label}: no key element to compare`).toBeGreaterThan(0);
  return [
    ...result.unstyled.map((name) => `${label}: .${name} is styled by Tabler but not by the page's CSS`),
    ...result.differences.slice(0, 40).map((line) => `${label}: ${line}`),
    ...(result.differences.length > 40 ? [`${label}: ... and ${result.differences.length - 40} more differences`] : []),
  ];
}

/**
 * The shell's own parts, each state a superset of the page as loaded: the calendar toast with the
 * user menu open, then the drawer, then (unless `short`) the theme options.
 */
async function inspectShellParts(page: Page, label: string, { short = false } = {}): Promise<string[]> {
  const problems: string[] = [];
  await page.locator('#calendar-item').hover();
  const calendarToast = toast(page, 'There are no new calendar items.');
  await expect(calendarToast).toBeVisible();
  // From the keyboard: the toast may lie over the button (top right), and keys reach it anyway.
  await page.locator('#user-menu-button').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#user-menu')).toBeVisible();
  problems.push(...(await inspect(page, `${label} + toast + user menu`)));
  await page.keyboard.press('Escape');
  // The toast sits over the header's buttons (and stays while the pointer is on it): take it away.
  await page.evaluate(() => document.querySelectorAll('.toastify').forEach((element) => element.remove()));

  await page.locator('#drawer-open').click();
  await expect(page.locator('#app-drawer')).toBeVisible();
  await expect(page.locator('#notifications')).toHaveAttribute('aria-busy', 'false');
  problems.push(...(await inspect(page, `${label} + drawer`)));
  await page.locator('#drawer-close').click();
  if (short) return problems;

  await page.locator('#theme-open').click();
  await expect(page.locator('#theme-options')).toBeVisible();
  problems.push(...(await inspect(page, `${label} + theme options`)));
  await page.keyboard.press('Escape');
  return problems;
}

test.describe('signed in', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('/home, its menus, drawer, theme options and toast, light and dark, wide and narrow', async ({ page }) => {
    await page.goto('/home');
    const problems = await inspectShellParts(page, '/home');

    await page.evaluate(() => localStorage.setItem('portal.theme', JSON.stringify({ scheme: 'dark', fixedFooter: true })));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
    problems.push(...(await inspectShellParts(page, '/home dark', { short: true })));

    await page.setViewportSize({ width: 1000, height: 800 });
    await page.reload();
    await page.locator('#sidebar-toggle').click();
    await expect(page.locator('html')).toHaveClass(/(^|\s)sidebar-open(\s|$)/);
    problems.push(...(await inspect(page, '/home dark narrow, sidebar open')));
    expect(problems).toEqual([]);
  });

  test('/account/products and the 404 page', async ({ page }) => {
    await page.goto('/account/products');
    const problems = await inspect(page, '/account/products');
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    problems.push(...(await inspect(page, '404')));
    expect(problems).toEqual([]);
  });

  test('/account/users with its last row refused and the unauthorise dialog', async ({ page }) => {
    // Only looked at: the dialog is cancelled, nobody is authorised.
    await page.goto('/account/users');
    await waitForHydration(page);
    const problems = await inspect(page, '/account/users');
    await page.getByRole('button', { name: 'Authorise', exact: true }).click();
    await expect(page.locator('.card-footer [role="alert"]')).toBeVisible();
    problems.push(...(await inspect(page, '/account/users + refused')));
    await page.locator('#users-table tbody button.btn-outline-danger').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    problems.push(...(await inspect(page, '/account/users + dialog')));
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(problems).toEqual([]);
  });

  test('the posts and pages lists, with the delete dialog and an error toast', async ({ page }) => {
    const title = uniqueTitle('E2E css');
    await createPost(page.request, title);
    importPost(uniqueTitle('E2E css locked'), new Date(), '[vc_row][vc_column]<p>Built with a page builder.</p>[/vc_column][/vc_row]');
    await page.goto('/website/posts');
    await waitForHydration(page);
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this post?' });
    await expect(dialog).toBeVisible();
    const problems = await inspect(page, '/website/posts + delete dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await page.route('**/api/website/wordpress/posts?*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, isAuthFailed: false }) }),
    );
    await page.getByRole('navigation', { name: 'Posts pagination' }).getByRole('link', { name: 'Page 2' }).click();
    await expect(toast(page, 'Error! Please try again.')).toBeVisible();
    problems.push(...(await inspect(page, '/website/posts + error toast')));
    await page.unroute('**/api/website/wordpress/posts?*');

    await page.goto('/website/pages');
    await waitForHydration(page);
    problems.push(...(await inspect(page, '/website/pages')));
    expect(problems).toEqual([]);
  });

  test('the galleries: list, new (with a refused empty title), edit with the uploader and images', async ({ page }) => {
    const images = await makePngs([
      { name: 'css-red.png', colour: { r: 214, g: 57, b: 57 } },
      { name: 'css-blue.png', colour: { r: 32, g: 107, b: 196 } },
    ]);
    try {
      const id = await createGallery(page.request, uniqueTitle('E2E css gallery'));
      for (const file of images.files) await addGalleryImage(page.request, id, file);

      await page.goto('/website/galleries');
      await waitForHydration(page);
      const problems = await inspect(page, '/website/galleries');

      await page.goto('/website/galleries/new');
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Create' }).click();
      await expect(page.locator('.is-invalid')).toHaveCount(1);
      problems.push(...(await inspect(page, '/website/galleries/new + empty title')));

      await page.goto(`/website/galleries/edit?id=${id}`);
      await waitForHydration(page);
      await expect(page.locator('.uppy-Dashboard')).toBeVisible();
      await expect(page.locator('.gallery-tile')).toHaveCount(2);
      // A tile held for dragging: SortableJS marks it sortable-chosen, which Tabler styles.
      await page.locator('.gallery-tile img').first().hover();
      await page.mouse.down();
      await expect(page.locator('.gallery-tile.sortable-chosen')).toHaveCount(1);
      problems.push(...(await inspect(page, '/website/galleries/edit, a tile held')));
      await page.mouse.up();
      expect(problems).toEqual([]);
    } finally {
      fs.rmSync(images.dir, { recursive: true, force: true });
    }
  });

  for (const kind of ['post', 'page'] as const) {
    test(`the ${kind} editor: create, and edit the theme test data with Editor.js's menus and the gallery menu open`, async ({ page }) => {
      const list = `/website/${kind}s`;
      await page.goto(`${list}/edit?new`);
      await expect(page.locator('.codex-editor')).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('button', { name: 'Create' })).toBeEnabled();
      const problems = await inspect(page, `${list}/edit (create)`);

      const title = kind === 'post' ? 'Markup: HTML Tags and Formatting' : 'Page Markup And Formatting';
      const found = await page.request.get(`/api/website/wordpress/${kind}s?page=1&limit=100&query=${encodeURIComponent(title)}`);
      const body = (await found.json()) as { posts?: Array<{ id: number; post_title: string }>; pages?: Array<{ id: number; post_title: string }> };
      const item = (body.posts ?? body.pages ?? []).find((row) => row.post_title === title);
      expect(item, `the demo school's ${kind} "${title}"`).toBeDefined();
      await page.goto(`${list}/edit?id=${item?.id ?? 0}`);
      await expect(page.locator('.codex-editor')).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();

      // The posts' editor opens the toolbox, the pages' the block tunes (the same Editor.js popover).
      await page.locator('.ce-paragraph').first().click();
      await page.locator(kind === 'post' ? '.ce-toolbar__plus' : '.ce-toolbar__settings-btn').click();
      await expect(page.locator('.ce-popover--opened .ce-popover__container').first()).toBeVisible();
      problems.push(...(await inspect(page, `${list}/edit + ${kind === 'post' ? 'toolbox' : 'block tunes'}`)));
      await page.keyboard.press('Escape');

      if (kind === 'page') {
        await page.getByRole('button', { name: 'Insert Gallery' }).click();
        await expect(page.locator('.dropdown-menu.show')).toBeVisible();
        problems.push(...(await inspect(page, `${list}/edit + gallery menu`)));
      }
      expect(problems).toEqual([]);
    });
  }

  test('the newsletter builder with a block selected, and its send screen', async ({ page }) => {
    await page.goto('/newsletter/send/builder');
    await waitForHydration(page);
    await page.getByRole('tab', { name: '1 Blocks' }).click();
    const problems = await inspect(page, '/newsletter/send/builder');
    // A block selected: the Style tab shows its settings.
    await page.locator('[data-block-id]').first().click();
    await expect(page.getByRole('tab', { name: '2 Style' })).toHaveAttribute('aria-selected', 'true');
    problems.push(...(await inspect(page, '/newsletter/send/builder + style')));
    await page.goto('/newsletter/sent');
    problems.push(...(await inspect(page, '/newsletter/sent')));
    await page.goto('/newsletter/manage/list');
    await waitForHydration(page);
    problems.push(...(await inspect(page, '/newsletter/manage/list')));
    expect(problems).toEqual([]);
  });

  test('the staff lists: the app list with its delete dialog, the edit screen with an error', async ({ page }) => {
    // The demo school's seeded lists, only looked at.
    await page.goto('/app/managestaff');
    await waitForHydration(page);
    const problems = await inspect(page, '/app/managestaff');
    await page
      .getByRole('table', { name: 'Staff' })
      .getByRole('button', { name: /^Delete / })
      .first()
      .click();
    problems.push(...(await inspect(page, '/app/managestaff + delete dialog')));
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.goto('/website/managestaff/edit');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    problems.push(...(await inspect(page, '/website/managestaff/edit + error')));
    expect(problems).toEqual([]);
  });

  test('App > Send Notification: the post list, the send dialog and its confirmation, the history', async ({ page }) => {
    // The demo school's posts, only looked at: nothing is sent.
    await page.goto('/app/send');
    await waitForHydration(page);
    const problems = await inspect(page, '/app/send');
    await page.locator('#send-posts-table button.btn-primary').first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Title')).toBeVisible();
    problems.push(...(await inspect(page, '/app/send + send dialog')));
    await dialog.getByRole('button', { name: 'Send Notification' }).click();
    await expect(page.getByRole('dialog', { name: 'Send this notification?' })).toBeVisible();
    problems.push(...(await inspect(page, '/app/send + confirmation')));
    await page.keyboard.press('Escape');
    await page.goto('/app/send/history');
    problems.push(...(await inspect(page, '/app/send/history')));
    expect(problems).toEqual([]);
  });

  test('a locked post', async ({ page }) => {
    const title = uniqueTitle('E2E css locked');
    importPost(title, new Date(), '[vc_row][vc_column]<p>Built with a page builder.</p>[/vc_column][/vc_row]');
    const id = await postIdByTitle(page.request, title);
    await page.goto(`/website/posts/edit?id=${id}`);
    await expect(page.getByRole('heading', { name: 'This post is locked' })).toBeVisible();
    expect(await inspect(page, 'locked post')).toEqual([]);
  });

  test(`the CSS /home loads is at most ${HOME_CSS_BUDGET_BYTES / 1000} KB before compression`, async ({ page }) => {
    await page.goto('/home');
    const { links, inline } = await page.evaluate(() => ({
      links: Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).map((link) => link.href),
      inline: Array.from(document.querySelectorAll('style')).map((style) => style.textContent ?? ''),
    }));
    let raw = inline.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
    let gzip = inline.reduce((sum, text) => sum + zlib.gzipSync(text, { level: 9 }).length, 0);
    for (const href of links) {
      const res = await page.request.get(href, { headers: { 'Accept-Encoding': 'identity' } });
      expect(res.ok(), href).toBe(true);
      const bytes = await res.body();
      raw += bytes.length;
      gzip += zlib.gzipSync(bytes, { level: 9 }).length;
    }
    test.info().annotations.push({ type: 'home CSS', description: `${raw} bytes raw, ${gzip} gzip (${links.length} files + ${inline.length} inline)` });
    expect(raw).toBeLessThanOrEqual(HOME_CSS_BUDGET_BYTES);
  });
});

test.describe('other schools', () => {
  test.use({ storageState: storageStatePath('nosite') });

  test('the product-unavailable screen', async ({ page }) => {
    const res = await page.goto('/website/posts');
    expect(res?.status()).toBe(403);
    expect(await inspect(page, 'product unavailable')).toEqual([]);
  });
});

test.describe('signed out', () => {
  test('/login, and its error', async ({ page }) => {
    await page.goto('/login');
    const problems = await inspect(page, '/login');
    // An empty form is refused before any sign-in attempt (nothing counts towards the rate limit).
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    problems.push(...(await inspect(page, '/login + error')));
    expect(problems).toEqual([]);
  });

  test('/forgot-password with its error, and an emailed link that is not valid', async ({ page }) => {
    await page.goto('/forgot-password');
    const problems = await inspect(page, '/forgot-password');
    // An empty address is refused before anything is counted or sent.
    await page.getByRole('button', { name: 'Email me a reset link' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    problems.push(...(await inspect(page, '/forgot-password + error')));
    await page.goto(`/welcome/${'A'.repeat(43)}`);
    problems.push(...(await inspect(page, '/welcome (not valid)')));
    expect(problems).toEqual([]);
  });
});
