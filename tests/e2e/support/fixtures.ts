import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, type TestUser } from './env';

/** Signs in through the /login form, as a person would. */
export async function signInWithForm(page: Page, email: string, password: string = PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the API; the session cookie lands in the page's browser context. */
export async function signInWithApi(request: APIRequestContext, user: TestUser): Promise<void> {
  const res = await request.post('/api/login', { data: { email: user.email, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The header's user button names the signed-in user and their school. */
export async function expectSignedInAs(page: Page, user: TestUser): Promise<void> {
  const userButton = page.locator('#user-menu-button');
  await expect(userButton).toContainText(user.name);
  await expect(userButton).toContainText(user.school);
}

/** Paths of /api calls the page makes from now on (fetches included). */
export function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (req) => {
    const { pathname } = new URL(req.url());
    if (pathname === '/api' || pathname.startsWith('/api/')) calls.push(`${req.method()} ${pathname}`);
  });
  return calls;
}
