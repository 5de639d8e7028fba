import crypto from 'node:crypto';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { PASSWORD, dataDir, type TestUser } from './support/env';
import { expectSignedInAs } from './support/fixtures';
import { seriousViolations, toast, waitForHydration } from './support/website-lists';
import { openDatabase, type Db } from '../../src/platform/db';
import { addUser, createSchool } from '../../src/modules/account/server/service';
import type { Products } from '../../src/lib/contract/shell';
import { FIELDS_REQUIRED, LAST_USER } from '../../src/modules/account/rules';

/**
 * Account > Manage Users as staff meet it, each test on a school of its own (made in the server's
 * database): authorising a colleague (the invitation read from the e2e server's outbox: it has no
 * MAIL_URL), who accepts in another browser and is signed out the moment they are unauthorised;
 * the last row's refusal; another school's address invited as any other, its owner alone told on
 * the welcome page that it has an account; removing yourself (asked twice; never the last user); and 'Forgot
 * password?'.
 */
let db: Db;
const NO_PRODUCTS: Products = { hapara: false, newsletter: false, builder: false, website: false, app: false };

test.beforeAll(() => {
  db = openDatabase(path.join(dataDir(), 'portal.db'));
});
test.afterAll(async () => {
  await db.destroy();
});

function word(): string {
  return crypto.randomBytes(4).toString('hex');
}

/** A new school (no products: Manage Users needs none) and its users, made in the e2e server's database as the operator's commands would. */
async function newSchool(users: number): Promise<{ label: string; name: string; users: TestUser[] }> {
  const id = word();
  const label = `users-${id}.school`;
  const name = `Users School ${id}`;
  await createSchool(db, { label, name, products: NO_PRODUCTS }, now());
  const made = Array.from({ length: users }, (_, i): TestUser => ({ school: label, email: `staff${i + 1}@${label}`, name: `Staff Member ${i + 1}` }));
  for (const user of made) await addStaff(label, user);
  return { label, name, users: made };
}

function addStaff(label: string, user: TestUser): Promise<unknown> {
  return addUser(db, { label, email: user.email, name: user.name, password: PASSWORD }, now());
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

async function signIn(request: APIRequestContext, user: TestUser, password = PASSWORD): Promise<void> {
  const res = await request.post('/api/login', { data: { email: user.email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The newest link to `page` mailed to `email` (the worker delivers into the outbox within a second or so). */
async function mailedLink(email: string, page: '/welcome/' | '/reset-password/'): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const rows = await db.selectFrom('mail_outbox').select('text').where('recipients', '=', email).orderBy('id', 'desc').execute();
        const text = rows.find((row) => row.text?.includes(page))?.text ?? '';
        link = new RegExp(`https?://\\S+${page}[A-Za-z0-9_-]+`).exec(text)?.[0] ?? '';
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return link;
}

async function openUsers(page: Page): Promise<Locator> {
  await page.goto('/account/users');
  await waitForHydration(page);
  return page.getByRole('table', { name: 'Authorised users' });
}

function rowOf(table: Locator, email: string): Locator {
  return table.locator(`tbody tr[data-email="${email}"]`);
}

async function unauthorise(table: Locator, email: string): Promise<void> {
  await rowOf(table, email)
    .getByRole('button', { name: `Unauthorise ${email}` })
    .click();
}

test.describe('Manage Users', () => {
  test('authorises a colleague, who accepts in another browser and is signed out at once when unauthorised', async ({ page, browser }) => {
    const school = await newSchool(1);
    const [me] = school.users as [TestUser];
    await signIn(page.request, me);
    const table = await openUsers(page);
    await expect(rowOf(table, me.email)).toContainText('(you)');
    expect(await seriousViolations(page)).toEqual([]);

    const email = `ina.${word()}@example.org`;
    await page.getByLabel('Email of the user to authorise').fill(email);
    await page.getByLabel('Name of the user to authorise').fill('Ina Vitee');
    await page.getByRole('button', { name: 'Authorise', exact: true }).click();
    await expect(toast(page, 'User Added!')).toBeVisible();
    await expect(rowOf(table, email)).toContainText('Ina Vitee');
    await expect(rowOf(table, email)).toContainText('Invited');
    await expect(page.getByLabel('Email of the user to authorise')).toHaveValue('');

    // The invitee, in a browser of their own.
    const link = await mailedLink(email, '/welcome/');
    const invitee = await browser.newContext();
    const welcome = await invitee.newPage();
    expect((await welcome.goto(link))?.status()).toBe(200);
    await expect(welcome.getByRole('heading', { name: `Welcome to ${school.name}` })).toBeVisible();
    expect(await seriousViolations(welcome)).toEqual([]);
    await welcome.getByLabel('New password', { exact: true }).fill('Ina-password-1');
    await welcome.getByLabel('Type the new password again').fill('Ina-password-2');
    await welcome.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(welcome.getByRole('alert')).toHaveText('The two passwords are not the same.');
    expect(await seriousViolations(welcome)).toEqual([]);
    await welcome.getByLabel('New password', { exact: true }).fill('Ina-password-1');
    await welcome.getByLabel('Type the new password again').fill('Ina-password-1');
    await welcome.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(welcome).toHaveURL(/\/home$/);
    await expectSignedInAs(welcome, { school: school.label, email, name: 'Ina Vitee' });
    // The link worked once.
    expect((await welcome.goto(link))?.status()).toBe(404);
    await expect(welcome.getByRole('heading', { name: 'This invitation link is not valid' })).toBeVisible();

    await page.reload();
    await waitForHydration(page);
    await expect(rowOf(table, email)).toContainText('Active');

    // Unauthorising asks first.
    await unauthorise(table, email);
    const dialog = page.getByRole('dialog', { name: `Unauthorise ${email}?` });
    await expect(dialog).toContainText('Ina Vitee will be signed out at once');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Unauthorise', exact: true }).click();
    await expect(toast(page, 'User Deleted!')).toBeVisible();
    await expect(rowOf(table, email)).toHaveCount(0);

    // The colleague's session has ended.
    await welcome.goto('/home');
    await expect(welcome).toHaveURL(/\/login/);
    await invitee.close();
  });

  test("the last row says what is wrong with a field left empty; another school's address is invited as any other, and only its owner learns it has an account", async ({ page, browser }) => {
    const school = await newSchool(1);
    const elsewhere = (await newSchool(1)).users[0]!;
    await signIn(page.request, school.users[0]!);
    const table = await openUsers(page);
    const email = page.getByLabel('Email of the user to authorise');
    const name = page.getByLabel('Name of the user to authorise');
    const problem = page.locator('.card-footer [role="alert"]');

    await name.fill('Somebody');
    await name.press('Enter');
    await expect(problem).toHaveText(FIELDS_REQUIRED);
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page)).toEqual([]);

    await email.fill(elsewhere.email);
    await page.getByRole('button', { name: 'Authorise', exact: true }).click();
    await expect(toast(page, 'User Added!')).toBeVisible();
    await expect(problem).toHaveCount(0);
    await expect(rowOf(table, elsewhere.email)).toContainText('Invited');

    const owner = await browser.newContext();
    const welcome = await owner.newPage();
    expect((await welcome.goto(await mailedLink(elsewhere.email, '/welcome/')))?.status()).toBe(409);
    await expect(welcome.getByRole('heading', { name: 'This address already has a Staff Portal account' })).toBeVisible();
    await expect(welcome.locator('#link-problem')).toContainText(`if you also need to work for ${school.name}`);
    expect(await seriousViolations(welcome)).toEqual([]);
    await owner.close();
    // Their account is as it was.
    await signIn(page.request, elsewhere);
  });

  test('removing yourself asks twice and signs you out; the last user cannot be removed', async ({ page }) => {
    const school = await newSchool(2);
    const [me, colleague] = school.users as [TestUser, TestUser];
    await signIn(page.request, me);
    let table = await openUsers(page);
    await unauthorise(table, colleague.email);
    await page.getByRole('dialog').getByRole('button', { name: 'Unauthorise', exact: true }).click();
    await expect(rowOf(table, colleague.email)).toHaveCount(0);

    const removeMyself = async () => {
      await unauthorise(table, me.email);
      const first = page.getByRole('dialog', { name: 'Unauthorise yourself?' });
      await expect(first).toContainText('You will be signed out at once');
      await first.getByRole('button', { name: 'Continue' }).click();
      const second = page.getByRole('dialog', { name: 'Are you sure?' });
      await expect(second.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await second.getByRole('button', { name: 'Unauthorise me' }).click();
    };

    // Alone: refused, and still signed in.
    await removeMyself();
    await expect(toast(page, LAST_USER)).toBeVisible();
    await expect(rowOf(table, me.email)).toHaveCount(1);

    await addStaff(school.label, colleague);
    table = await openUsers(page);
    await removeMyself();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe('Forgot password?', () => {
  test('emails a link that sets a new password, signs out every other session and signs in', async ({ page, browser }) => {
    const school = await newSchool(1);
    const [me] = school.users as [TestUser];
    // Signed in elsewhere (another device).
    const laptop = await browser.newContext();
    await signIn(laptop.request, me);
    const laptopPage = await laptop.newPage();
    await laptopPage.goto('/home');
    await expect(laptopPage).toHaveURL(/\/home$/);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Email').fill(me.email);
    await page.getByRole('button', { name: 'Email me a reset link' }).click();
    await expect(page.getByRole('status')).toContainText(`If an account uses ${me.email}, we have sent it a link`);
    expect(await seriousViolations(page)).toEqual([]);

    const link = await mailedLink(me.email, '/reset-password/');
    expect((await page.goto(link))?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('New password', { exact: true }).fill('A-new-password-9');
    await page.getByLabel('Type the new password again').fill('A-new-password-9');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expectSignedInAs(page, me);

    // Every other session ended; the link is used; the new password signs in.
    await laptopPage.goto('/home');
    await expect(laptopPage).toHaveURL(/\/login/);
    expect((await laptopPage.goto(link))?.status()).toBe(404);
    await expect(laptopPage.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
    expect((await laptop.request.post('/api/login', { data: { email: me.email, password: PASSWORD } })).status()).toBe(401);
    await signIn(laptop.request, me, 'A-new-password-9');
    await laptop.close();
  });

  test('answers an address nobody uses exactly as one in use', async ({ page }) => {
    const email = `nobody.${word()}@example.org`;
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a reset link' }).click();
    await expect(page.getByRole('status')).toContainText(`If an account uses ${email}, we have sent it a link`);
  });
});
