/**
 * Learning in the Cloud's upstream service: the spec's hapara calls sent to the legacy backend in
 * its shapes, its answers mapped to the contract's types (what the embedded services return).
 * The legacy backend has no paged student list: the whole list is fetched (a slow call, given a
 * longer limit) and paged and filtered here, as the embedded service does in SQL.
 */
import { totalPages } from '../../../../lib/lists/paging';
import type { AddStudentRequest, SaveClassesRequest, StatusRow, StudentRow, UpdateStudentRequest } from '../../contract';
import type { ListLocation } from '../../../../lib/lists/location';
import type { PortFile } from '../../../../platform/http/port';
import { legacyEnvelope } from '../../../../platform/upstream/legacy';
import type { UpstreamScope } from '../../../../platform/upstream/client';
import { UPSTREAM_MESSAGES } from '../../../../platform/upstream/errors';
import { Refusal } from '../../../../platform/errors';
import type { ClassListScreen, StudentForm, StudentPage } from '../backend';
import {
  legacyClassesAnswer,
  legacyMaybeStudentAnswer,
  legacySaveClassesAnswer,
  legacyStatusAnswer,
  legacyStudentAnswer,
  legacyStudentFormAnswer,
  legacyStudentListAnswer,
  type LegacyStudent,
} from './legacy';

/** A waiting change as the legacy backend words it ('Pending Addition', 'Pending Change', 'Pending Deletion'). */
function pendingOf(status: string | undefined): StudentRow['pending'] {
  const word = (status ?? '').toLowerCase();
  if (!word.includes('pending')) return null;
  if (word.includes('add') || word.includes('new')) return 'add';
  if (word.includes('delet') || word.includes('remov')) return 'delete';
  return 'edit';
}

/** A legacy student as the contract's row: only its fields (extra fields and the rest are dropped). */
export function toStudentRow(student: LegacyStudent): StudentRow {
  const pending = pendingOf(student.Status);
  return {
    // A student whose addition waits for verification cannot be changed yet (as embedded).
    index: pending === 'add' ? null : (student.index ?? null),
    firstname: student['First Name'] ?? student.firstname ?? '',
    lastname: student['Last Name'] ?? student.lastname ?? '',
    class: student.Class ?? student.class ?? '',
    email: student.Email ?? student.email ?? '',
    pending,
  };
}

const byName = (a: StudentRow, b: StudentRow) => a.lastname.localeCompare(b.lastname, 'en') || a.firstname.localeCompare(b.firstname, 'en');

/** GET /api/hapara/manage/studentlist: the whole list, by last name then first name. */
export async function listAllStudents(up: UpstreamScope): Promise<StudentRow[]> {
  const answer = await up.once('hapara.studentlist', () =>
    // The spec warns the student list may take up to 30 seconds: the slow calls' limit.
    up.json({ method: 'GET', path: '/api/hapara/manage/studentlist', slow: true }, legacyStudentListAnswer),
  );
  return answer.studentList.map(toStudentRow).sort(byName);
}

/** A page of the list, filtered by name, class or email (the screen's paging), cut from the whole list. */
export async function listStudentsPage(up: UpstreamScope, location: Pick<ListLocation, 'page' | 'query'>, limit: number): Promise<StudentPage> {
  const search = location.query.trim().toLowerCase();
  const all = await listAllStudents(up);
  const found = search
    ? all.filter((row) => [`${row.firstname} ${row.lastname}`, row.class, row.email].some((text) => text.toLowerCase().includes(search)))
    : all;
  const start = (location.page - 1) * limit;
  return { studentList: found.slice(start, start + limit), total_pages: totalPages(found.length, limit), total: found.length };
}

/** GET /api/hapara/manage/students: the classes and the extra fields the add form asks for. */
export async function loadStudentForm(up: UpstreamScope): Promise<StudentForm> {
  const answer = await up.json({ method: 'GET', path: '/api/hapara/manage/students' }, legacyStudentFormAnswer);
  return {
    classes: answer.classes.map((option) => {
      const code = option.code || option.Mailbox || '';
      return { code, name: option.name || option.Name || code };
    }),
    fields: answer.fields,
  };
}

/** POST /api/hapara/manage/students/add: the legacy backend answers the new student. */
export async function addStudent(up: UpstreamScope, input: AddStudentRequest): Promise<StudentRow> {
  const answer = await up.json({ method: 'POST', path: '/api/hapara/manage/students/add', json: input }, legacyStudentAnswer);
  return toStudentRow(answer.student);
}

/** POST /api/hapara/manage/updatestudent: the row as answered, or (when the backend says nothing more) as asked, pending. */
export async function updateStudent(up: UpstreamScope, input: UpdateStudentRequest): Promise<StudentRow> {
  const answer = await up.json({ method: 'POST', path: '/api/hapara/manage/updatestudent', json: input }, legacyMaybeStudentAnswer);
  if (answer.student) return { ...toStudentRow(answer.student), index: input.index, pending: 'edit' };
  return { index: input.index, firstname: input.firstname, lastname: input.lastname, class: input.class, email: input.email, pending: 'edit' };
}

/**
 * POST /api/hapara/manage/students/delete: the row, pending deletion. The legacy backend need not
 * echo the student: then the list says who it was.
 */
export async function deleteStudent(up: UpstreamScope, index: number): Promise<StudentRow> {
  const answer = await up.json({ method: 'POST', path: '/api/hapara/manage/students/delete', json: { index } }, legacyMaybeStudentAnswer);
  const student = answer.student ? toStudentRow(answer.student) : (await listAllStudents(up)).find((row) => row.index === index);
  return {
    index,
    firstname: student?.firstname ?? '',
    lastname: student?.lastname ?? '',
    class: student?.class ?? '',
    email: student?.email ?? '',
    pending: 'delete',
  };
}

/**
 * GET /api/hapara/manage/students/download: the legacy backend's file, streamed through (never
 * held whole) with its type and name. A JSON answer instead of the file is the legacy envelope
 * (signed out, or refused): settled as a call's.
 */
export async function downloadStudents(up: UpstreamScope): Promise<PortFile> {
  const response = await up.fetch({ method: 'GET', path: '/api/hapara/manage/students/download', slow: true });
  const type = response.headers.get('Content-Type') ?? 'text/csv; charset=utf-8';
  if (type.includes('application/json') || !response.body) {
    const envelope = legacyEnvelope.safeParse(await response.json().catch(() => null));
    if (envelope.success && envelope.data.isAuthFailed) throw new Refusal(401, 'signed_out', UPSTREAM_MESSAGES.signedOut);
    throw new Refusal(502, 'upstream_failed', UPSTREAM_MESSAGES.failed);
  }
  return { body: response.body, contentType: type, disposition: response.headers.get('Content-Disposition') ?? 'attachment; filename="students.csv"' };
}

/** GET /api/hapara/manage/classes: the legacy backend suggests no teachers, and marks no class pending unless it says so. */
export async function loadClassListScreen(up: UpstreamScope): Promise<ClassListScreen> {
  const answer = await up.json({ method: 'GET', path: '/api/hapara/manage/classes' }, legacyClassesAnswer);
  return {
    classes: answer.classes.map((row) => ({
      mailbox: row.Mailbox,
      name: row.Name,
      teachers: row.Teachers,
      folders: row['Subject Folders'],
      pending: row.Pending,
    })),
    folders: answer.folders,
    teachers: [],
  };
}

/** POST /api/hapara/upload/classmanagement: the classes in the legacy shape (comma-separated teachers and folders). */
export async function saveClasses(up: UpstreamScope, input: SaveClassesRequest): Promise<{ changed: number }> {
  const classes = input.classes.map((row) => ({
    Mailbox: row.mailbox,
    Name: row.name,
    Teachers: row.teachers.join(','),
    'Subject Folders': row.folders.join(','),
  }));
  const answer = await up.json({ method: 'POST', path: '/api/hapara/upload/classmanagement', json: { classes } }, legacySaveClassesAnswer);
  // The contract's count is positive: a backend that does not count is taken to have sent them all.
  return { changed: answer.changed && answer.changed > 0 ? answer.changed : classes.length };
}

/** GET /api/hapara/status. */
export async function loadStatusScreen(up: UpstreamScope): Promise<StatusRow[]> {
  const answer = await up.json({ method: 'GET', path: '/api/hapara/status' }, legacyStatusAnswer);
  return answer.status.map((row) => ({ domain: row.domain, status: row.status, updated: row.updated }));
}
