import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db';
import type { DomainRow } from '../db/schema';
import type { Products } from '../../lib/contract/shell';
import { productsOf } from '../../lib/products';

export const SESSION_COOKIE = 'portal_session';

export interface SessionContext {
  tokenHash: string;
  user: { id: number; name: string; email: string; avatarUrl: string | null };
  domain: { id: number; label: string; name: string; products: Products };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates a session and returns the raw token for the cookie; only its hash is stored. */
export async function createSession(
  db: Db,
  input: { userId: number; domainId: number; now: number; lifetimeSeconds: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      id_hash: hashToken(token),
      user_id: input.userId,
      domain_id: input.domainId,
      created_at: input.now,
      expires_at: input.now + input.lifetimeSeconds,
    })
    .execute();
  return token;
}

export function domainFromRow(row: DomainRow): SessionContext['domain'] {
  return { id: row.id, label: row.label, name: row.name, products: productsOf(row) };
}

/** The signed-in user and school for a cookie token, or null when missing, unknown or expired. */
export async function loadSession(db: Db, token: string | undefined, now: number): Promise<SessionContext | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('domains', 'domains.id', 'sessions.domain_id')
    .select([
      'sessions.expires_at',
      'users.id as user_id',
      'users.name as user_name',
      'users.email',
      'users.avatar_url',
      'domains.id',
      'domains.label',
      'domains.name',
      'domains.hapara',
      'domains.newsletter',
      'domains.builder',
      'domains.website',
      'domains.app',
      'domains.created_at',
    ])
    .where('sessions.id_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || Number(row.expires_at) <= now) return null;
  return {
    tokenHash,
    user: { id: row.user_id, name: row.user_name, email: row.email, avatarUrl: row.avatar_url },
    domain: domainFromRow(row),
  };
}

export async function revokeSession(db: Db, tokenHash: string): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('id_hash', '=', tokenHash).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function revokeUserSessions(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function purgeExpiredSessions(db: Db, now: number): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}

/** How many sessions of the user are open besides `exceptHash` (expired ones do not count: they sign nobody in). */
export async function countOtherSessions(db: Db, userId: number, exceptHash: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('id_hash', '!=', exceptHash)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ends every session of the user but `exceptHash` (the one asking); returns how many open ones ended. */
export async function revokeOtherSessions(db: Db, userId: number, exceptHash: string, now: number): Promise<number> {
  const open = await countOtherSessions(db, userId, exceptHash, now);
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('id_hash', '!=', exceptHash).execute();
  return open;
}
