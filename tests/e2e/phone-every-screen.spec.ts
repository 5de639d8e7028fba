import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Frame, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { ROOT, storageStatePath, type StoredUser } from './support/env';
import { createGallery, createPost, uniqueTitle, waitForHydration } from './support/website-lists';
import { helpdeskFrame, submitTicket, ticketRow } from './support/helpdesk';
import { openNewsletterDb, sendToNewMember } from './support/newsletter';
import { tourSchema, type Tour } from '../../src/modules/support/tours-contract';

/**
 * Issue 29 §4: every screen at 390×844 — each staff page of the sidebar and the ones it leads to
 * (edit and new pages, a ticket, a sent newsletter), the public site's pages and the signed-out
 * pages — with nothing scrolling sideways and nothing cut off, and every guided tour's every
 * bubble inside the viewport.
 *
 * "Cut off": a table cell, a button, a badge, a label or any element that hides its overflow
 * whose content is wider than its box (scrollWidth > clientWidth, a pixel's rounding allowed).
 * Text the page means to shorten with an ellipsis (`text-overflow: ellipsis`, e.g. Tabler's
 * `.text-truncate`) is left out: that is the project's marker for a deliberate cut. Form fields
 * (they scroll their text), media and frames are left out too; the helpdesk's frames (same
 * origin, the portal's own pages) are checked like the page.
 */
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

interface Screen {
  /** The address, or how to make it (a post to edit, a ticket to open...). */
  path: string | ((page: Page) => Promise<string>);
  /** Who is signed in (null: nobody). */
  user?: StoredUser | null;
}

/** The first link of the page whose address starts with `prefix` (e.g. a row's Edit). */
async function firstLink(page: Page, list: string, selector: string): Promise<string> {
  await page.goto(list);
  const href = await page.locator(selector).first().getAttribute('href');
  if (!href) throw new Error(`No ${selector} on ${list}`);
  return href;
}

async function newBuild(request: APIRequestContext): Promise<number> {
  const res = await request.post('/api/newsletter/send/builder/new', { data: { name: uniqueTitle('E2E phone build') } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { build: { id: number } }).build.id;
}

/** A sent newsletter of the demo school (kept in the outbox), for Sent Newsletters' own pages. */
let sent: Promise<{ id: number; unsubscribe: string }> | null = null;
function aSend(page: Page): Promise<{ id: number; unsubscribe: string }> {
  sent ??= (async () => {
    const db = openNewsletterDb();
    try {
      const made = await sendToNewMember(db, new URL(page.url() === 'about:blank' ? 'http://x' : page.url()).origin);
      const row = await db.selectFrom('newsletter_sends').select('id').where('subject', '=', made.subject).executeTakeFirstOrThrow();
      return { id: Number(row.id), unsubscribe: new URL(made.link).pathname };
    } finally {
      await db.destroy();
    }
  })();
  return sent;
}

const SCREENS: Record<string, Screen> = {
  Home: { path: '/home' },
  'My Products': { path: '/account/products' },
  'Manage Users': { path: '/account/users' },
  'Activity Log': { path: '/account/activity' },
  'Send Notification': { path: '/app/send' },
  'Notification history': { path: '/app/send/history' },
  'App: Manage Staff List': { path: '/app/managestaff' },
  'App: New Staff': { path: '/app/managestaff/edit' },
  'App: Edit Details': { path: (page) => firstLink(page, '/app/managestaff', 'tbody a[href*="/app/managestaff/edit?id="]') },
  'Student List Upload': { path: '/hapara/upload' },
  'Leavers List Upload': { path: '/hapara/leavers' },
  'Manage Students': { path: '/hapara/studentlist' },
  'Manage Classes': { path: '/hapara/classlist' },
  'Learning in the Cloud: Status': { path: '/hapara/status' },
  'Manage Mailing List': { path: '/newsletter/manage/list' },
  'Simple Newsletter': { path: '/newsletter/send/simple' },
  'Newsletter Builder': { path: '/newsletter/send/builder' },
  'Builder: Send Email': { path: async (page) => `/newsletter/send/builder/confirm?id=${await newBuild(page.request)}` },
  'Builder: Send Test Email': { path: async (page) => `/newsletter/send/builder/confirm?id=${await newBuild(page.request)}&test=1` },
  'Sent Newsletters': { path: '/newsletter/sent' },
  'A sent newsletter': { path: async (page) => `/newsletter/sent/view?id=${(await aSend(page)).id}` },
  'My Tickets': { path: '/support/tickets' },
  'New Support Ticket': { path: '/support/new' },
  Tutorials: { path: '/support/help' },
  Knowledgebase: { path: '/support/knowledgebase' },
  'A knowledgebase article': {
    path: async (page) => {
      await page.goto('/support/knowledgebase');
      await helpdeskFrame(page).locator('a[href^="/helpdesk/knowledgebase/"]').first().click();
      await expect.poll(() => page.frames().some((frame) => /\/helpdesk\/knowledgebase\/./.test(frame.url()))).toBe(true);
      return '';
    },
  },
  'A ticket': {
    path: async (page) => {
      const subject = uniqueTitle('E2E phone ticket');
      await page.goto('/support/new');
      await submitTicket(helpdeskFrame(page), { subject, department: 'Training', priority: 'Low', message: 'The ticket a phone opens.' });
      // Filing the ticket (the helpdesk's write, its mail) took over 5 s on a loaded CI machine.
      await expect(page).toHaveURL(/\/support\/tickets$/, { timeout: 20_000 });
      await waitForHydration(page);
      await ticketRow(page, subject).getByRole('button', { name: subject, exact: true }).click();
      await expect(page).toHaveURL(/\?ticket=\d+/);
      return new URL(page.url()).pathname + new URL(page.url()).search;
    },
  },
  'Manage Posts': { path: '/website/posts' },
  'New post': { path: '/website/posts/edit?new' },
  'Edit post': { path: async (page) => `/website/posts/edit?id=${await createPost(page.request, uniqueTitle('E2E phone post'))}` },
  'Manage Pages': { path: '/website/pages' },
  'New page': { path: '/website/pages/edit?new' },
  'Edit page': { path: (page) => firstLink(page, '/website/pages', 'tbody a[href*="/website/pages/edit?id="]') },
  'Manage Galleries': { path: '/website/galleries' },
  'New gallery': { path: '/website/galleries/new' },
  'Edit gallery': { path: async (page) => `/website/galleries/edit?id=${await createGallery(page.request, uniqueTitle('E2E phone gallery'))}` },
  'Website: Manage Staff List': { path: '/website/managestaff' },
  'Website: New Staff': { path: '/website/managestaff/edit' },
  'Not available (a product the school lacks)': { path: '/website/posts', user: 'nosite' },
  'Page not found': { path: '/no-such-page' },
  // The public site, signed out.
  'Public site: home': { path: '/sites/demo.school', user: null },
  'Public site: a post': { path: (page) => firstLink(page, '/sites/demo.school', 'a[href^="/sites/demo.school/posts/"]'), user: null },
  'Public site: a page': { path: (page) => firstLink(page, '/sites/demo.school', 'nav a[href^="/sites/demo.school/"]:not([href*="/posts/"])'), user: null },
  'Public site: staff directory': { path: '/sites/demo.school/directory/staff', user: null },
  'Public site: newsletter sign-up': { path: '/sites/demo.school/newsletter', user: null },
  'Unsubscribe': { path: async (page) => (await aSend(page)).unsubscribe, user: null },
  // Signed out.
  'Sign in': { path: '/login', user: null },
  'Sign in, refused': {
    path: async (page) => {
      await page.goto('/login');
      await page.getByLabel('Email').fill('nobody@demo.school');
      await page.getByLabel('Password').fill('not the password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      return '';
    },
    user: null,
  },
  'Forgot password': { path: '/forgot-password', user: null },
  'Reset password, a used link': { path: '/reset-password/no-such-token', user: null },
  'Welcome, a used link': { path: '/welcome/no-such-token', user: null },
};

/**
 * Elements meant to scroll sideways inside the page on a phone: the editor's toolbar (one row of
 * buttons that scrolls inside itself, issue 29 §1). Any other inner sideways scroller is reported.
 */
const SIDEWAYS_BY_DESIGN = '.editor-toolbar__tools';

/** What is wrong with the layout of one document: a sideways scroll, and each element cut off. */
function layoutProblemsIn(frame: Frame): Promise<string[]> {
  return frame.evaluate(({ byDesign }) => {
    const problems: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    const nameOf = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.classList.length ? `.${Array.from(el.classList).join('.')}` : ''}`;
    if (root.scrollWidth > root.clientWidth + 1) {
      // Named by the innermost elements that reach past the right edge, to say what to fix.
      // (an element past the edge, or one whose text runs past its own box: a long word or address).
      const past = (el: Element) => el.getBoundingClientRect().right > root.clientWidth + 1 || el.getBoundingClientRect().left + el.scrollWidth > root.clientWidth + 1;
      const culprits = Array.from(document.body.querySelectorAll('*'))
        .filter((el) => past(el) && !Array.from(el.children).some(past))
        .slice(0, 3)
        .map(nameOf);
      problems.push(`the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth}): ${culprits.join(', ')}`);
    }
    const unchecked = new Set(['INPUT', 'TEXTAREA', 'SELECT', 'IFRAME', 'IMG', 'SVG', 'CANVAS', 'VIDEO', 'svg']);
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      if (unchecked.has(el.tagName)) continue;
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      // Not drawn, or drawn for screen readers only (visually-hidden's 1 px box).
      if (box.width <= 2 || box.height <= 2 || style.visibility === 'hidden') continue;
      const scrolls = (style.overflowX === 'auto' || style.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1;
      if (scrolls && !el.matches(byDesign)) problems.push(`${nameOf(el)} scrolls sideways inside the page (${el.scrollWidth} > ${el.clientWidth})`);
      const kind = el.tagName === 'TD' || el.tagName === 'TH' || el.tagName === 'BUTTON' || el.tagName === 'LABEL' || el.matches('.btn, .badge');
      const hides = style.overflowX === 'hidden' || style.overflowX === 'clip';
      if (!kind && !hides) continue;
      if (style.textOverflow === 'ellipsis') continue; // cut on purpose, with its ellipsis
      if (el.scrollWidth > el.clientWidth + 1) {
        problems.push(`${nameOf(el)} "${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}" is cut off (${el.scrollWidth} > ${el.clientWidth})`);
      }
    }
    return problems;
  }, { byDesign: SIDEWAYS_BY_DESIGN });
}

/** The page's problems, and those of the helpdesk's frames it shows (the portal's own pages). */
async function layoutProblems(page: Page): Promise<string[]> {
  const problems = await layoutProblemsIn(page.mainFrame());
  for (const frame of page.frames()) {
    if (frame === page.mainFrame() || !new URL(frame.url(), 'http://x').pathname.startsWith('/helpdesk/')) continue;
    problems.push(...(await layoutProblemsIn(frame)).map((problem) => `${new URL(frame.url()).pathname}: ${problem}`));
  }
  return problems;
}

for (const [name, screen] of Object.entries(SCREENS)) {
  test.describe(name, () => {
    const user = screen.user === undefined ? 'admin' : screen.user;
    test.use({ storageState: user ? storageStatePath(user) : { cookies: [], origins: [] } });

    test(`${name} at 390×844: nothing scrolls sideways or is cut off`, async ({ page }) => {
      const address = typeof screen.path === 'string' ? screen.path : await screen.path(page);
      // '' : the screen is where the path's steps left the page.
      if (address) await page.goto(address);
      await waitForHydration(page);
      // Fonts and late layout (a frame sized to its content) settle before measuring.
      await page.evaluate(() => document.fonts.ready);
      await expect.poll(() => layoutProblems(page), { message: address || page.url() }).toEqual([]);
    });
  });
}

const TOURS_DIR = path.join(ROOT, 'src/modules/support/client/islands/tours');
const TOURS: Tour[] = fs
  .readdirSync(TOURS_DIR)
  .filter((file) => file.endsWith('.json'))
  .map((file) => tourSchema.parse(JSON.parse(fs.readFileSync(path.join(TOURS_DIR, file), 'utf8'))));

test.describe('guided tours', () => {
  test.use({ storageState: storageStatePath('admin') });

  for (const tour of TOURS) {
    test(`the ${tour.area} tour at 390×844: every step's bubble is inside the viewport, nothing in it cut off`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto('/support/help');
      await page.getByRole('button', { name: `Start tour: ${tour.title}` }).click();
      const titles = [tour.title, ...tour.steps.map((step) => step.title)];
      for (const [i, title] of titles.entries()) {
        const bubble = page.getByRole('dialog', { name: title, exact: true });
        await expect(bubble, `step ${i + 1}`).toBeVisible({ timeout: 15_000 });
        await expect(bubble, `step ${i + 1}: ${title}`).toBeInViewport({ ratio: 1 });
        const box = (await bubble.boundingBox())!;
        expect(box.x, title).toBeGreaterThanOrEqual(0);
        expect(box.y, title).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, title).toBeLessThanOrEqual(PHONE.width + 0.5);
        expect(box.y + box.height, title).toBeLessThanOrEqual(PHONE.height + 0.5);
        const cut = (await layoutProblems(page)).filter((problem) => problem.includes('hopscotch') || problem.includes('sideways'));
        expect(cut, title).toEqual([]);
        await bubble.getByRole('button', { name: i === titles.length - 1 ? 'Done' : 'Next' }).click();
      }
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  }
});
