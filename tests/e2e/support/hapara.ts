/**
 * Helpers of the Learning in the Cloud specs: students made through the API (as the signed-in
 * admin of the page's context), the provider's approval through the operator command, and the
 * requester's mail read from the e2e server's outbox (the server has no MAIL_URL).
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { openDatabase, type Db } from '../../../src/platform/db';
import type { HaparaRequestKind } from '../../../src/modules/hapara/server/embedded/schema';
import { ADMIN, dataDir, runCli } from './env';

export const STUDENT_LIST = '/hapara/studentlist';

/** The e2e server's database (SQLite in its data folder). */
export function openHaparaDb(): Db {
  return openDatabase(path.join(dataDir(), 'portal.db'));
}

/**
 * A word no other test (or run) uses, made of letters only (names hold no digits): specs share
 * the demo school, so every student a spec makes carries one.
 */
export function uniqueWord(prefix: string): string {
  const letters = Array.from(crypto.randomBytes(7), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
  return `${prefix}${letters}`;
}

interface Envelope {
  success: boolean;
  isAuthFailed: boolean;
  message?: string;
}

export interface StudentRow {
  index: number | null;
  firstname: string;
  lastname: string;
  class: string;
  email: string;
  pending: 'add' | 'edit' | 'delete' | null;
}

export interface StudentForm {
  classes: Array<{ code: string; name: string }>;
  fields: string[];
}

/** The school's classes and extra fields, as the add form gets them. */
export async function studentForm(request: APIRequestContext): Promise<StudentForm> {
  const body = (await (await request.get('/api/hapara/manage/students')).json()) as Envelope & StudentForm;
  expect(body.success, body.message).toBe(true);
  return body;
}

/** A value for each extra field (e.g. a student ID of digits). */
export function extraValues(fields: readonly string[]): Record<string, string> {
  return Object.fromEntries(fields.map((field) => [field, String(crypto.randomInt(100_000, 999_999))]));
}

/** Asks for a new student through the API (listed at once as pending); returns the row the server answered. */
export async function requestStudent(request: APIRequestContext, student: { firstname: string; lastname: string; class?: string }): Promise<StudentRow> {
  const form = await studentForm(request);
  const res = await request.post('/api/hapara/manage/students/add', {
    data: {
      publicfirstname: student.firstname,
      publiclastname: student.lastname,
      class: student.class ?? form.classes[0]?.code ?? '',
      ...extraValues(form.fields),
    },
  });
  const body = (await res.json()) as Envelope & { student: StudentRow };
  expect(body.success, `add: ${res.status()} ${body.message ?? ''}`).toBe(true);
  return body.student;
}

/** The id of the pending request of this kind whose change mentions `needle` (a unique word). */
export async function pendingRequestId(db: Db, kind: HaparaRequestKind, needle: string): Promise<number> {
  let id = 0;
  await expect
    .poll(
      async () => {
        const row = await db
          .selectFrom('hapara_requests')
          .select('id')
          .where('status', '=', 'pending')
          .where('kind', '=', kind)
          .where('payload', 'like', `%${needle}%`)
          .executeTakeFirst();
        id = Number(row?.id ?? 0);
        return id;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0);
  return id;
}

/** The provider approves a request with the operator command. */
export function approveRequest(id: number): string {
  return runCli(['requests', 'approve', String(id)]);
}

/** Asks for a student and has the provider approve it: a student of the roster (with an index), made for one test. */
export async function rosterStudent(request: APIRequestContext, db: Db, student: { firstname: string; lastname: string }): Promise<StudentRow> {
  await requestStudent(request, student);
  approveRequest(await pendingRequestId(db, 'add', student.lastname));
  const res = await request.get(`/api/hapara/manage/studentlist/page?query=${encodeURIComponent(student.lastname)}`);
  const body = (await res.json()) as Envelope & { studentList: StudentRow[] };
  const row = body.studentList.find((s) => s.firstname === student.firstname && s.lastname === student.lastname);
  if (!row || row.index === null || row.pending !== null) throw new Error(`${student.firstname} ${student.lastname} is not on the roster after approval.`);
  return row;
}

/** Waits for a message to the demo school's admin (the requester) whose text or HTML mentions `needle`; returns its subject. */
export async function mailToRequester(db: Db, needle: string): Promise<string> {
  let subject = '';
  await expect
    .poll(
      async () => {
        const row = await db
          .selectFrom('mail_outbox')
          .select(['subject'])
          .where('recipients', 'like', `%${ADMIN.email}%`)
          .where((eb) => eb.or([eb('text', 'like', `%${needle}%`), eb('html', 'like', `%${needle}%`)]))
          .executeTakeFirst();
        subject = row?.subject ?? '';
        return subject !== '';
      },
      { timeout: 20_000, message: `a mail to ${ADMIN.email} about ${needle}` },
    )
    .toBe(true);
  return subject;
}

export function studentsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Students' });
}

/** The body row of the students table whose Last Name cell is `lastname` (unique words: see uniqueWord). */
export function studentRow(table: Locator, lastname: string): Locator {
  return table.locator('tbody tr').filter({ has: table.page().locator('td[data-label="Last Name"]').getByText(lastname, { exact: true }) });
}

/** Filters the list as a user does: the filter box, then Enter. */
export async function filterStudents(page: Page, query: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Filter students by name, class or email' });
  await box.fill(query);
  await box.press('Enter');
}
