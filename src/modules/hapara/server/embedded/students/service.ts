import { inTransaction, type RequestContext } from '../../../../../platform/context';
import { lockInTransaction } from '../../../../../platform/db';
import { Refusal } from '../../../../../platform/errors';
import { recordAudit } from '../../../../../platform/audit';
import { totalPages } from '../../../../../lib/lists/paging';
import {
  ALREADY_PENDING,
  FIELDS_REQUIRED,
  HAPARA_PAGE_SIZE,
  STUDENT_NOT_FOUND,
  UNKNOWN_CLASS,
  type AddStudentRequest,
  type StudentRow,
  type UpdateStudentRequest,
} from '../../../contract';
import type { ListLocation } from '../../../../../lib/lists/location';
import type { StudentForm, StudentPage } from '../../backend';
import { readSettings } from '../settings';
import { makeUsername, studentEmail } from '../username';
import { insertRequest } from '../requests/repository';
import { requesterOf } from '../requests/requester';
import { studentsCsv } from './csv';
import * as repo from './repository';

/**
 * A school's student list: read (every read of student data is recorded in the school's audit
 * log), and changed only through requests that wait for the provider's verification: an
 * addition is listed at once with its badge, an edit or deletion changes nothing until approved.
 */

export function toStudentRow(record: repo.ListedStudent): StudentRow {
  const pending = record.pending_add ? 'add' : record.pending_kind === 'edit' || record.pending_kind === 'delete' ? record.pending_kind : null;
  return {
    index: record.pending_add ? null : record.id,
    firstname: record.first_name,
    lastname: record.last_name,
    class: record.class_code,
    email: record.email,
    pending,
  };
}

function searchOf(query: string | undefined): string | undefined {
  const text = query?.trim().toLowerCase();
  return text ? text : undefined;
}

function audit(ctx: RequestContext, action: 'students.list' | 'students.page' | 'students.export', detail: string): Promise<void> {
  return recordAudit(ctx.db, { domainId: ctx.domain.id, userId: ctx.user.id, actor: ctx.user.email, action, detail, now: ctx.now });
}

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;
}

/** The whole list (the spec's `studentList`), by last name, first name. Its view is recorded by `openWholeList`. */
export async function listAllStudents(ctx: RequestContext): Promise<StudentRow[]> {
  return (await repo.listStudents(ctx.db, ctx.domain.id)).map(toStudentRow);
}

/**
 * The whole list's version (its answer is kept per version: platform/http/port.ts `versioned`),
 * called on every call of it, answered from what is kept or not: where the view is recorded.
 */
export async function openWholeList(ctx: RequestContext): Promise<string> {
  const { version, students } = await repo.listVersion(ctx.db, ctx.domain.id);
  await audit(ctx, 'students.list', `Viewed the whole student list (${plural(students, 'student', 'students')}).`);
  return String(version);
}

async function pageOf(ctx: RequestContext, location: ListLocation, limit: number): Promise<StudentPage> {
  const search = searchOf(location.query);
  const [total, rows] = await Promise.all([
    repo.countStudents(ctx.db, ctx.domain.id, search),
    repo.listStudentsPage(ctx.db, ctx.domain.id, { search, offset: (location.page - 1) * limit, limit }),
  ]);
  return { studentList: rows.map(toStudentRow), total_pages: totalPages(total, limit), total };
}

function pageDetail(location: ListLocation, page: StudentPage): string {
  const filter = location.query.trim() ? ` filtered by “${Array.from(location.query.trim()).slice(0, 60).join('')}”` : '';
  return `Viewed page ${location.page} of the student list${filter} (${plural(page.studentList.length, 'student', 'students')} shown of ${page.total.toLocaleString('en-GB')}).`;
}

/** A page of the list, filtered by name, class or email (the screen's paging): recorded as a view. */
export async function listStudentsPage(ctx: RequestContext, location: ListLocation, limit = HAPARA_PAGE_SIZE): Promise<StudentPage> {
  const page = await pageOf(ctx, location, limit);
  await audit(ctx, 'students.page', pageDetail(location, page));
  return page;
}

/** The school's classes and extra fields (the spec's GET manage/students). */
export async function loadStudentForm(ctx: RequestContext): Promise<StudentForm> {
  const [classes, settings] = await Promise.all([repo.classOptions(ctx.db, ctx.domain.id), readSettings(ctx.db, ctx.domain)]);
  return { classes, fields: settings.fields };
}

/** The extra fields' values of an add payload: every field the school names, non-empty; no other key. */
function extraFields(input: AddStudentRequest, fields: readonly string[]): Record<string, string> {
  const known = new Set(['publicfirstname', 'publiclastname', 'class', ...fields]);
  const unknown = Object.keys(input).find((key) => !known.has(key));
  if (unknown !== undefined)
    throw new Refusal(400, 'unknown_field', `${Array.from(unknown).slice(0, 60).join('')}: this field is not one of your school’s student fields.`);
  const extra: Record<string, string> = {};
  for (const field of fields) {
    const value = input[field];
    if (typeof value !== 'string' || value.trim() === '') throw new Refusal(400, 'fields_required', FIELDS_REQUIRED, field);
    extra[field] = value;
  }
  return extra;
}

async function requireClass(ctx: RequestContext, code: string): Promise<void> {
  if (!(await repo.classExists(ctx.db, ctx.domain.id, code))) throw new Refusal(400, 'unknown_class', UNKNOWN_CLASS, 'class');
}

/**
 * Asks for a new student: listed at once with the 'add' badge (its username and email from the
 * school's rule), part of the roster once the provider approves.
 */
export async function addStudent(ctx: RequestContext, input: AddStudentRequest): Promise<StudentRow> {
  const settings = await readSettings(ctx.db, ctx.domain);
  const extra = extraFields(input, settings.fields);
  await requireClass(ctx, input.class);
  const user = await requesterOf(ctx);
  return inTransaction(ctx, async (trx) => {
    // Two additions at once must not pick the same username: they take turns on the school's names.
    await lockInTransaction(trx.db, `hapara-usernames:${trx.domain.id}`);
    const taken = await repo.takenNames(trx.db, trx.domain.id);
    const username = makeUsername(settings.usernameRule, { first: input.publicfirstname, last: input.publiclastname, now: trx.now, extra }, (name) =>
      taken.has(name, studentEmail(name, settings.mailDomain)),
    );
    const student = {
      first_name: input.publicfirstname,
      last_name: input.publiclastname,
      class_code: input.class,
      email: studentEmail(username, settings.mailDomain),
      username,
      extra,
      pendingAdd: true,
    };
    const id = await repo.insertStudent(trx.db, trx.domain.id, student, trx.now);
    const payload = { firstname: student.first_name, lastname: student.last_name, class: student.class_code, email: student.email, username, extra };
    await insertRequest(trx.db, { domainId: trx.domain.id, kind: 'add', studentId: id, payload, source: 'screen', user, now: trx.now });
    const row = await repo.findStudent(trx.db, trx.domain.id, id);
    return toStudentRow(row!);
  });
}

/**
 * The student a change is about, in the caller's transaction: one of the school's, on the roster
 * (a pending addition cannot be changed before it is verified), with no other change waiting.
 */
async function changeable(trx: RequestContext, index: number): Promise<repo.StudentRecord> {
  await lockInTransaction(trx.db, `hapara-student:${trx.domain.id}:${index}`);
  const student = await repo.findStudent(trx.db, trx.domain.id, index);
  if (!student || student.pending_add) throw new Refusal(404, 'student_not_found', STUDENT_NOT_FOUND);
  if (student.pending_kind !== null) throw new Refusal(409, 'already_pending', ALREADY_PENDING);
  return student;
}

async function requestChange(
  ctx: RequestContext,
  index: number,
  kind: 'edit' | 'delete',
  payloadOf: (student: repo.StudentRecord) => unknown,
): Promise<StudentRow> {
  const user = await requesterOf(ctx);
  return inTransaction(ctx, async (trx) => {
    const student = await changeable(trx, index);
    await insertRequest(trx.db, { domainId: trx.domain.id, kind, studentId: student.id, payload: payloadOf(student), source: 'screen', user, now: trx.now });
    return toStudentRow({ ...student, pending_kind: kind });
  });
}

/** Asks for a change of a student's details: the roster keeps the current ones until the provider approves. */
export async function updateStudent(ctx: RequestContext, input: UpdateStudentRequest): Promise<StudentRow> {
  await requireClass(ctx, input.class);
  return requestChange(ctx, input.index, 'edit', (student) => ({
    firstname: input.firstname,
    lastname: input.lastname,
    class: input.class,
    email: input.email,
    before: { firstname: student.first_name, lastname: student.last_name, class: student.class_code, email: student.email },
  }));
}

/** Asks for a student's deletion: the student stays listed (with the badge) until the provider approves. */
export async function deleteStudent(ctx: RequestContext, index: number): Promise<StudentRow> {
  return requestChange(ctx, index, 'delete', (student) => ({
    firstname: student.first_name,
    lastname: student.last_name,
    class: student.class_code,
    email: student.email,
  }));
}

/** The approved roster as CSV for Excel (Export CSV), with the file's name: recorded as an export. */
export async function exportStudentsCsv(ctx: RequestContext): Promise<{ csv: string; filename: string }> {
  const [students, settings] = await Promise.all([repo.listRoster(ctx.db, ctx.domain.id), readSettings(ctx.db, ctx.domain)]);
  await audit(ctx, 'students.export', `Exported ${plural(students.length, 'student', 'students')} as CSV.`);
  const day = new Date(ctx.now * 1000).toISOString().slice(0, 10);
  return { csv: studentsCsv(students, settings.fields), filename: `students-${ctx.domain.label}-${day}.csv` };
}
