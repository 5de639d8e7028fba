import { describe, expect, it } from 'vitest';
import {
  addStudentResponseSchema,
  classesResponseSchema,
  deleteStudentResponseSchema,
  saveClassesResponseSchema,
  statusResponseSchema,
  studentFormResponseSchema,
  studentListResponseSchema,
  studentPageResponseSchema,
  updateStudentResponseSchema,
} from '../../src/modules/hapara/contract';
import { HAPARA_ENDPOINTS, STUDENTS_DOWNLOAD_PATH } from '../../src/modules/hapara/calls';
import { legacyClassesAnswer, legacyStatusAnswer, legacyStudentFormAnswer, legacyStudentListAnswer } from '../../src/modules/hapara/server/upstream/legacy';
import { toStudentRow } from '../../src/modules/hapara/server/upstream/service';
import { useUpstream } from '../factories/upstream';
import type { HaparaSlice } from '../legacy-backend/modules/hapara';
import { LEGACY_OTHER_ADMIN, LEGACY_SCHOOL } from '../legacy-backend/seed';

/**
 * Learning in the Cloud in upstream mode: each call against the reference legacy backend (the
 * contract's answer, what the backend received), malformed answers, another school's data, and
 * the legacy schemas against recorded answers in their quirky variants.
 */
const E = HAPARA_ENDPOINTS;

describe('upstream mode: Learning in the Cloud', () => {
  const up = useUpstream();
  const slice = () => {
    const school = up().backend.store.schools.get(LEGACY_SCHOOL)!;
    return school.slices.get('hapara') as HaparaSlice;
  };

  it('lists the whole student list, mapped from the spaced keys and sorted by last name', async () => {
    const res = await up().call(E.studentList.path, { cookie: up().signIn() });
    expect(res.status).toBe(200);
    const body = studentListResponseSchema.parse(await res.json());
    expect(body.studentList).toHaveLength(14);
    expect(body.studentList[0]).toEqual({ index: 9, firstname: 'Isla', lastname: 'Brown', class: 'room3', email: 'isla9@legacy.school', pending: null });
    // Extra legacy fields (Student ID, Status) never reach the browser.
    expect(Object.keys(body.studentList[0]!).sort()).toEqual(['class', 'email', 'firstname', 'index', 'lastname', 'pending']);
  });

  it('pages and filters the list itself (the legacy backend has no paged call)', async () => {
    const cookie = up().signIn();
    const page2 = studentPageResponseSchema.parse(await (await up().call(`${E.studentPage.path}?page=2&limit=10`, { cookie })).json());
    expect(page2).toMatchObject({ total: 14, total_pages: 2 });
    expect(page2.studentList).toHaveLength(4);
    const filtered = studentPageResponseSchema.parse(await (await up().call(`${E.studentPage.path}?page=1&limit=10&query=room2`, { cookie })).json());
    expect(filtered.total).toBe(5);
    expect(filtered.studentList.every((row) => row.class === 'room2')).toBe(true);
  });

  it('answers the add form: classes and the comma-separated fields as a list', async () => {
    const body = studentFormResponseSchema.parse(await (await up().call(E.studentForm.path, { cookie: up().signIn() })).json());
    expect(body.classes).toEqual([
      { code: 'room1', name: 'Room 1' },
      { code: 'room2', name: 'Room 2' },
      { code: 'room3', name: 'Room 3' },
    ]);
    expect(body.fields).toEqual(['Student ID']);
  });

  it('adds a student: the legacy payload as sent, the answer pending addition', async () => {
    const json = { publicfirstname: 'Tama', publiclastname: 'Hēnare', class: 'room2', 'Student ID': '2001' };
    const res = await up().call(E.addStudent.path, { cookie: up().signIn(), json });
    expect(res.status).toBe(200);
    const { student } = addStudentResponseSchema.parse(await res.json());
    expect(student).toMatchObject({ index: null, firstname: 'Tama', lastname: 'Hēnare', class: 'room2', pending: 'add' });
    expect(slice().requests.at(-1)).toEqual({ kind: 'add', payload: json });
    expect(slice().students.some((s) => s['First Name'] === 'Tama' && s['Student ID'] === '2001')).toBe(true);
  });

  it('passes on the legacy refusal of an add with its message', async () => {
    const res = await up().call(E.addStudent.path, {
      cookie: up().signIn(),
      json: { publicfirstname: 'Tama', publiclastname: 'Two', class: 'nowhere', 'Student ID': '1' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, isAuthFailed: false, message: 'Unknown class.' });
  });

  it('asks for an edit and a deletion: the rows come back pending', async () => {
    const cookie = up().signIn();
    const json = { firstname: 'Benjamin', lastname: 'Smith', class: 'room1', email: 'ben2@legacy.school', index: 2 };
    const edited = updateStudentResponseSchema.parse(await (await up().call(E.updateStudent.path, { cookie, json })).json());
    expect(edited.student).toMatchObject({ index: 2, pending: 'edit' });
    expect(slice().requests.at(-1)).toEqual({ kind: 'edit', payload: json });

    const deleted = deleteStudentResponseSchema.parse(await (await up().call(E.deleteStudent.path, { cookie, json: { index: 4 } })).json());
    // The legacy delete answers no student: the list says who it was.
    expect(deleted.student).toEqual({ index: 4, firstname: 'Dev', lastname: 'Patel', class: 'room1', email: 'dev4@legacy.school', pending: 'delete' });
    expect(slice().students.find((s) => s.index === '4')?.Status).toBe('Pending Deletion');
  });

  it('streams the CSV download through with the legacy type and name', async () => {
    const res = await up().call(STUDENTS_DOWNLOAD_PATH, { cookie: up().signIn() });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="students-${LEGACY_SCHOOL}.csv"`);
    const text = await res.text();
    expect(text.split('\r\n')[0]).toBe('First Name,Last Name,Class,Email,Student ID');
    expect(text).toContain('Aroha,Ngata,room1,aroha1@legacy.school,1000');
  });

  it('answers a failed download with the generic failure, never the legacy page', async () => {
    up().backend.store.faults.set(STUDENTS_DOWNLOAD_PATH, { kind: 'status', status: 500 });
    try {
      const res = await up().call(STUDENTS_DOWNLOAD_PATH, { cookie: up().signIn() });
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({ success: false, isAuthFailed: false, message: 'Failed! Please try again!' });
    } finally {
      up().backend.store.faults.delete(STUDENTS_DOWNLOAD_PATH);
    }
  });

  it('sends a signed-out download to the login (401 envelope)', async () => {
    const res = await up().call(STUDENTS_DOWNLOAD_PATH);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, isAuthFailed: true });
  });

  it('lists classes with teachers and folders split, and saves them comma-separated', async () => {
    const cookie = up().signIn();
    const list = classesResponseSchema.parse(await (await up().call(E.classes.path, { cookie })).json());
    expect(list.classes[0]).toEqual({ mailbox: 'room1', name: 'Room 1', teachers: ['j.grey', 'p.kent'], folders: ['*'], pending: false });
    expect(list.classes[2]).toMatchObject({ teachers: [], folders: [] });
    expect(list.folders).toEqual(['*', 'Maths', 'English', 'Science']);
    expect(list.teachers).toEqual([]);

    const classes = [{ mailbox: 'room2', name: 'Room Two', teachers: ['a.moana', 'b.hill'], folders: ['*', 'Maths'] }];
    const saved = saveClassesResponseSchema.parse(await (await up().call(E.saveClasses.path, { cookie, json: { classes } })).json());
    expect(saved.changed).toBe(1);
    expect(slice().classes[1]).toEqual({ Mailbox: 'room2', Name: 'Room Two', Teachers: 'a.moana,b.hill', 'Subject Folders': '*,Maths' });
  });

  it('answers the status with its date text as unix seconds', async () => {
    const body = statusResponseSchema.parse(await (await up().call(E.status.path, { cookie: up().signIn() })).json());
    expect(body.status).toHaveLength(1);
    expect(body.status[0]).toMatchObject({ domain: LEGACY_SCHOOL });
    expect(body.status[0]!.status).toMatch(/awaiting verification/);
    expect(typeof body.status[0]!.updated).toBe('number');
  });

  it('never shows another school’s students', async () => {
    const body = studentListResponseSchema.parse(await (await up().call(E.studentList.path, { cookie: up().signIn(LEGACY_OTHER_ADMIN.email) })).json());
    expect(body.studentList.some((row) => row.firstname === 'Otto')).toBe(true);
    expect(body.studentList.some((row) => row.firstname === 'Tama' || row.firstname === 'Aroha')).toBe(false);
  });

  it.each([
    [E.studentList.path, { studentList: [{ 'First Name': 'Secret', index: 'x' }] }],
    [E.classes.path, { classes: [{ Mailbox: '', Name: 'Secret' }] }],
    [E.status.path, { status: [{ domain: 'd', status: 's', updated: 'not a date' }] }],
  ])('turns a malformed answer of %s into a 502, logged without the body', async (path, body) => {
    up().backend.store.faults.set(path, { kind: 'malformed', body: { success: true, isAuthFailed: false, ...body } });
    try {
      const res = await up().call(path, { cookie: up().signIn() });
      expect(res.status).toBe(502);
      const answer = (await res.json()) as { success: boolean; isAuthFailed: boolean; message: string };
      expect(answer).toMatchObject({ success: false, isAuthFailed: false });
      expect(answer.message).toMatch(/could not read/);
      const line = up().logs.at(-1)!;
      expect(line).toContain(path);
      expect(line).not.toContain('Secret');
    } finally {
      up().backend.store.faults.delete(path);
    }
  });
});

describe('the hapara legacy schemas, on recorded answers', () => {
  it('reads students with spaced or plain keys, numbers as text, and a list keyed by index', () => {
    const answer = legacyStudentListAnswer.parse({
      success: 'true',
      studentList: {
        0: { 'First Name': 'Mere', 'Last Name': 'Kingi', Class: 7, Email: 'mere@s.nz', index: '41', Status: 'Pending Change' },
        1: { firstname: 'Sam', lastname: 'Lee', class: 'Room 9', email: null, index: 42 },
      },
    });
    expect(answer.studentList.map(toStudentRow)).toEqual([
      { index: 41, firstname: 'Mere', lastname: 'Kingi', class: '7', email: 'mere@s.nz', pending: 'edit' },
      { index: 42, firstname: 'Sam', lastname: 'Lee', class: 'Room 9', email: '', pending: null },
    ]);
  });

  it('reads a missing student list as empty and refuses a nameless student', () => {
    expect(legacyStudentListAnswer.parse({ success: 1 }).studentList).toEqual([]);
    expect(legacyStudentListAnswer.safeParse({ studentList: [{ Email: 'x@y.z', index: '1' }] }).success).toBe(false);
  });

  it('reads the fields as comma-separated text or a list, and classes by code or Mailbox', () => {
    expect(legacyStudentFormAnswer.parse({ classes: [{ Mailbox: '7A', Name: 'Year 7' }], fields: 'Student ID, NSN' }).fields).toEqual(['Student ID', 'NSN']);
    expect(legacyStudentFormAnswer.parse({ classes: [], fields: ['Student ID'] }).fields).toEqual(['Student ID']);
    expect(legacyStudentFormAnswer.parse({ classes: null }).fields).toEqual([]);
  });

  it('reads classes with comma-separated teachers and folders, flags as text, and folders as text', () => {
    const answer = legacyClassesAnswer.parse({
      classes: [{ Mailbox: 'r1', Name: 'Room 1', Teachers: ' a.b ,c.d,', 'Subject Folders': '*', Pending: '1' }],
      folders: '*,Maths',
    });
    expect(answer.classes[0]).toMatchObject({ Teachers: ['a.b', 'c.d'], 'Subject Folders': ['*'], Pending: true });
    expect(answer.folders).toEqual(['*', 'Maths']);
  });

  it('reads the status date as text, unix seconds (or milliseconds), and 0 or empty as never', () => {
    const answer = legacyStatusAnswer.parse({
      status: [
        { domain: 'a', status: 'Up to date', updated: '2024-05-01 09:30:00' },
        { domain: 'b', status: 'x', updated: '1714555800' },
        { domain: 'c', status: 'x', updated: 1714555800000 },
        { domain: 'd', status: 'x', updated: 0 },
        { domain: 'e', status: 'x', updated: '' },
        { domain: 'f', status: 'x' },
      ],
    });
    expect(answer.status.map((row) => row.updated)).toEqual([1714555800, 1714555800, 1714555800, null, null, null]);
  });
});
