import type { Db } from '../db';
import './schema';

/**
 * The per-school audit log: every view and export of personal data (Learning in the Cloud's
 * students first) and every change to who may sign in (Manage Users' invitations and removals) is
 * recorded, and the school's users read it on Account > Activity Log. A module records in the
 * request that shows, exports or changes the data, so the log cannot miss one.
 */

export interface AuditEntry {
  domainId: number;
  userId: number | null;
  /** Who: the user's address. */
  actor: string;
  /** What, as a stable code: `students.export`. */
  action: string;
  /** What, as the log shows it: 'Exported 612 students as CSV.' */
  detail: string;
  now: number;
}

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      domain_id: entry.domainId,
      user_id: entry.userId,
      actor: entry.actor,
      action: entry.action,
      detail: entry.detail.slice(0, 500),
      created_at: entry.now,
    })
    .execute();
}

/** How many of the school's entries with these actions are recorded at or after `since` (the log is the limits' memory). */
export async function countAuditSince(db: Db, domainId: number, actions: readonly string[], since: number): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('domain_id', '=', domainId)
    .where('created_at', '>=', since)
    .where('action', 'in', [...actions])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface AuditRow {
  id: number;
  actor: string;
  action: string;
  detail: string;
  /** Unix seconds. */
  at: number;
}

/** A page of a school's log, newest first. */
export async function listAuditPage(
  db: Db,
  domainId: number,
  page: number,
  limit: number,
): Promise<{ entries: AuditRow[]; total: number; totalPages: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('audit_log')
      .select(['id', 'actor', 'action', 'detail', 'created_at'])
      .where('domain_id', '=', domainId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('domain_id', '=', domainId)
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return {
    entries: rows.map((r) => ({ id: r.id, actor: r.actor, action: r.action, detail: r.detail, at: Number(r.created_at) })),
    total,
    totalPages: Math.max(1, Math.ceil(total / limit)),
  };
}

/** How long the log keeps an entry: two school years, then it goes (the log itself names people). */
export const AUDIT_KEEP_DAYS = 730;

export async function purgeOldAudit(db: Db, now: number): Promise<void> {
  await db
    .deleteFrom('audit_log')
    .where('created_at', '<', now - AUDIT_KEEP_DAYS * 24 * 60 * 60)
    .execute();
}
