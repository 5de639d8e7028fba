import crypto from 'node:crypto';
import { expect, test } from './support/test';
import { PASSWORD, storageStatePath } from './support/env';
import type { Db } from '../../src/platform/db';
import { addUser, createSchool } from '../../src/modules/account/server/service';
import { schoolContext } from '../../src/platform/context';
import { emailKey } from '../../src/modules/newsletter/rules';
import { insertMember } from '../../src/modules/newsletter/server/embedded/members/repository';
import { setDailyLimit } from '../../src/modules/newsletter/server/embedded/sends/quota';
import { startSend } from '../../src/modules/newsletter/server/embedded/sends/service';
import { seriousViolations, waitForHydration } from './support/website-lists';
import { E2E_QUOTA, openNewsletterDb } from './support/newsletter';

/**
 * The daily send quota on the send screens: a school with under a tenth of its quota left is told
 * 'N of M emails left today' in the first HTML of Simple Newsletter, the builder's Send tab and
 * the builder's send form (its test form says nothing: tests do not count); a school with room
 * sees no notice. The school is made in the e2e server's database, its quota set as the
 * operator's `quota set` does, and 19 of its 20 emails used by a send.
 */
test.use({ storageState: { cookies: [], origins: [] } });

const NOTICE = '1 of 20 emails left today';
let db: Db;
test.beforeAll(() => {
  db = openNewsletterDb();
});
test.afterAll(async () => {
  await db.destroy();
});

async function nearlyFullSchool(): Promise<{ email: string }> {
  const id = crypto.randomBytes(4).toString('hex');
  const now = Math.floor(Date.now() / 1000);
  const label = `quota-${id}.school`;
  const products = { hapara: false, newsletter: true, builder: true, website: true, app: false };
  const school = await createSchool(db, { label, name: `Quota School ${id}`, products }, now);
  const user = await addUser(db, { label, email: `office@${label}`, name: 'Office', password: PASSWORD }, now);
  const ctx = schoolContext(db, school, now);
  await setDailyLimit(ctx, 20);
  for (let i = 0; i < 19; i += 1) {
    const email = `parent${i}@${label}`;
    await insertMember(db, school.id, { email, key: emailKey(email), name: 'A Parent', createdAt: now });
  }
  await startSend({ ...ctx, user: { id: user.id, email: user.email } }, { fromName: 'Office', subject: 'News', html: '<p>News</p>', text: 'News' }, { portalOrigin: 'http://localhost', quota: E2E_QUOTA });
  return { email: user.email };
}

test('a school near its daily quota is told on every send screen, in the first HTML; one with room is not', async ({ page, browser }) => {
  const { email } = await nearlyFullSchool();
  const signedIn = await page.request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(signedIn.status()).toBe(200);

  for (const path of ['/newsletter/send/simple', '/newsletter/send/builder']) {
    expect(await (await page.request.get(path)).text(), path).toContain(NOTICE);
  }

  await page.goto('/newsletter/send/simple');
  await expect(page.getByRole('note').filter({ hasText: NOTICE })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/newsletter/send/builder');
  await waitForHydration(page);
  await page.getByRole('tab', { name: '3 Send' }).click();
  await expect(page.getByRole('tabpanel').getByRole('note').filter({ hasText: NOTICE })).toBeVisible();
  await page.getByRole('link', { name: 'Send newsletter' }).click();
  await expect(page).toHaveURL(/\/newsletter\/send\/builder\/confirm\?id=\d+$/);
  await expect(page.getByRole('note').filter({ hasText: NOTICE })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(`${page.url()}&test=1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Send Test Email' })).toBeVisible();
  await expect(page.getByText(NOTICE)).toHaveCount(0);

  // The demo school has room: no notice.
  const admin = await browser.newContext({ storageState: storageStatePath('admin') });
  const html = await (await admin.request.get('/newsletter/send/simple')).text();
  expect(html).toContain('Simple Newsletter');
  expect(html).not.toContain('emails left today');
  await admin.close();
});
