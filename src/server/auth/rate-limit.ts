import type { Db } from '../db';

/** Sign-in failures allowed per email and per client address within the window. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

/** No email is longer (RFC 5321 allows 64 + 1 + 255): a longer one is still counted, by its start. */
export const MAX_EMAIL_KEY_LENGTH = 320;
/** The column's size; real addresses (IPv6 with a zone included) are far shorter. */
export const MAX_IP_KEY_LENGTH = 64;

export interface LoginKey {
  email: string;
  ip: string;
}

/**
 * The row's key whatever the caller passes: one email counts once however it is written, and a
 * megabyte-long email cannot make a megabyte-long row.
 */
export function loginKey(key: LoginKey): LoginKey {
  return { email: bounded(key.email.trim().toLowerCase(), MAX_EMAIL_KEY_LENGTH), ip: bounded(key.ip, MAX_IP_KEY_LENGTH) };
}

/** Cut to `max` UTF-16 units without leaving half a surrogate pair. */
function bounded(value: string, max: number): string {
  if (value.length <= max) return value;
  return value.slice(0, max).replace(/[\uD800-\uDBFF]$/, '');
}

async function failuresSince(db: Db, where: Partial<LoginKey>, since: number): Promise<number> {
  let query = db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('at', '>', since);
  if (where.email !== undefined) query = query.where('email', '=', where.email);
  if (where.ip !== undefined) query = query.where('ip', '=', where.ip);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Whether this attempt is refused before its password is checked.
 *
 * The per-address limit holds for every attempt. The per-email limit holds only for addresses
 * that have themselves failed for this email in the window: otherwise anyone knowing a staff
 * email could keep its owner locked out with a few wrong passwords. An address over the email's
 * limit that has not failed yet gets its password checked, once: a wrong one is recorded and
 * puts that address under the limit too, so guessing still stops after one try per address.
 */
export async function isLoginLimited(db: Db, key: LoginKey, now: number): Promise<boolean> {
  const since = now - LOGIN_WINDOW_SECONDS;
  const { email, ip } = loginKey(key);
  if ((await failuresSince(db, { ip }, since)) >= LOGIN_FAILURE_LIMIT) return true;
  if ((await failuresSince(db, { email }, since)) < LOGIN_FAILURE_LIMIT) return false;
  return (await failuresSince(db, { email, ip }, since)) > 0;
}

export async function recordLoginFailure(db: Db, key: LoginKey, now: number): Promise<void> {
  await db.insertInto('login_failures').values({ ...loginKey(key), at: now }).execute();
  // Old rows only ever answer "not limited": drop them so the table stays small.
  await db.deleteFrom('login_failures').where('at', '<=', now - LOGIN_WINDOW_SECONDS).execute();
}

/**
 * After a correct password, forgets this address's failures for the email (the owner's typos),
 * not other addresses': an attacker's count must not restart each time the owner signs in.
 */
export async function clearLoginFailures(db: Db, key: LoginKey): Promise<void> {
  const { email, ip } = loginKey(key);
  await db.deleteFrom('login_failures').where('email', '=', email).where('ip', '=', ip).execute();
}
