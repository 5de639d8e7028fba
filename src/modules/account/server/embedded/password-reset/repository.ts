import type { Db } from '../../../../../platform/db';
import '../schema';

/** All SQL of 'Forgot password?'. Requests are counted across schools: the limits are per client address and per address asked for. */

export async function countResetsFromIp(db: Db, ip: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('account_password_resets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countResetsForEmail(db: Db, email: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('account_password_resets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email', '=', email)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertReset(db: Db, input: { email: string; ip: string; userId: number | null; now: number }): Promise<number> {
  const row = await db
    .insertInto('account_password_resets')
    .values({ email: input.email, ip: input.ip, user_id: input.userId, created_at: input.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export interface ResetWithUser {
  id: number;
  created_at: number;
  expires_at: number | null;
  used_at: number | null;
  user_id: number;
  email: string;
  name: string;
  domain_id: number;
  school_name: string;
}

function withUser(db: Db) {
  return db
    .selectFrom('account_password_resets as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('domains as d', 'd.id', 'u.domain_id')
    .select(['r.id', 'r.created_at', 'r.expires_at', 'r.used_at', 'u.id as user_id', 'u.email', 'u.name', 'u.domain_id', 'd.name as school_name']);
}

/** A request for a user's address, with the user (none for an unknown address, or a user since removed). */
export function findReset(db: Db, id: number): Promise<ResetWithUser | undefined> {
  return withUser(db).where('r.id', '=', id).executeTakeFirst();
}

export function findResetByTokenHash(db: Db, hash: string): Promise<ResetWithUser | undefined> {
  return withUser(db).where('r.token_hash', '=', hash).executeTakeFirst();
}

/** Keeps the hash of the link the mail job is about to send, unless the request was used up meanwhile. */
export async function storeResetToken(db: Db, id: number, hash: string, expiresAt: number): Promise<boolean> {
  const result = await db
    .updateTable('account_password_resets')
    .set({ token_hash: hash, expires_at: expiresAt })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Uses a link up; false when it already was (the same link posted twice). */
export async function useReset(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db.updateTable('account_password_resets').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Uses up every open link of a user: their password has just changed. */
export async function useUserResets(db: Db, userId: number, now: number): Promise<void> {
  await db.updateTable('account_password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

export async function purgeResets(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('account_password_resets').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
