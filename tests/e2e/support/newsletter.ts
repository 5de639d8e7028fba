/**
 * Helpers of the newsletter specs: sends started on the running server's database (the e2e
 * server has no MAIL_URL, so its worker delivers them into the outbox, where the specs read them).
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { openDatabase, type Db } from '../../../src/platform/db';
import { addUser, createSchool, findSchoolByLabel } from '../../../src/modules/account/server/service';
import { emailKey } from '../../../src/modules/newsletter/rules';
import { insertMember } from '../../../src/modules/newsletter/server/embedded/members/repository';
import { startSend } from '../../../src/modules/newsletter/server/embedded/sends/service';
import { ADMIN, dataDir, PASSWORD } from './env';
import type { QuotaSettings } from '../../../src/modules/newsletter/server/embedded/sends/quota';

/** The e2e server's quota settings (its environment's defaults) for sends a spec starts itself. */
export const E2E_QUOTA: QuotaSettings = { PORTAL_DAILY_SEND_QUOTA: 20_000, PORTAL_TIMEZONE: 'Europe/London' };

/** The e2e server's database (SQLite in its data folder). */
export function openNewsletterDb(): Db {
  return openDatabase(path.join(dataDir(), 'portal.db'));
}

export interface SentToMember {
  email: string;
  subject: string;
  /** The List-Unsubscribe link of the message kept in the outbox. */
  link: string;
}

/** Sends a newsletter to a new member of the demo school and waits for its message in the outbox. */
export async function sendToNewMember(db: Db, baseUrl: string): Promise<SentToMember> {
  const school = await findSchoolByLabel(db, ADMIN.school);
  if (!school) throw new Error('The demo school is missing.');
  const admin = await db.selectFrom('users').select(['id', 'email']).where('email', '=', ADMIN.email).executeTakeFirstOrThrow();
  const email = `unsub.${crypto.randomBytes(4).toString('hex')}@families.example.org`;
  const now = Math.floor(Date.now() / 1000);
  await insertMember(db, school.id, { email, key: emailKey(email), name: 'Una Subscribe', createdAt: now });
  const ctx = { db, domain: { id: school.id, label: school.label }, user: { id: Number(admin.id), email: admin.email }, now };
  const subject = `E2E newsletter ${email}`;
  await startSend(ctx, { fromName: 'Demo School', subject, html: `<p>Hello from ${email}</p>`, text: 'Hello' }, { portalOrigin: baseUrl, quota: E2E_QUOTA });
  let raw = '';
  await expect
    .poll(
      async () => {
        const row = await db.selectFrom('mail_outbox').select('raw').where('recipients', '=', email).executeTakeFirst();
        raw = row?.raw ?? '';
        return raw !== '';
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const link = /^List-Unsubscribe: <([^>]+)>/m.exec(raw.replace(/\r?\n[ \t]+/g, ' '))?.[1];
  if (!link) throw new Error('The message has no List-Unsubscribe link.');
  return { email, subject, link };
}

/**
 * A school of its own with the newsletter and the builder, its only user signed in on this page:
 * the builds it opens ("the build staff last worked on") and what it remembers touch no other spec.
 */
export async function signInToNewSchool(db: Db, page: Page, prefix = 'check'): Promise<{ email: string }> {
  const id = crypto.randomBytes(4).toString('hex');
  const now = Math.floor(Date.now() / 1000);
  const label = `${prefix}-${id}.school`;
  const products = { hapara: false, newsletter: true, builder: true, website: true, app: false };
  await createSchool(db, { label, name: `Check School ${id}`, products }, now);
  const email = `office@${label}`;
  await addUser(db, { label, email, name: 'Office', password: PASSWORD }, now);
  expect((await page.request.post('/api/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  return { email };
}
