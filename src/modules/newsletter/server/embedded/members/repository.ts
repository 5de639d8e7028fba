import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../../../../platform/db/schema';
import { STOPPED_REASONS, type StoppedReason } from '../../../rules';
import { jsonRows, type Db } from '../../../../../platform/db';
import { IMPORT_ROW_COLUMNS } from './tasks';
import { containsText } from '../../../../../platform/db/search';
import { nameSearch } from './name-search';
import '../schema';

/**
 * All SQL of the mailing list. Every function takes the database (or a transaction) first and
 * the school's domain id, and every query is scoped by it. Portable SQL only.
 */

export interface MemberRow {
  id: number;
  email: string;
  name: string;
  subscribed: boolean;
  /** Suppressed because its mail bounced or it complained (not by its own unsubscribing). */
  stopped?: StoppedReason;
  created_at: number;
}

const MEMBER_COLUMNS = ['id', 'email', 'name', 'subscribed', 'created_at'] as const;

function toMember(row: { id: number; email: string; name: string; subscribed: number; created_at: number; reason?: string | null }): MemberRow {
  const { reason, ...member } = row;
  const stopped = STOPPED_REASONS.find((r) => r === reason);
  return { ...member, id: Number(row.id), subscribed: Number(row.subscribed) === 1, created_at: Number(row.created_at), ...(stopped ? { stopped } : {}) };
}

/** The member's suppression reason, as a column of a member query. */
function reasonColumn(eb: ExpressionBuilder<Database, 'newsletter_members'>) {
  return eb
    .selectFrom('newsletter_suppressions as s')
    .select('s.reason')
    .whereRef('s.domain_id', '=', 'newsletter_members.domain_id')
    .whereRef('s.email_key', '=', 'newsletter_members.email_key')
    .limit(1)
    .as('reason');
}


function filtered(db: Db, domainId: number, search: string | undefined) {
  let query = db.selectFrom('newsletter_members').where('domain_id', '=', domainId);
  if (search) query = query.where((eb) => eb.or([containsText('email_key', search), containsText('name_search', search)]));
  return query;
}

/** Every member of the school, newest first. */
export async function listMembers(db: Db, domainId: number): Promise<MemberRow[]> {
  const rows = await filtered(db, domainId, undefined).select(MEMBER_COLUMNS).select(reasonColumn).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toMember);
}

/** One page of members whose address or name contains `search` (lowercased), newest first. */
export async function listMembersPage(db: Db, domainId: number, window: { search?: string | undefined; offset: number; limit: number }): Promise<MemberRow[]> {
  const rows = await filtered(db, domainId, window.search)
    .select(MEMBER_COLUMNS)
    .select(reasonColumn)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return rows.map(toMember);
}

/** How many members match `search`; the whole list's number is the one the triggers keep (migration 0028). */
export async function countMembers(db: Db, domainId: number, search: string | undefined): Promise<number> {
  if (!search) {
    const kept = await db.selectFrom('newsletter_member_counts').select('total').where('domain_id', '=', domainId).executeTakeFirst();
    return Number(kept?.total ?? 0);
  }
  const row = await filtered(db, domainId, search).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findMemberByKey(db: Db, domainId: number, key: string): Promise<MemberRow | undefined> {
  const row = await db.selectFrom('newsletter_members').select(MEMBER_COLUMNS).where('domain_id', '=', domainId).where('email_key', '=', key).executeTakeFirst();
  return row ? toMember(row) : undefined;
}

export async function isSuppressed(db: Db, domainId: number, key: string): Promise<boolean> {
  const row = await db.selectFrom('newsletter_suppressions').select('id').where('domain_id', '=', domainId).where('email_key', '=', key).executeTakeFirst();
  return row !== undefined;
}

export async function insertMember(db: Db, domainId: number, member: { email: string; key: string; name: string; createdAt: number }): Promise<MemberRow> {
  const row = await db
    .insertInto('newsletter_members')
    .values({
      domain_id: domainId,
      email: member.email,
      email_key: member.key,
      name: member.name,
      name_search: nameSearch(member.name),
      subscribed: 1,
      created_at: member.createdAt,
    })
    .returning(MEMBER_COLUMNS)
    .executeTakeFirstOrThrow();
  return toMember(row);
}

/** Deletes the member with this address key; false when the school has none. */
export async function deleteMemberByKey(db: Db, domainId: number, key: string): Promise<boolean> {
  const result = await db.deleteFrom('newsletter_members').where('domain_id', '=', domainId).where('email_key', '=', key).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Records that an address unsubscribed: on the suppression list (kept even if staff delete the
 * member later) and the member, if listed, no longer subscribed. Doing it twice changes nothing.
 */
export async function suppress(db: Db, domainId: number, key: string, reason: string, now: number): Promise<void> {
  await db
    .insertInto('newsletter_suppressions')
    .values({ domain_id: domainId, email_key: key, reason, created_at: now })
    .onConflict((oc) => oc.columns(['domain_id', 'email_key']).doNothing())
    .execute();
  await db.updateTable('newsletter_members').set({ subscribed: 0 }).where('domain_id', '=', domainId).where('email_key', '=', key).execute();
}

/** The members a send reaches now (as `m`): subscribed and not on the suppression list. */
export function audienceOf(db: Db, domainId: number) {
  return db
    .selectFrom('newsletter_members as m')
    .where('m.domain_id', '=', domainId)
    .where('m.subscribed', '=', 1)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('newsletter_suppressions as s').select('s.id').whereRef('s.domain_id', '=', 'm.domain_id').whereRef('s.email_key', '=', 'm.email_key'))),
    );
}

/** How many members a send would reach now. */
export async function countAudience(db: Db, domainId: number): Promise<number> {
  const row = await audienceOf(db, domainId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every address key of the school's list (an import compares a whole file against them at once). */
export async function memberKeys(db: Db, domainId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('newsletter_members').select('email_key').where('domain_id', '=', domainId).execute();
  return new Set(rows.map((r) => r.email_key));
}

/** Every suppressed address key of the school. */
export async function suppressedKeys(db: Db, domainId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('newsletter_suppressions').select('email_key').where('domain_id', '=', domainId).execute();
  return new Set(rows.map((r) => r.email_key));
}

/** Rows per INSERT: well under both databases' limits on bound parameters (7 a row). */
const INSERT_CHUNK = 500;

/** Adds many subscribed members at `createdAt`, in chunks, in the order given (call it in a transaction). */
export async function insertMembers(db: Db, domainId: number, members: ReadonlyArray<{ email: string; key: string; name: string }>, createdAt: number): Promise<void> {
  for (let start = 0; start < members.length; start += INSERT_CHUNK) {
    const chunk = members.slice(start, start + INSERT_CHUNK);
    await db
      .insertInto('newsletter_members')
      .values(chunk.map((m) => ({ domain_id: domainId, email: m.email, email_key: m.key, name: m.name, name_search: nameSearch(m.name), subscribed: 1, created_at: createdAt })))
      .execute();
  }
}

/**
 * Adds the subscribed members of one import chunk (tasks.ts `ImportRow`s as a JSON array, read
 * by the database itself: db/dialect.ts `jsonRows`), skipping addresses the school lists already
 * or that unsubscribed since the import was planned. Returns how many were added.
 */
export async function insertImportChunk(db: Db, domainId: number, json: string, createdAt: number): Promise<number> {
  const j = jsonRows(db, json, IMPORT_ROW_COLUMNS);
  const result = await sql`
    insert into newsletter_members (domain_id, email, email_key, name, name_search, subscribed, created_at)
    select ${domainId}, ${j.column('email')}, ${j.column('email_key')}, ${j.column('name')}, ${j.column('name_search')}, 1, ${createdAt}
    from ${j.from}
    where not exists (select 1 from newsletter_suppressions s where s.domain_id = ${domainId} and s.email_key = ${j.column('email_key')})
    on conflict (domain_id, email_key) do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
