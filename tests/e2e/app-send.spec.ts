import crypto from 'node:crypto';
import { request as playwrightRequest, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test';
import { expect, test } from './support/test';
import { dataDir, ENV_PORT, PASSWORD, runCli, storageStatePath } from './support/env';
import { freePort, startServer, type RunningServer } from './support/server';
import { createPost, rowOf, seriousViolations, setPostVisibility, toast, waitForHydration } from './support/website-lists';
import { signInWithApi } from './support/fixtures';
import { startPushService, type PushService, type TestPushSubscription } from '../factories/push-service';

/**
 * App > Send Notification, as staff and a parent meet it: the parent's browser allows
 * notifications on the school's public site (the 'Get notifications' control, its service worker
 * and manifest); staff pick a post on /app/send, check the prefilled title and message, confirm,
 * and the parent's device receives the push through a real push service (web-push-testing:
 * headless Chromium has none of its own, so the device is the push service's subscription, handed
 * to the site as the browser would); the history and the feed list it.
 *
 * A school of its own: its notifications and devices are nobody else's. A second server on the
 * same data folder takes the test push service's subscriptions (PORTAL_PUSH_SERVICES); either
 * server's job worker may push.
 */
const LABEL = `push-${crypto.randomBytes(3).toString('hex')}.school`;
const SCHOOL = 'Push Primary';
const USER = { school: LABEL, email: `office@${LABEL}`, name: 'Office Staff' };
const SENT = 'Success! Your notification is on its way to 1 device.';

let push: PushService;
let server: RunningServer;
/** The second server, which takes the test push service's subscriptions. */
let site = '';
let api: APIRequestContext;
let published = '';
let hidden = '';

async function staffContext(browser: Browser, baseURL: string | undefined): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  await signInWithApi(context.request, USER);
  return context;
}

/** What the parent's browser does once notifications are allowed: a subscription for the server's key, handed to the school's site. */
async function subscribeDevice(): Promise<TestPushSubscription> {
  const { publicKey } = (await (await fetch(`${site}/sites/${LABEL}/app/push-key`)).json()) as { publicKey: string };
  const device = await push.subscribe(publicKey);
  const res = await fetch(`${site}/sites/${LABEL}/app/subscribe`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ endpoint: device.endpoint, expirationTime: null, keys: device.keys }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return device;
}

test.describe('App > Send Notification', () => {
  test.beforeAll(async () => {
    const baseURL = `http://127.0.0.1:${process.env[ENV_PORT] ?? ''}`;
    runCli(['create-school', LABEL, '--name', SCHOOL, '--products', 'website,app']);
    runCli(['add-user', LABEL, '--email', USER.email, '--name', USER.name, '--password', PASSWORD]);
    push = await startPushService();
    const port = await freePort();
    server = await startServer({ dir: dataDir(), port, env: { PORTAL_PUSH_SERVICES: push.origin } });
    site = `http://127.0.0.1:${port}`;

    api = await playwrightRequest.newContext({ baseURL });
    await signInWithApi(api, USER);
    published = `Sports day moved ${crypto.randomBytes(2).toString('hex')}`;
    hidden = `Draft plans ${crypto.randomBytes(2).toString('hex')}`;
    await createPost(api, published, '<p>Sports day is now on <strong>Friday</strong>. Bring a hat and water.</p>');
    await setPostVisibility(api, await createPost(api, hidden, '<p>Not ready.</p>'), false);
  });

  test.afterAll(async () => {
    await api?.dispose();
    await server?.stop();
    await push?.close();
  });

  test("the school's site offers notifications: installable, its service worker registered, the browser's answer said", async ({ page, context }) => {
    await context.grantPermissions(['notifications'], { origin: site });
    const res = await page.goto(`${site}/sites/${LABEL}`);
    expect(res?.status()).toBe(200);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', `/sites/${LABEL}/app/manifest.webmanifest`);
    const manifest = (await (await fetch(`${site}/sites/${LABEL}/app/manifest.webmanifest`)).json()) as { name: string; scope: string; start_url: string };
    expect(manifest).toMatchObject({ name: SCHOOL, scope: `/sites/${LABEL}/` });
    // The installed app opens the school's home.
    expect((await fetch(`${site}${manifest.start_url}`)).status).toBe(200);

    const footer = page.getByRole('contentinfo');
    await footer.getByRole('button', { name: 'Get notifications' }).click();
    // The worker is registered for the school's whole site; headless Chromium has no push service, so subscribing fails and says so.
    await expect(footer.locator('[aria-live="polite"]')).toHaveText('Notifications could not be turned on. Please try again later.', { timeout: 15_000 });
    const worker = await page.evaluate(async (scope) => (await navigator.serviceWorker.getRegistration(scope))?.active?.scriptURL ?? null, `/sites/${LABEL}/`);
    expect(worker).toBe(`${site}/sites/${LABEL}/app/sw.js`);
    await expect(footer.getByRole('button', { name: 'Get notifications' })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('staff send a notification for a post; the device receives it, and the history and the feed list it', async ({ browser, baseURL }) => {
    const device = await subscribeDevice();
    const context = await staffContext(browser, baseURL);
    const page = await context.newPage();
    try {
      await page.goto('/app/send');
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Send Notification' })).toBeVisible();
      const row = rowOf(page.locator('#send-posts-table'), published);
      await row.getByRole('button', { name: `Send Notification: ${published}` }).click();

      const dialog = page.getByRole('dialog', { name: `Send Notification: ${published}` });
      await expect(dialog.getByLabel('Title')).toHaveValue(published);
      await expect(dialog.getByLabel('Title')).toBeFocused();
      await expect(dialog.getByLabel('Message')).toHaveValue('Sports day is now on Friday. Bring a hat and water.');
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByLabel('Title').fill('Sports day is on Friday');
      await dialog.getByRole('button', { name: 'Send Notification' }).click();

      const confirm = page.getByRole('dialog', { name: 'Send this notification?' });
      await expect(confirm).toContainText('Sports day is on Friday');
      await expect(confirm).toContainText(`opens “${published}”`);
      expect(await seriousViolations(page)).toEqual([]);
      await confirm.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(toast(page, SENT)).toBeVisible();
      await expect(confirm).toBeHidden();

      // The device gets it: signed, encrypted, decrypted by its push service.
      await expect.poll(async () => (await push.messages(device)).length, { timeout: 20_000 }).toBe(1);
      const [message] = await push.messages(device);
      expect(JSON.parse(message ?? '{}')).toMatchObject({
        title: 'Sports day is on Friday',
        body: 'Sports day is now on Friday. Bring a hat and water.',
        url: expect.stringMatching(new RegExp(`/sites/${LABEL.replace(/\./g, '\\.')}/posts/sports-day-moved-`)),
      });

      // The recent list follows it to its end.
      const recent = page.locator('#recent-notifications-table tbody tr').first();
      await expect(recent).toContainText('Sports day is on Friday');
      await expect(recent).toContainText(published);
      await expect(recent.getByRole('cell').last()).toHaveText('1 of 1 device', { timeout: 15_000 });

      await page.getByRole('link', { name: 'All sent notifications' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Sent Notifications' })).toBeVisible();
      await expect(page.locator('#notifications-table tbody tr').first()).toContainText('1 of 1 device');
      expect(await seriousViolations(page)).toEqual([]);

      const feed = (await (await fetch(`${site}/sites/${LABEL}/app/notifications.json`)).json()) as { items: Array<{ title: string; content_text: string }> };
      expect(feed.items[0]).toMatchObject({ title: 'Sports day is on Friday', content_text: 'Sports day is now on Friday. Bring a hat and water.' });
    } finally {
      await context.close();
    }
  });

  test('a hidden post cannot be sent; the form asks for both fields; Back keeps the words, Cancel sends nothing', async ({ browser, baseURL }) => {
    const context = await staffContext(browser, baseURL);
    const page = await context.newPage();
    try {
      await page.goto(`/app/send?query=${encodeURIComponent(hidden)}`);
      await waitForHydration(page);
      const draft = rowOf(page.locator('#send-posts-table'), hidden).getByRole('button', { name: `Send Notification: ${hidden}` });
      await expect(draft).toHaveAttribute('aria-disabled', 'true');
      await expect(draft).toHaveAccessibleDescription('Only a published post can be sent as a notification: it opens the post on your website.');
      await draft.click({ force: true });
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.goto(`/app/send?query=${encodeURIComponent(published)}`);
      await waitForHydration(page);
      const opener = rowOf(page.locator('#send-posts-table'), published).getByRole('button', { name: `Send Notification: ${published}` });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: `Send Notification: ${published}` });
      await dialog.getByLabel('Title').fill('   ');
      await dialog.getByRole('button', { name: 'Send Notification' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Failed! All fields must be filled in!');
      await expect(dialog.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
      await expect(dialog.getByLabel('Title')).toBeFocused();
      expect(await seriousViolations(page)).toEqual([]);

      await dialog.getByLabel('Title').fill('Changed my mind');
      // Fixed: the error goes at once, before the next try.
      await expect(dialog.getByRole('alert')).toHaveCount(0);
      await expect(dialog.getByLabel('Title')).not.toHaveAttribute('aria-invalid', 'true');
      await dialog.getByRole('button', { name: 'Send Notification' }).click();
      const confirm = page.getByRole('dialog', { name: 'Send this notification?' });
      await confirm.getByRole('button', { name: 'Back' }).click();
      await expect(dialog.getByLabel('Title')).toHaveValue('Changed my mind');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(opener).toBeFocused();
      await expect(page.locator('#recent-notifications-table')).not.toContainText('Changed my mind');
    } finally {
      await context.close();
    }
  });
});

test.describe('a school without the website', () => {
  test.use({ storageState: storageStatePath('nosite') });

  test('/app/send says notifications need the website', async ({ page }) => {
    await page.goto('/app/send');
    await expect(page.locator('#send-needs-website')).toContainText('Notifications open a post on your school’s website');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
