import type { ExpressionBuilder, ExpressionWrapper, SqlBool } from 'kysely';
import { lockInTransaction, type Db } from '../db';
import type { Database } from '../db/schema';

/** Sign-in failures allowed per email and per client address within the window. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

/**
 * Failures of one email in a day, from every address together, after which its attempts are
 * slowed: each waits until LOGIN_SLOW_SECONDS after the email's latest failure. A new address
 * always gets one guess (see `reserveLoginAttempt`), so without this an attacker with many
 * addresses (IPv6) would guess without end; slowed, never locked, the owner still gets in.
 */
export const LOGIN_DAILY_EMAIL_LIMIT = 100;
export const LOGIN_DAY_SECONDS = 24 * 60 * 60;
export const LOGIN_SLOW_SECONDS = 10;

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

type Eb = ExpressionBuilder<Database, never>;
type Condition = ExpressionWrapper<Database, never, SqlBool>;

/**
 * Whether `count` or more failures match since `since`: whether the count-th newest exists, so
 * the index is read for `count` rows at most, however many an attacked email has.
 */
function atLeast(eb: Eb, where: Partial<LoginKey>, since: number, count: number): Condition {
  let query = eb.selectFrom('login_failures').select('id').where('at', '>', since);
  if (where.email !== undefined) query = query.where('email', '=', where.email);
  if (where.ip !== undefined) query = query.where('ip', '=', where.ip);
  return eb.exists(query.orderBy('at', 'desc').limit(1).offset(count - 1));
}

/**
 * The 15-minute limits. The per-address limit holds for every attempt. The per-email limit holds
 * only for addresses that have themselves failed for this email in the window: otherwise anyone
 * knowing a staff email could keep its owner locked out with a few wrong passwords. An address
 * over the email's limit that has not failed yet gets its password checked, once: its attempt is
 * recorded and puts that address under the limit too, so guessing still stops after one try per
 * address.
 */
function underWindowLimits(eb: Eb, { email, ip }: LoginKey, now: number): Condition {
  const since = now - LOGIN_WINDOW_SECONDS;
  return eb.and([
    eb.not(atLeast(eb, { ip }, since, LOGIN_FAILURE_LIMIT)),
    eb.or([eb.not(atLeast(eb, { email }, since, LOGIN_FAILURE_LIMIT)), eb.not(atLeast(eb, { email, ip }, since, 1))]),
  ]);
}

/** The daily cap: under it, or the email's latest failure is LOGIN_SLOW_SECONDS old. */
function notSlowed(eb: Eb, email: string, now: number): Condition {
  return eb.or([
    eb.not(atLeast(eb, { email }, now - LOGIN_DAY_SECONDS, LOGIN_DAILY_EMAIL_LIMIT)),
    eb.not(atLeast(eb, { email }, now - LOGIN_SLOW_SECONDS, 1)),
  ]);
}

/** An attempt whose password may be checked (`id`: its row), or why it may not. */
export type LoginReservation = { id: number } | { refused: 'limited' | 'slowed' };

/**
 * Claims the right to check one password, before it is checked: the attempt is recorded as a
 * failure at once (a right password then clears it, see `clearLoginFailures`), in one statement
 * that inserts the row only while the limits allow it. A burst of attempts therefore gets no more
 * checks than the limits, however many arrive together: SQLite runs one writing statement at a
 * time, and on PostgreSQL (where READ COMMITTED would let concurrent statements count the same
 * rows) attempts sharing an address or an email take turns on advisory locks, the address's
 * first, so two attempts can never each hold what the other waits for.
 */
export async function reserveLoginAttempt(db: Db, key: LoginKey, now: number): Promise<LoginReservation> {
  const k = loginKey(key);
  return db.transaction().execute(async (trx) => {
    await lockInTransaction(trx, `login-ip:${k.ip}`);
    await lockInTransaction(trx, `login-email:${k.email}`);
    const reserved = await trx
      .insertInto('login_failures')
      .columns(['email', 'ip', 'at'])
      .expression(
        trx
          // Typed casts: PostgreSQL gives a bare parameter in a select list the type text.
          .selectNoFrom((s) => [
            s.cast<string>(s.val(k.email), 'varchar(320)').as('email'),
            s.cast<string>(s.val(k.ip), 'varchar(64)').as('ip'),
            s.cast<number>(s.val(now), 'bigint').as('at'),
          ])
          .where((w) => w.and([underWindowLimits(w, k, now), notSlowed(w, k.email, now)])),
      )
      .returning('id')
      .executeTakeFirst();
    if (reserved) return { id: Number(reserved.id) };
    const why = await trx.selectNoFrom((eb) => underWindowLimits(eb, k, now).as('open')).executeTakeFirstOrThrow();
    return { refused: why.open ? 'slowed' : 'limited' };
  });
}

/** An attempt whose password was not checked after all (the server was busy): it counts for nothing. */
export async function releaseLoginAttempt(db: Db, id: number): Promise<void> {
  await db.deleteFrom('login_failures').where('id', '=', id).execute();
}

/**
 * After a correct password, forgets this address's failures for the email (the owner's typos,
 * and this attempt's own reservation), not other addresses': an attacker's count must not
 * restart each time the owner signs in.
 */
export async function clearLoginFailures(db: Db, key: LoginKey): Promise<void> {
  const { email, ip } = loginKey(key);
  await db.deleteFrom('login_failures').where('email', '=', email).where('ip', '=', ip).execute();
}

/** The schedule's upkeep: failures older than the daily count's day only ever answer "not limited". */
export async function purgeOldLoginFailures(db: Db, now: number): Promise<void> {
  await db.deleteFrom('login_failures').where('at', '<=', now - LOGIN_DAY_SECONDS).execute();
}
