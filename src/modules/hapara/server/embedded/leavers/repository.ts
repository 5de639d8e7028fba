import type { Db } from '../../../../../platform/db';
import type { RosterStudent } from './match';
import '../schema';

/**
 * What the leavers upload reads (every query scoped by the school's domain id): the approved
 * roster with its extra fields, the class list, and the students with a request waiting.
 */

function readExtra(json: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

/** The roster a file is matched against: a pending addition (pending_add = 1) is not on it. */
export async function rosterStudents(db: Db, domainId: number): Promise<RosterStudent[]> {
  const rows = await db
    .selectFrom('hapara_students')
    .select(['id', 'first_name', 'last_name', 'class_code', 'email', 'extra'])
    .where('domain_id', '=', domainId)
    .where('pending_add', '=', 0)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    firstname: row.first_name,
    lastname: row.last_name,
    classCode: row.class_code,
    email: row.email,
    extra: readExtra(row.extra),
  }));
}

export function classesOf(db: Db, domainId: number): Promise<Array<{ code: string; name: string }>> {
  return db.selectFrom('hapara_classes').select(['code', 'name']).where('domain_id', '=', domainId).execute();
}

/** Students of the school with a request of any kind waiting for verification. */
export async function studentsWithPendingRequests(db: Db, domainId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('hapara_requests')
    .select('student_id')
    .distinct()
    .where('domain_id', '=', domainId)
    .where('status', '=', 'pending')
    .where('student_id', 'is not', null)
    .execute();
  return new Set(rows.map((row) => Number(row.student_id)));
}
