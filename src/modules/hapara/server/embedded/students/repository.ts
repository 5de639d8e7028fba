import type { Db } from '../../../../../platform/db';
import { containsText } from '../../../../../platform/db/search';
import '../schema';

/**
 * All SQL of the roster (`hapara_students`). Every function takes the database (or a transaction)
 * first and the school's domain id, and every query is scoped by it. A row with `pending_add = 1`
 * is an addition waiting for verification: listed (with its badge) but not part of the roster.
 */

export interface StudentRecord {
  id: number;
  first_name: string;
  last_name: string;
  class_code: string;
  email: string;
  username: string;
  /** The extra fields' values by name. */
  extra: Record<string, string>;
  pending_add: boolean;
  /** The kind of the student's pending request (edit / delete), if any. */
  pending_kind: string | null;
}

/** The lowercased text the list's filter matches: names, class and email (a tab apart, so a search does not run across them). */
export function studentSearch(student: { first_name: string; last_name: string; class_code: string; email: string }): string {
  const text = `${student.first_name} ${student.last_name}\t${student.class_code}\t${student.email}`.toLowerCase();
  return Array.from(text).slice(0, 600).join('');
}

function readExtra(json: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

function filtered(db: Db, domainId: number, search: string | undefined) {
  let query = db.selectFrom('hapara_students as s').where('s.domain_id', '=', domainId);
  if (search) query = query.where(containsText('s.search', search));
  return query;
}

function withColumns(query: ReturnType<typeof filtered>) {
  return query
    .select(['s.id', 's.first_name', 's.last_name', 's.class_code', 's.email', 's.username', 's.extra', 's.pending_add'])
    .select((eb) =>
      eb
        .selectFrom('hapara_requests as r')
        .select('r.kind')
        .whereRef('r.domain_id', '=', 's.domain_id')
        .whereRef('r.student_id', '=', 's.id')
        .where('r.status', '=', 'pending')
        .orderBy('r.id')
        .limit(1)
        .as('pending_kind'),
    )
    .orderBy('s.last_name')
    .orderBy('s.first_name')
    .orderBy('s.id');
}

type SelectedRow = {
  id: number;
  first_name: string;
  last_name: string;
  class_code: string;
  email: string;
  username: string;
  extra: string;
  pending_add: number;
  pending_kind: string | null;
};

function toRecord(row: SelectedRow): StudentRecord {
  return {
    id: Number(row.id),
    first_name: row.first_name,
    last_name: row.last_name,
    class_code: row.class_code,
    email: row.email,
    username: row.username,
    extra: readExtra(row.extra),
    pending_add: Number(row.pending_add) === 1,
    pending_kind: row.pending_kind ?? null,
  };
}

/** What a row of the list shows of a student. */
export type ListedStudent = Pick<StudentRecord, 'id' | 'first_name' | 'last_name' | 'class_code' | 'email' | 'pending_add' | 'pending_kind'>;

/**
 * Every student of the school (pending additions included), by last name, first name, id: only
 * the list's columns, and the pending kinds in one query of their own (a subquery per row costs
 * more than the rest of the read at 2,000 students).
 */
export async function listStudents(db: Db, domainId: number): Promise<ListedStudent[]> {
  const [rows, pending] = await Promise.all([
    db
      .selectFrom('hapara_students')
      .select(['id', 'first_name', 'last_name', 'class_code', 'email', 'pending_add'])
      .where('domain_id', '=', domainId)
      .orderBy('last_name')
      .orderBy('first_name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('hapara_requests')
      .select(['student_id', 'kind'])
      .where('domain_id', '=', domainId)
      .where('status', '=', 'pending')
      .where('student_id', 'is not', null)
      .orderBy('id')
      .execute(),
  ]);
  // The first pending request of a student is the one its badge names, as the page query's subquery does.
  const kinds = new Map<number, string>();
  for (const r of pending) if (r.student_id !== null && !kinds.has(Number(r.student_id))) kinds.set(Number(r.student_id), r.kind);
  return rows.map((row) => ({
    id: Number(row.id),
    first_name: row.first_name,
    last_name: row.last_name,
    class_code: row.class_code,
    email: row.email,
    pending_add: Number(row.pending_add) === 1,
    pending_kind: kinds.get(Number(row.id)) ?? null,
  }));
}

/** The approved roster only (exports, the provider's CSV), in the list's order. */
export async function listRoster(db: Db, domainId: number): Promise<StudentRecord[]> {
  return (await withColumns(filtered(db, domainId, undefined).where('s.pending_add', '=', 0)).execute()).map(toRecord);
}

/** One page of students whose search text contains `search` (lowercased). */
export async function listStudentsPage(
  db: Db,
  domainId: number,
  window: { search?: string | undefined; offset: number; limit: number },
): Promise<StudentRecord[]> {
  const rows = await withColumns(filtered(db, domainId, window.search))
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return rows.map(toRecord);
}

/** What the whole list shows, as its triggers keep it (migration 0029): its version and its students. */
export async function listVersion(db: Db, domainId: number): Promise<{ version: number; students: number }> {
  const row = await db.selectFrom('hapara_list_versions').select(['version', 'students']).where('domain_id', '=', domainId).executeTakeFirst();
  return { version: Number(row?.version ?? 0), students: Number(row?.students ?? 0) };
}

export async function countStudents(db: Db, domainId: number, search: string | undefined): Promise<number> {
  const row = await filtered(db, domainId, search)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findStudent(db: Db, domainId: number, id: number): Promise<StudentRecord | undefined> {
  const row = await withColumns(filtered(db, domainId, undefined).where('s.id', '=', id)).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** What a new username must not clash with: every username of the school and every address its students have (pending additions included). */
export interface TakenNames {
  has(username: string, email: string): boolean;
}

export async function takenNames(db: Db, domainId: number, exceptId?: number): Promise<TakenNames> {
  let query = db.selectFrom('hapara_students').select(['username', 'email']).where('domain_id', '=', domainId);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const rows = await query.execute();
  const names = new Set(rows.map((r) => r.username.toLowerCase()));
  const emails = new Set(rows.map((r) => r.email.toLowerCase()));
  return { has: (username, email) => names.has(username.toLowerCase()) || emails.has(email.toLowerCase()) };
}

export interface NewStudent {
  first_name: string;
  last_name: string;
  class_code: string;
  email: string;
  username: string;
  extra: Readonly<Record<string, string>>;
  pendingAdd: boolean;
}

function studentValues(domainId: number, student: NewStudent, now: number) {
  return {
    domain_id: domainId,
    first_name: student.first_name,
    last_name: student.last_name,
    class_code: student.class_code,
    email: student.email,
    username: student.username,
    extra: JSON.stringify(student.extra),
    search: studentSearch(student),
    pending_add: student.pendingAdd ? 1 : 0,
    created_at: now,
    updated_at: now,
  };
}

export async function insertStudent(db: Db, domainId: number, student: NewStudent, now: number): Promise<number> {
  const row = await db
    .insertInto('hapara_students')
    .values(studentValues(domainId, student, now))
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Rows per INSERT: well under both databases' limits on bound parameters (11 a row). */
const INSERT_CHUNK = 400;

/** Adds many students at once, in the order given (the demo seed; call it in a transaction). */
export async function insertStudents(db: Db, domainId: number, students: readonly NewStudent[], now: number): Promise<void> {
  for (let start = 0; start < students.length; start += INSERT_CHUNK) {
    await db
      .insertInto('hapara_students')
      .values(students.slice(start, start + INSERT_CHUNK).map((s) => studentValues(domainId, s, now)))
      .execute();
  }
}

/** Makes a pending addition part of the roster, under the username (and email) given. */
export async function confirmAddition(db: Db, domainId: number, id: number, account: { username: string; email: string }, now: number): Promise<boolean> {
  const current = await findStudent(db, domainId, id);
  if (!current) return false;
  const result = await db
    .updateTable('hapara_students')
    .set({ pending_add: 0, username: account.username, email: account.email, search: studentSearch({ ...current, email: account.email }), updated_at: now })
    .where('domain_id', '=', domainId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function updateStudent(
  db: Db,
  domainId: number,
  id: number,
  fields: { first_name: string; last_name: string; class_code: string; email: string },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('hapara_students')
    .set({ ...fields, search: studentSearch(fields), updated_at: now })
    .where('domain_id', '=', domainId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteStudent(db: Db, domainId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('hapara_students').where('domain_id', '=', domainId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The school's classes as the forms offer them, in the class list's order. */
export async function classOptions(db: Db, domainId: number): Promise<Array<{ code: string; name: string }>> {
  return db.selectFrom('hapara_classes').select(['code', 'name']).where('domain_id', '=', domainId).orderBy('position').orderBy('id').execute();
}

export async function classExists(db: Db, domainId: number, code: string): Promise<boolean> {
  const row = await db.selectFrom('hapara_classes').select('id').where('domain_id', '=', domainId).where('code', '=', code).executeTakeFirst();
  return row !== undefined;
}
