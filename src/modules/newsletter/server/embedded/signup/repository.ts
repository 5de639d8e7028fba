import type { Db } from '../../../../../platform/db';
import '../schema';

/** All SQL of the public sign-up. Requests are scoped by their school; the rate limits count across schools by client address. */

export interface SignupRow {
  id: number;
  domain_id: number;
  email: string;
  email_key: string;
  name: string;
  site_url: string;
  created_at: number;
  confirmed_at: number | null;
}

const SIGNUP_COLUMNS = ['id', 'domain_id', 'email', 'email_key', 'name', 'site_url', 'created_at', 'confirmed_at'] as const;

export async function insertSignup(
  db: Db,
  signup: { domainId: number; email: string; key: string; name: string; ip: string; siteUrl: string; now: number },
): Promise<number> {
  const row = await db
    .insertInto('newsletter_signups')
    .values({
      domain_id: signup.domainId,
      email: signup.email,
      email_key: signup.key,
      name: signup.name,
      ip: signup.ip,
      site_url: signup.siteUrl,
      created_at: signup.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function findSignup(db: Db, id: number): Promise<SignupRow | undefined> {
  const row = await db.selectFrom('newsletter_signups').select(SIGNUP_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return {
    ...row,
    id: Number(row.id),
    domain_id: Number(row.domain_id),
    created_at: Number(row.created_at),
    confirmed_at: row.confirmed_at === null ? null : Number(row.confirmed_at),
  };
}

/** Requests made from `ip` since `since`, to any school. */
export async function countSignupsFromIp(db: Db, ip: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('newsletter_signups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Requests for the address `key` at this school since `since`: each sent it a message. */
export async function countSignupsForAddress(db: Db, domainId: number, key: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('newsletter_signups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('domain_id', '=', domainId)
    .where('email_key', '=', key)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function markConfirmed(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('newsletter_signups').set({ confirmed_at: now }).where('id', '=', id).where('confirmed_at', 'is', null).execute();
}

/**
 * The owner of the address asked to join: it comes off the suppression list (only its owner may
 * lift it) and an existing member is subscribed again. Returns whether the address is listed.
 */
export async function resubscribe(db: Db, domainId: number, key: string): Promise<boolean> {
  await db.deleteFrom('newsletter_suppressions').where('domain_id', '=', domainId).where('email_key', '=', key).execute();
  const result = await db.updateTable('newsletter_members').set({ subscribed: 1 }).where('domain_id', '=', domainId).where('email_key', '=', key).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Forgets requests made before `before`, confirmed or not. */
export async function purgeSignups(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('newsletter_signups').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
