import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db';
import './schema';

/**
 * Signed tokens for links that work without a sign-in (preview links, unsubscribe links, sign-up
 * confirmations): an HMAC-SHA256 over the purpose and the token's parts, keyed by that purpose's
 * key. The keys live in the database (`server_secrets`), made on first use: every instance on
 * the database signs alike, and nothing needs configuring.
 */

const NAME = /^[a-z][a-z0-9-]{0,49}$/;
const keys = new WeakMap<Db, Map<string, Promise<string>>>();

const newSigningKey = (): string => randomBytes(32).toString('base64url');

async function loadOrCreate(db: Db, name: string, now: number, make: () => string): Promise<string> {
  const kept = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
  if (kept) return kept.value;
  // Two instances may make the key at once: the first insert wins, both read the winner.
  await db
    .insertInto('server_secrets')
    .values({ name, value: make(), created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

/** The signing key of a purpose (read once per database handle; made when missing). */
export function secretKey(db: Db, name: string): Promise<string> {
  return storedSecret(db, name, newSigningKey);
}

/**
 * A secret other than a signing key, kept the same way (e.g. the app's VAPID key pair, as JSON):
 * made by `make` when the database has none (two instances making one at once: the first stored
 * wins, both read it), kept across restarts. Read once per database handle; never sent to a
 * browser or a log.
 */
export function storedSecret(db: Db, name: string, make: () => string): Promise<string> {
  if (!NAME.test(name)) throw new Error(`Secret names are lowercase words joined by hyphens: "${name}"`);
  let byName = keys.get(db);
  if (!byName) {
    byName = new Map();
    keys.set(db, byName);
  }
  let key = byName.get(name);
  if (!key) {
    key = loadOrCreate(db, name, Math.floor(Date.now() / 1000), make);
    byName.set(name, key);
    key.catch(() => byName.delete(name));
  }
  return key;
}

function mac(key: string, purpose: string, parts: readonly (string | number)[]): string {
  // Parts are joined with a character none of them may hold, so ('a:b', 'c') never signs as ('a', 'b:c').
  return createHmac('sha256', key).update([purpose, ...parts.map(String)].join('\n')).digest('base64url');
}

/** The signature of `parts` for `purpose` (43 base64url characters). */
export async function sign(db: Db, purpose: string, parts: readonly (string | number)[]): Promise<string> {
  for (const part of parts) if (String(part).includes('\n')) throw new Error('A signed part cannot contain a line break.');
  return mac(await secretKey(db, purpose), purpose, parts);
}

/** True when `signature` is `sign(purpose, parts)`'s, compared in constant time. */
export async function verify(db: Db, purpose: string, parts: readonly (string | number)[], signature: string): Promise<boolean> {
  if (parts.some((part) => String(part).includes('\n'))) return false;
  const expected = Buffer.from(mac(await secretKey(db, purpose), purpose, parts));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
