import crypto from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { PASSWORD, runCli, storageStatePath } from './support/env';
import { recordApiCalls } from './support/fixtures';
import { makePngs, seriousViolations, toast, waitForHydration, watchErrors } from './support/website-lists';

/**
 * The staff lists (/app/managestaff, /website/managestaff and their edit screens) and the public
 * staff directory. Each test changes a list, so each works in a school of its own.
 */

const UPDATED = 'Your staff list has been updated.';
const LOAD_FAILED = 'Your staff list failed to load, please try again.';
const STALE = 'Your staff list has changed since you opened it (someone else may be editing it). Nothing was changed: please check the list and try again.';
const NAME_REQUIRED = 'Failed! Please enter a name.';
const INVALID_EMAIL = 'Failed! Please enter a valid email address, or leave Email empty.';

type Kind = 'app' | 'website';
const SCREEN: Record<Kind, string> = { app: '/app/managestaff', website: '/website/managestaff' };
const API: Record<Kind, string> = { app: '/api/app/manage/stafflist', website: '/api/website/managestaff/stafflist' };

interface Person {
  name: string;
  email?: string;
  role?: string;
  class?: string;
  section?: string;
  biography?: string;
  imageURL?: string;
}

interface Entry extends Required<Person> {
  id: number;
  index: number;
}

interface School {
  label: string;
  context: BrowserContext;
  page: Page;
  request: APIRequestContext;
}

/** A school of the test's own with the given products, and a page signed in as its user. */
async function ownSchool(browser: Browser, products = 'app,website'): Promise<School> {
  const label = `staff-${crypto.randomBytes(5).toString('hex')}.school`;
  runCli(['create-school', label, '--name', 'Kōwhai School', '--products', products]);
  runCli(['add-user', label, '--email', `head@${label}`, '--name', 'Head Teacher', '--password', PASSWORD]);
  const context = await browser.newContext();
  const res = await context.request.post('/api/login', { data: { email: `head@${label}`, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return { label, context, page: await context.newPage(), request: context.request };
}

async function listOf(request: APIRequestContext, kind: Kind): Promise<Entry[]> {
  const body = (await (await request.get(API[kind])).json()) as { success: boolean; staff: Entry[] };
  expect(body.success).toBe(true);
  return body.staff;
}

async function addPeople(request: APIRequestContext, kind: Kind, people: readonly Person[]): Promise<Entry[]> {
  for (const person of people) {
    const res = await request.post(`${API[kind]}/new`, { data: person });
    expect(res.status(), await res.text()).toBe(200);
  }
  return listOf(request, kind);
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

function staffTable(page: Page) {
  return page.getByRole('table', { name: 'Staff' });
}

function names(page: Page) {
  return staffTable(page).locator('tbody th[scope="row"]');
}

const STATUS = (page: Page) => page.getByRole('status').filter({ hasText: /^Showing|^No people/ });

test.describe('Manage Staff List', () => {
  test('the list is in the first HTML; Move up and Move down reorder it, and the public staff directory shows the new order', async ({ browser }) => {
    const school = await ownSchool(browser);
    const { page } = school;
    const people: Person[] = Array.from({ length: 12 }, (_, i) => ({
      name: `Person ${String.fromCharCode(65 + i)}`,
      email: `p${i}@example.org`,
      section: i < 2 ? 'Senior Leadership' : 'Teaching Staff',
      role: i === 0 ? 'Principal' : 'Teacher',
    }));
    await addPeople(school.request, 'website', people);
    expect(await (await school.request.get(SCREEN.website)).text()).toContain('Person J');

    const calls = recordApiCalls(page);
    const errors = watchErrors(page);
    await open(page, SCREEN.website);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage Staff List');
    await expect(staffTable(page).getByRole('columnheader')).toHaveText(['Name', 'Email', 'Order', 'Manage']);
    await expect(names(page)).toHaveText(people.slice(0, 10).map((p) => p.name));
    await expect(STATUS(page)).toHaveText('Showing 1–10 of 12 people.');
    // Never past the ends: the first row cannot go up.
    await expect(page.getByRole('button', { name: 'Move Person A up' })).toBeDisabled();
    expect(calls).toEqual([]);

    await page.getByRole('button', { name: 'Move Person C up' }).click();
    await expect(toast(page, UPDATED)).toBeVisible();
    await expect(names(page).nth(1)).toHaveText('Person C');
    await expect(names(page).nth(2)).toHaveText('Person B');
    // The moved row keeps focus, so the next press moves it again.
    await expect(page.getByRole('button', { name: 'Move Person C up' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(names(page).first()).toHaveText('Person C');
    await expect(page.getByRole('button', { name: 'Move Person C up' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Move Person C down' })).toBeFocused();

    // Page 2: the last row cannot go down; the first row's move up crosses to page 1, and the page follows it.
    await page.getByRole('navigation', { name: 'Staff pagination' }).getByRole('link', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(/\/website\/managestaff\?page=2$/);
    await expect(names(page)).toHaveText(['Person K', 'Person L']);
    await expect(page.getByRole('button', { name: 'Move Person L down' })).toBeDisabled();
    await page.getByRole('button', { name: 'Move Person K up' }).click();
    await expect(page).toHaveURL(/\/website\/managestaff$/);
    await expect(names(page).nth(9)).toHaveText('Person K');
    await expect(page.getByRole('button', { name: 'Move Person K up' })).toBeFocused();
    await page.getByRole('button', { name: 'Move Person A down' }).click();
    await expect(names(page).nth(1)).toHaveText('Person B');
    await expect(names(page).nth(2)).toHaveText('Person A');
    expect(calls.filter((c) => c.startsWith('POST')).length).toBe(4);

    // Kept: a reload shows the same order, from the server.
    await page.reload();
    await waitForHydration(page);
    await expect(names(page).first()).toHaveText('Person C');
    const order = (await listOf(school.request, 'website')).map((e) => e.name);
    expect(order.slice(0, 3)).toEqual(['Person C', 'Person B', 'Person A']);

    // The public site: its footer links the directory, which shows the list in its new order, by section.
    const site = await school.context.newPage();
    await site.goto(`/sites/${school.label}`);
    await site.getByRole('link', { name: 'Our staff' }).click();
    await expect(site).toHaveURL(new RegExp(`/sites/${school.label.replace(/\./g, '\\.')}/directory/staff$`));
    await expect(site.getByRole('heading', { level: 1 })).toHaveText('Our staff');
    await expect(site.getByRole('heading', { level: 2 })).toHaveText(['Teaching Staff', 'Senior Leadership']);
    // Sections in the order their first person comes, each person in list order.
    const sectionOf = new Map(people.map((p) => [p.name, p.section]));
    const grouped = ['Teaching Staff', 'Senior Leadership'].flatMap((section) => order.filter((name) => sectionOf.get(name) === section));
    await expect(site.getByRole('heading', { level: 3 })).toHaveText(grouped);
    // Another move shows at once (the site's kept page is renewed).
    await page.getByRole('button', { name: 'Move Person C down' }).click();
    await expect(names(page).first()).toHaveText('Person B');
    await site.reload();
    await expect(site.getByRole('heading', { level: 2 })).toHaveText(['Senior Leadership', 'Teaching Staff']);
    await expect(site.getByRole('heading', { level: 3 }).first()).toHaveText('Person B');
    expect(errors).toEqual([]);
    await school.context.close();
  });

  test('Delete asks first: Cancel keeps the person, Delete removes them', async ({ browser }) => {
    const school = await ownSchool(browser);
    const { page } = school;
    await addPeople(school.request, 'app', [{ name: 'Ana Moana' }, { name: 'Ben Carter', email: 'ben@example.org' }, { name: 'Cai Li' }]);
    await open(page, SCREEN.app);
    await page.getByRole('button', { name: 'Delete Ben Carter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this person?' });
    await expect(dialog).toContainText('Ben Carter will be removed from your app staff list.');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(names(page)).toHaveText(['Ana Moana', 'Ben Carter', 'Cai Li']);
    await page.getByRole('button', { name: 'Delete Ben Carter' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, UPDATED)).toBeVisible();
    await expect(names(page)).toHaveText(['Ana Moana', 'Cai Li']);
    await expect(STATUS(page)).toHaveText('Showing 1–2 of 2 people.');
    expect((await listOf(school.request, 'app')).map((e) => [e.name, e.index])).toEqual([
      ['Ana Moana', 0],
      ['Cai Li', 1],
    ]);
    await school.context.close();
  });

  test('a change made from an out-of-date list is refused with a clear message, and the list is loaded again', async ({ browser }) => {
    const school = await ownSchool(browser);
    const { page } = school;
    const [ana] = await addPeople(school.request, 'app', [{ name: 'Ana' }, { name: 'Ben' }, { name: 'Cai' }]);
    await open(page, SCREEN.app);
    // Someone else deletes Ana meanwhile: the screen still shows Ben second.
    const res = await school.request.post(`${API.app}/delete`, { data: { id: ana!.id, index: 0 } });
    expect(res.status()).toBe(200);
    await page.getByRole('button', { name: 'Move Ben up' }).click();
    await expect(toast(page, STALE)).toBeVisible();
    // Not applied to anyone: the list is shown as it is now, Ben first.
    await expect(names(page)).toHaveText(['Ben', 'Cai']);
    expect((await listOf(school.request, 'app')).map((e) => e.name)).toEqual(['Ben', 'Cai']);
    await school.context.close();
  });

  test('a list that fails to load says so and disables management until it loads', async ({ browser }) => {
    const school = await ownSchool(browser);
    const { page } = school;
    const [ana] = await addPeople(school.request, 'website', [{ name: 'Ana' }, { name: 'Ben' }]);
    await open(page, SCREEN.website);
    await school.request.post(`${API.website}/delete`, { data: { id: ana!.id, index: 0 } });
    // The list's own load fails (the network drops it) after the refusal asks for it again.
    await page.route(`**${API.website}`, (route) => route.abort('failed'));
    await page.getByRole('button', { name: 'Move Ben up' }).click();
    const alert = page.getByRole('alert').filter({ hasText: LOAD_FAILED });
    await expect(alert).toBeVisible();
    await expect(toast(page, LOAD_FAILED)).toBeVisible();
    await expect(page.getByRole('button', { name: 'New Staff' })).toBeDisabled();
    for (const button of await staffTable(page).getByRole('button').all()) await expect(button).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);
    await page.unroute(`**${API.website}`);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(alert).toBeHidden();
    await expect(names(page)).toHaveText(['Ben']);
    await expect(page.getByRole('link', { name: 'New Staff' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete Ben' })).toBeEnabled();
    await school.context.close();
  });

  test('has no serious or critical axe violations, on a phone without sideways scrolling', async ({ browser }) => {
    const school = await ownSchool(browser);
    const { page } = school;
    await addPeople(school.request, 'app', [{ name: 'Aroha Ngata', email: 'a.ngata@example.org' }, { name: 'Hemi Walker' }]);
    await open(page, SCREEN.app);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 800 });
    await expect(page.getByRole('button', { name: 'Move Hemi Walker up' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await school.context.close();
  });
});

test.describe('the staff edit screen', () => {
  test('New Staff and Edit Details: checks, a photo upload that fills Image URL, the Bio rule, and the list after each save', async ({ browser }) => {
    const school = await ownSchool(browser);
    const { page } = school;
    // The website list's first entry has a biography: its New Staff shows Biography.
    await addPeople(school.request, 'website', [{ name: 'Margaret Tane', biography: 'Leads the school.', section: 'Senior Leadership' }]);
    await open(page, SCREEN.website);
    await page.getByRole('link', { name: 'New Staff' }).click();
    await expect(page).toHaveURL(/\/website\/managestaff\/edit$/);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New Staff');
    for (const label of ['Name', 'Class', 'Role', 'Email', 'Image URL', 'Biography', 'Section'])
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();

    // Checked before the call: a clear message, focus on the field, what was typed kept.
    await page.getByLabel('Email', { exact: true }).fill('not-an-address');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert')).toHaveText(NAME_REQUIRED);
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Name', { exact: true }).fill('Aroha Ngata');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert')).toHaveText(INVALID_EMAIL);
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('not-an-address');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Email', { exact: true }).fill('a.ngata@example.org');
    await page.getByLabel('Class', { exact: true }).fill('Room 5');
    await page.getByLabel('Role', { exact: true }).fill('Teacher');
    await page.getByLabel('Biography', { exact: true }).fill('Teaches Year 7.\n\nLeads kapa haka.');
    await page.getByLabel('Section', { exact: true }).fill('Teaching Staff');

    // Upload photo: a real image, checked by the server, fills Image URL.
    const { dir, files } = await makePngs([{ name: 'aroha.png', colour: { r: 200, g: 120, b: 40 } }]);
    try {
      await page.getByText('Upload photo').locator('input[type="file"]').setInputFiles(files[0]!);
      await expect(page.getByLabel('Image URL', { exact: true })).toHaveValue(new RegExp(`^/uploads/${school.label.replace(/\./g, '\\.')}/[^/]+\\.png$`));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const photo = await page.getByLabel('Image URL', { exact: true }).inputValue();
    await expect(page.locator('img.staff-photo-preview')).toHaveAttribute('src', photo);
    expect((await page.request.get(photo)).headers()['content-type']).toBe('image/png');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page).toHaveURL(/\/website\/managestaff$/);
    await expect(toast(page, UPDATED)).toBeVisible();
    await expect(names(page)).toHaveText(['Margaret Tane', 'Aroha Ngata']);
    const [, aroha] = await listOf(school.request, 'website');
    expect(aroha).toMatchObject({
      name: 'Aroha Ngata',
      class: 'Room 5',
      role: 'Teacher',
      email: 'a.ngata@example.org',
      imageURL: photo,
      section: 'Teaching Staff',
    });
    expect(aroha!.biography).toBe('Teaches Year 7.\n\nLeads kapa haka.');

    // Edit Details opens the entry as saved.
    await page.getByRole('link', { name: 'Edit Details for Aroha Ngata' }).click();
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Details: Aroha Ngata');
    await expect(page.getByLabel('Role', { exact: true })).toHaveValue('Teacher');
    await page.getByLabel('Role', { exact: true }).fill('Deputy Principal');
    // Unsaved changes: leaving asks first; staying keeps them.
    await page.getByRole('link', { name: 'Cancel' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(page.getByLabel('Role', { exact: true })).toHaveValue('Deputy Principal');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, UPDATED)).toBeVisible();
    expect((await listOf(school.request, 'website'))[1]).toMatchObject({ name: 'Aroha Ngata', role: 'Deputy Principal', biography: aroha!.biography });

    // The public directory shows the photo and the biography.
    await page.goto(`/sites/${school.label}/directory/staff`);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Aroha Ngata' }) });
    await expect(card.locator('img')).toHaveAttribute('src', photo);
    await expect(card).toContainText('Deputy Principal · Room 5');
    await expect(card.locator('p', { hasText: 'Leads kapa haka.' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'a.ngata@example.org' })).toHaveAttribute('href', 'mailto:a.ngata@example.org');
    expect(await seriousViolations(page)).toEqual([]);
    await school.context.close();
  });

  test('the Bio field: hidden for a new entry when the first has no biography, and for an entry without one', async ({ browser }) => {
    const school = await ownSchool(browser);
    const { page } = school;
    const [plain] = await addPeople(school.request, 'app', [{ name: 'No Bio' }, { name: 'Has Bio', biography: 'Text.' }]);
    await open(page, `${SCREEN.app}/edit`);
    await expect(page.getByLabel('Name', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Biography', { exact: true })).toHaveCount(0);
    await open(page, `${SCREEN.app}/edit?id=${plain!.id}`);
    await expect(page.getByLabel('Biography', { exact: true })).toHaveCount(0);
    await open(page, SCREEN.app);
    await page.getByRole('link', { name: 'Edit Details for Has Bio' }).click();
    await expect(page.getByLabel('Biography', { exact: true })).toHaveValue('Text.');
    // An entry that is not on the list (deleted meanwhile): said so.
    const res = await page.goto(`${SCREEN.app}/edit?id=999999999`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('alert')).toContainText('This person is no longer on your staff list');
    expect(await seriousViolations(page)).toEqual([]);
    await school.context.close();
  });
});

test.describe('the staff edit screen, while someone else changes the list', () => {
  test('a save refused because the list changed keeps what was typed, and Save again saves it to the same person', async ({ browser }) => {
    const school = await ownSchool(browser);
    const { page } = school;
    const [ana, ben] = await addPeople(school.request, 'app', [{ name: 'Ana' }, { name: 'Ben', role: 'Teacher' }, { name: 'Cai' }]);
    await open(page, `${SCREEN.app}/edit?id=${ben!.id}`);
    await page.getByLabel('Role', { exact: true }).fill('Deputy Principal');
    // Meanwhile Ana is removed: Ben is not where the screen found him any more.
    expect((await school.request.post(`${API.app}/delete`, { data: { id: ana!.id, index: 0 } })).status()).toBe(200);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert')).toHaveText(STALE);
    await expect(page.getByLabel('Role', { exact: true })).toHaveValue('Deputy Principal');
    expect((await listOf(school.request, 'app')).map((e) => [e.name, e.role])).toEqual([
      ['Ben', 'Teacher'],
      ['Cai', ''],
    ]);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/app\/managestaff$/);
    await expect(toast(page, UPDATED)).toBeVisible();
    expect((await listOf(school.request, 'app')).map((e) => [e.name, e.role])).toEqual([
      ['Ben', 'Deputy Principal'],
      ['Cai', ''],
    ]);
    await school.context.close();
  });
});

test.describe('without the product', () => {
  test('a school without the app is told to contact its account manager or submit a ticket at /app/managestaff, and its calls are refused', async ({
    browser,
  }) => {
    const school = await ownSchool(browser, 'website');
    const { page } = school;
    const res = await page.goto(SCREEN.app);
    expect(res?.status()).toBe(403);
    const screen = page.locator('#product-unavailable');
    await expect(screen.getByRole('heading', { level: 1 })).toHaveText('App is not available for your school');
    await expect(screen).toContainText('Please contact your account manager to add App to your account, or open a support ticket');
    await expect(screen.getByRole('link', { name: 'Open a support ticket' })).toBeVisible();
    expect((await page.goto(`${SCREEN.app}/edit`))?.status()).toBe(403);
    expect((await school.request.get(API.app)).status()).toBe(403);
    expect(await seriousViolations(page)).toEqual([]);
    await school.context.close();
  });

  test.describe('a school without the website', () => {
    test.use({ storageState: storageStatePath('nosite') });
    test('cannot manage the website list', async ({ page }) => {
      expect((await page.goto(SCREEN.website))?.status()).toBe(403);
      await expect(page.locator('#product-unavailable')).toContainText('Website is not available for your school');
      expect((await page.request.get(API.website)).status()).toBe(403);
    });
  });
});

test.describe('the demo school’s staff directory', () => {
  test('shows the seeded website list by section, with photos, and has no serious or critical axe violations', async ({ page }) => {
    const res = await page.goto('/sites/demo.school/directory/staff');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('Senior Leadership');
    const photos = page.locator('img.staff-photo');
    expect(await photos.count()).toBeGreaterThan(3);
    // Every photo is there (the seed stored them as the school's uploads).
    for (const src of await photos.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src') ?? ''))) {
      expect((await page.request.get(src)).headers()['content-type'], src).toBe('image/png');
    }
    expect(await seriousViolations(page)).toEqual([]);
  });
});
