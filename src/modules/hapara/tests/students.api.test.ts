import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addStudentResponseSchema,
  ALREADY_PENDING,
  deleteStudentResponseSchema,
  FIELDS_REQUIRED,
  INVALID_NAME,
  INVALID_STUDENT_EMAIL,
  STUDENT_NOT_FOUND,
  studentFormResponseSchema,
  studentListResponseSchema,
  studentPageResponseSchema,
  UNKNOWN_CLASS,
  updateStudentResponseSchema,
  type StudentRow,
} from '../contract';
import { HAPARA_ENDPOINTS, STUDENTS_DOWNLOAD_PATH } from '../calls';
import { MESSAGES } from '../../../platform/http/envelope';
import { failureSchema } from '../../../lib/contract/envelope';
import { writeSettings } from '../server/embedded/settings';
import { insertStudents, type NewStudent } from '../server/embedded/students/repository';
import { loadStudentListScreen } from '../server/screens';
import { embeddedHaparaBackend } from '../server/embedded/backend';
import { seedDemoHapara } from '../server/embedded/seed';
import { NAME_PATTERN, USERNAME_PATTERN } from '../rules';
import { bodyOf, createTestSchool, failure, get, postJson, signedInUser, useTestContext, type TestContext, type TestSchool } from '../../../../tests/factories';

/**
 * The student list's calls (spec section 7, Learning in the Cloud `manage/*`) on a real database,
 * both kinds: reads recorded in the audit log, changes filed as requests (nothing in the roster
 * changes until the provider approves), every validation text, and the CSV export.
 */
const E = HAPARA_ENDPOINTS;
const FIELD = 'Student ID';

interface Staff {
  school: TestSchool;
  cookie: string;
  user: { id: number; email: string };
}

function student(first: string, last: string, classCode: string, id: string, mailDomain: string): NewStudent {
  const username = `${first}.${last}`.toLowerCase().replace(/[^a-z0-9.]/g, '');
  return { first_name: first, last_name: last, class_code: classCode, email: `${username}@${mailDomain}`, username, extra: { [FIELD]: id }, pendingAdd: false };
}

/** A school with Learning in the Cloud: its settings, classes 7A/7B/8C and the students given. */
async function haparaSchool(ctx: TestContext, students: (mailDomain: string) => NewStudent[] = () => []): Promise<Staff> {
  const { school, cookie, user } = await signedInUser(ctx, { hapara: true });
  const mailDomain = `students.${school.label}`;
  await writeSettings(ctx.db, school.id, { mailDomain, usernameRule: '{first}.{last}{yy}', fields: [FIELD], folders: ['*', 'English'] });
  await ctx.db
    .insertInto('hapara_classes')
    .values(
      [
        ['7A', 'Year 7 Aroha'],
        ['7B', 'Year 7 Börk'],
        ['8C', 'Year 8 Kōwhai'],
      ].map(([code, name], position) => ({ domain_id: school.id, code: code!, name: name!, teachers: '["t.one"]', folders: '["*"]', position })),
    )
    .execute();
  await insertStudents(ctx.db, school.id, students(mailDomain), ctx.clock.now);
  const row = await ctx.db.selectFrom('users').select(['id', 'email']).where('email', '=', user.email).executeTakeFirstOrThrow();
  return { school, cookie, user: { id: Number(row.id), email: row.email } };
}

const ROSTER = (domain: string) => [
  student('Aroha', 'Ngata', '7A', '10001', domain),
  student('Zoë', 'O’Brien-Pōmare', '7B', '10002', domain),
  student('Tama', 'Parata', '8C', '10003', domain),
  student('Amelia', 'Ngata', '7B', '10004', domain),
];

describe('hapara: the student list', () => {
  const ctx = useTestContext();
  let staff: Staff;
  let other: Staff;
  let withoutHapara = '';

  beforeAll(async () => {
    staff = await haparaSchool(ctx(), ROSTER);
    other = await haparaSchool(ctx(), (domain) => [student('Other', 'School', '7A', '20001', domain)]);
    ({ cookie: withoutHapara } = await signedInUser(ctx(), { website: true }));
  });

  async function list(s: Staff = staff): Promise<StudentRow[]> {
    const res = await get(ctx().app, E.studentList.path, { cookie: s.cookie });
    expect(res.status).toBe(200);
    return studentListResponseSchema.parse(await bodyOf(res)).studentList;
  }

  async function auditOf(s: Staff) {
    return ctx().db.selectFrom('audit_log').select(['user_id', 'actor', 'action', 'detail']).where('domain_id', '=', s.school.id).orderBy('id').execute();
  }

  async function requestsOf(s: Staff) {
    return ctx()
      .db.selectFrom('hapara_requests')
      .select(['kind', 'student_id', 'payload', 'status', 'requester_email'])
      .where('domain_id', '=', s.school.id)
      .orderBy('id')
      .execute();
  }

  async function rosterOf(s: Staff) {
    return ctx().db.selectFrom('hapara_students').selectAll().where('domain_id', '=', s.school.id).orderBy('id').execute();
  }

  const addBody = (over: Record<string, unknown> = {}) => ({ publicfirstname: 'Mānaia', publiclastname: 'Te Whata', class: '8C', [FIELD]: '10999', ...over });

  describe('reading', () => {
    it('lists the whole list by last name then first name, Unicode kept, and records the view', async () => {
      const s = await haparaSchool(ctx(), ROSTER);
      const rows = await list(s);
      expect(rows.map((r) => [r.lastname, r.firstname, r.class])).toEqual([
        ['Ngata', 'Amelia', '7B'],
        ['Ngata', 'Aroha', '7A'],
        ['O’Brien-Pōmare', 'Zoë', '7B'],
        ['Parata', 'Tama', '8C'],
      ]);
      expect(rows[2]).toEqual({
        index: expect.any(Number),
        firstname: 'Zoë',
        lastname: 'O’Brien-Pōmare',
        class: '7B',
        email: `zo.obrienpmare@students.${s.school.label}`,
        pending: null,
      });
      expect(await auditOf(s)).toEqual([
        { user_id: s.user.id, actor: s.user.email, action: 'students.list', detail: 'Viewed the whole student list (4 students).' },
      ]);
    });

    it('pages 10 at a time and filters by name, class or email, case-insensitively, recording each view', async () => {
      const s = await haparaSchool(ctx(), (domain) =>
        Array.from({ length: 23 }, (_, i) => student(`Pupil`, `Surname${String(i + 1).padStart(2, '0')}`, i % 2 ? '7A' : '8C', String(30000 + i), domain)),
      );
      const page = async (query: string) => {
        const res = await get(ctx().app, `${E.studentPage.path}?${query}`, { cookie: s.cookie });
        expect(res.status).toBe(200);
        return studentPageResponseSchema.parse(await bodyOf(res));
      };
      const first = await page('page=1');
      expect([first.total, first.total_pages, first.studentList.length]).toEqual([23, 3, 10]);
      expect(first.studentList[0]?.lastname).toBe('Surname01');
      expect((await page('page=3')).studentList.map((r) => r.lastname)).toEqual(['Surname21', 'Surname22', 'Surname23']);
      expect((await page('query=SURNAME1')).total).toBe(10);
      expect((await page('query=8c')).total).toBe(12);
      expect((await page(`query=${encodeURIComponent(`@STUDENTS.${s.school.label}`)}`)).total).toBe(23);
      expect((await page('query=pupil%20surname05')).studentList.map((r) => r.lastname)).toEqual(['Surname05']);
      expect((await page('query=100%25')).total).toBe(0);
      const empty = await page('query=nobody');
      expect([empty.total, empty.total_pages, empty.studentList]).toEqual([0, 1, []]);
      const views = (await auditOf(s)).filter((e) => e.action === 'students.page');
      expect(views).toHaveLength(8);
      expect(views[0]?.detail).toBe('Viewed page 1 of the student list (10 students shown of 23).');
      expect(views[3]?.detail).toBe('Viewed page 1 of the student list filtered by “8c” (10 students shown of 12).');
    });

    it('refuses a bad page or limit clearly', async () => {
      for (const query of ['page=0', 'page=x', 'limit=0']) {
        const res = await get(ctx().app, `${E.studentPage.path}?${query}`, { cookie: staff.cookie });
        expect((await failure(res)).status, query).toBe(400);
      }
    });

    it('gives the add form the school’s classes, in order, and its extra fields', async () => {
      const res = await get(ctx().app, E.studentForm.path, { cookie: staff.cookie });
      expect(studentFormResponseSchema.parse(await bodyOf(res))).toEqual({
        success: true,
        isAuthFailed: false,
        classes: [
          { code: '7A', name: 'Year 7 Aroha' },
          { code: '7B', name: 'Year 7 Börk' },
          { code: '8C', name: 'Year 8 Kōwhai' },
        ],
        fields: [FIELD],
      });
    });

    it('loads the screen’s first page with its form, recorded as a view', async () => {
      const s = await haparaSchool(ctx(), ROSTER);
      const screen = await loadStudentListScreen(
        embeddedHaparaBackend({ db: ctx().db, domain: { id: s.school.id, label: s.school.label }, user: s.user, now: ctx().clock.now }),
        { page: 1, query: 'ngata' },
      );
      expect(screen.students.total).toBe(2);
      expect(screen.students.studentList.map((r) => r.firstname)).toEqual(['Amelia', 'Aroha']);
      expect(screen.classes.map((c) => c.code)).toEqual(['7A', '7B', '8C']);
      expect(screen.fields).toEqual([FIELD]);
      expect((await auditOf(s)).map((e) => [e.action, e.detail])).toEqual([
        ['students.page', 'Viewed page 1 of the student list filtered by “ngata” (2 students shown of 2).'],
      ]);
    });
  });

  describe('adding', () => {
    it('files an addition: listed at once with its badge and no index, username and email from the rule, Unicode kept', async () => {
      const s = await haparaSchool(ctx(), ROSTER);
      const res = await postJson(ctx().app, E.addStudent.path, addBody({ publicfirstname: '  Ātaahua ', publiclastname: 'D’Arcy-Ngāwhika' }), s.cookie);
      expect(res.status).toBe(200);
      const row = addStudentResponseSchema.parse(await bodyOf(res)).student;
      const year = String(new Date(ctx().clock.now * 1000).getUTCFullYear() % 100).padStart(2, '0');
      expect(row).toEqual({
        index: null,
        firstname: 'Ātaahua',
        lastname: 'D’Arcy-Ngāwhika',
        class: '8C',
        email: `ataahua.darcyngawhika${year}@students.${s.school.label}`,
        pending: 'add',
      });
      expect((await list(s)).find((r) => r.firstname === 'Ātaahua')).toEqual(row);
      const [request] = await requestsOf(s);
      expect(request).toMatchObject({ kind: 'add', status: 'pending', requester_email: s.user.email });
      expect(JSON.parse(request!.payload)).toMatchObject({ firstname: 'Ātaahua', lastname: 'D’Arcy-Ngāwhika', class: '8C', extra: { [FIELD]: '10999' } });
      const stored = (await rosterOf(s)).find((r) => r.first_name === 'Ātaahua');
      expect(stored).toMatchObject({ pending_add: 1, extra: JSON.stringify({ [FIELD]: '10999' }) });
      expect(Number(request!.student_id)).toBe(Number(stored!.id));
    });

    it('adds a number to a username already taken, by the roster or by a pending addition', async () => {
      const s = await haparaSchool(ctx(), ROSTER);
      const emails: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await postJson(
          ctx().app,
          E.addStudent.path,
          addBody({ publicfirstname: 'Kiri', publiclastname: 'Walker', [FIELD]: String(11000 + i) }),
          s.cookie,
        );
        emails.push(addStudentResponseSchema.parse(await bodyOf(res)).student.email.split('@')[0]!);
      }
      const base = emails[0]!;
      expect(emails).toEqual([base, `${base}2`, `${base}3`]);
    });

    it('refuses an empty or missing field (the extra field too) with the spec’s text, and changes nothing', async () => {
      const s = await haparaSchool(ctx(), ROSTER);
      const before = await rosterOf(s);
      const cases: Record<string, unknown>[] = [
        addBody({ publicfirstname: '' }),
        addBody({ publicfirstname: '   ' }),
        addBody({ publiclastname: '' }),
        addBody({ class: '' }),
        addBody({ [FIELD]: '' }),
        addBody({ [FIELD]: '  ' }),
        { publicfirstname: 'Kiri', publiclastname: 'Walker', class: '7A' },
        { publiclastname: 'Walker', class: '7A', [FIELD]: '1' },
        { publicfirstname: 'Kiri', class: '7A', [FIELD]: '1' },
        { publicfirstname: 'Kiri', publiclastname: 'Walker', [FIELD]: '1' },
      ];
      for (const body of cases) {
        expect(await failure(await postJson(ctx().app, E.addStudent.path, body, s.cookie)), JSON.stringify(body)).toEqual({
          status: 400,
          message: FIELDS_REQUIRED,
          isAuthFailed: false,
        });
      }
      // Each names the form field it is about (the form marks it), the schema's and the service's alike.
      const bad: [Record<string, unknown>, string, string | undefined][] = [
        [addBody({ publicfirstname: 'K1ri' }), `publicfirstname: ${INVALID_NAME}`, 'publicfirstname'],
        [addBody({ publicfirstname: 'K'.repeat(101) }), 'publicfirstname: The first name can be at most 100 characters.', 'publicfirstname'],
        [addBody({ publiclastname: '<script>' }), `publiclastname: ${INVALID_NAME}`, 'publiclastname'],
        [addBody({ publicfirstname: 'Kiri\r\nBcc: x@example.org' }), 'publicfirstname: The first name cannot contain line breaks or control characters.', 'publicfirstname'],
        [addBody({ class: '9Z' }), UNKNOWN_CLASS, 'class'],
        [addBody({ class: '7a' }), UNKNOWN_CLASS, 'class'],
        [addBody({ Nickname: 'K' }), 'Nickname: this field is not one of your school’s student fields.', undefined],
      ];
      for (const [body, message, field] of bad) {
        const res = await postJson(ctx().app, E.addStudent.path, body, s.cookie);
        expect({ status: res.status, ...failureSchema.parse(await bodyOf(res)) }, JSON.stringify(body)).toEqual({
          status: 400,
          success: false,
          message,
          isAuthFailed: false,
          code: field === undefined ? 'unknown_field' : field === 'class' ? 'unknown_class' : 'invalid',
          ...(field === undefined ? {} : { field }),
        });
      }
      expect(await rosterOf(s)).toEqual(before);
      expect(await requestsOf(s)).toEqual([]);
    });
  });

  describe('editing and deleting', () => {
    async function indexOf(s: Staff, first: string): Promise<number> {
      const row = (await list(s)).find((r) => r.firstname === first);
      if (row?.index == null) throw new Error(`No ${first} on the roster.`);
      return row.index;
    }

    const editBody = (index: number, over: Record<string, unknown> = {}) => ({
      firstname: 'Aroha',
      lastname: 'Ngata-Smith',
      class: '7B',
      email: 'aroha@students.example.org',
      index,
      ...over,
    });

    it('files an edit: the roster keeps the current details, the row shows the badge', async () => {
      const s = await haparaSchool(ctx(), ROSTER);
      const index = await indexOf(s, 'Aroha');
      const before = await rosterOf(s);
      const res = await postJson(ctx().app, E.updateStudent.path, editBody(index), s.cookie);
      expect(res.status).toBe(200);
      const row = updateStudentResponseSchema.parse(await bodyOf(res)).student;
      expect(row).toMatchObject({ index, firstname: 'Aroha', lastname: 'Ngata', class: '7A', pending: 'edit' });
      expect((await list(s)).find((r) => r.index === index)?.pending).toBe('edit');
      expect(await rosterOf(s)).toEqual(before);
      const [request] = await requestsOf(s);
      expect(request).toMatchObject({ kind: 'edit', student_id: index, status: 'pending' });
      expect(JSON.parse(request!.payload)).toMatchObject({ firstname: 'Aroha', lastname: 'Ngata-Smith', class: '7B', email: 'aroha@students.example.org' });
    });

    it('refuses a second change of a student whose change waits (409), edit or delete', async () => {
      const s = await haparaSchool(ctx(), ROSTER);
      const index = await indexOf(s, 'Tama');
      expect((await postJson(ctx().app, E.deleteStudent.path, { index }, s.cookie)).status).toBe(200);
      for (const [path, body] of [
        [E.updateStudent.path, editBody(index)],
        [E.deleteStudent.path, { index }],
      ] as const) {
        expect(await failure(await postJson(ctx().app, path, body, s.cookie))).toEqual({ status: 409, message: ALREADY_PENDING, isAuthFailed: false });
      }
      expect(await requestsOf(s)).toHaveLength(1);
    });

    it('files a deletion: the student stays listed with the badge until the provider approves', async () => {
      const s = await haparaSchool(ctx(), ROSTER);
      const index = await indexOf(s, 'Zoë');
      const res = await postJson(ctx().app, E.deleteStudent.path, { index }, s.cookie);
      expect(deleteStudentResponseSchema.parse(await bodyOf(res)).student).toMatchObject({ index, firstname: 'Zoë', pending: 'delete' });
      expect((await list(s)).find((r) => r.index === index)).toMatchObject({ lastname: 'O’Brien-Pōmare', pending: 'delete' });
      expect(await rosterOf(s)).toHaveLength(4);
    });

    it('refuses each empty field, a bad name or email and an unknown class, changing nothing', async () => {
      const s = await haparaSchool(ctx(), ROSTER);
      const index = await indexOf(s, 'Amelia');
      const cases: [Record<string, unknown>, string][] = [
        [editBody(index, { firstname: '' }), FIELDS_REQUIRED],
        [editBody(index, { lastname: ' ' }), FIELDS_REQUIRED],
        [editBody(index, { class: '' }), FIELDS_REQUIRED],
        [editBody(index, { email: '' }), FIELDS_REQUIRED],
        [editBody(index, { firstname: undefined }), FIELDS_REQUIRED],
        [editBody(index, { email: 'not-an-address' }), INVALID_STUDENT_EMAIL],
        [editBody(index, { email: 'two@@example.org' }), INVALID_STUDENT_EMAIL],
        [editBody(index, { lastname: 'Ngata 2' }), `lastname: ${INVALID_NAME}`],
        [editBody(index, { class: 'Nowhere' }), UNKNOWN_CLASS],
        [editBody(index, { index: 'x' }), 'index: id must be a number.'],
        [editBody(index, { index: -1 }), 'index: id must be positive.'],
      ];
      for (const [body, message] of cases) {
        expect(await failure(await postJson(ctx().app, E.updateStudent.path, body, s.cookie)), JSON.stringify(body)).toEqual({
          status: 400,
          message,
          isAuthFailed: false,
        });
      }
      expect(await failure(await postJson(ctx().app, E.deleteStudent.path, {}, s.cookie))).toMatchObject({ status: 400 });
      expect(await requestsOf(s)).toEqual([]);
    });

    it('answers 404 for an index that is not a student of the school: unknown, another school’s, or a pending addition', async () => {
      const s = await haparaSchool(ctx(), ROSTER);
      const theirs = (await list(other))[0]!.index!;
      await postJson(ctx().app, E.addStudent.path, addBody(), s.cookie);
      const pendingRow = (await rosterOf(s)).find((r) => r.pending_add === 1)!;
      for (const index of [999_999_999, theirs, Number(pendingRow.id)]) {
        for (const [path, body] of [
          [E.updateStudent.path, editBody(index)],
          [E.deleteStudent.path, { index }],
        ] as const) {
          expect(await failure(await postJson(ctx().app, path, body, s.cookie)), `${path} ${index}`).toEqual({
            status: 404,
            message: STUDENT_NOT_FOUND,
            isAuthFailed: false,
          });
        }
      }
      expect(await requestsOf(other)).toEqual([]);
      expect((await requestsOf(s)).map((r) => r.kind)).toEqual(['add']);
    });
  });

  describe('Export CSV', () => {
    it('downloads the roster as a CSV for Excel: BOM, CRLF, header, formulas neutralised, own school only, no pending additions', async () => {
      const s = await haparaSchool(ctx(), (domain) => [...ROSTER(domain), { ...student('Hana', 'Kereama', '8C', '=HYPERLINK("http://evil")', domain) }]);
      await postJson(ctx().app, E.addStudent.path, addBody(), s.cookie);
      const res = await get(ctx().app, STUDENTS_DOWNLOAD_PATH, { cookie: s.cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const day = new Date(ctx().clock.now * 1000).toISOString().slice(0, 10);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="students-${s.school.label}-${day}.csv"`);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes);
      expect(text.split('\r\n')[0]).toBe('First Name,Last Name,Class,Email,Username,Student ID');
      const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
      expect(rows.slice(1).map((r) => [r[0], r[1], r[2]])).toEqual([
        ['Hana', 'Kereama', '8C'],
        ['Amelia', 'Ngata', '7B'],
        ['Aroha', 'Ngata', '7A'],
        ['Zoë', 'O’Brien-Pōmare', '7B'],
        ['Tama', 'Parata', '8C'],
      ]);
      expect(rows[1]?.[5]).toBe(`'=HYPERLINK("http://evil")`);
      expect(text).not.toContain('Mānaia');
      expect(text).not.toContain('Other');
      expect((await auditOf(s)).filter((e) => e.action === 'students.export').map((e) => [e.user_id, e.actor, e.detail])).toEqual([
        [s.user.id, s.user.email, 'Exported 5 students as CSV.'],
      ]);
    });
  });

  // The download is a file the browser navigates to, not a call of the tables: call-gates.test.ts
  // walks the tables, this its one route besides them.
  describe('access to the download', () => {
    it('answers 401 with isAuthFailed when signed out, writing nothing', async () => {
      expect(await failure(await get(ctx().app, STUDENTS_DOWNLOAD_PATH))).toEqual({ status: 401, message: MESSAGES.signedOut, isAuthFailed: true });
      expect(await ctx().db.selectFrom('audit_log').select('id').where('action', 'like', 'students.%').where('user_id', 'is', null).execute()).toEqual([]);
    });

    it('answers 403 to a school without Learning in the Cloud', async () => {
      expect(await failure(await get(ctx().app, STUDENTS_DOWNLOAD_PATH, { cookie: withoutHapara }))).toEqual({
        status: 403,
        message: MESSAGES.productDisabled,
        isAuthFailed: false,
      });
    });
  });

  describe('the demo seed', () => {
    it('fills a school with 600 students in 24 classes, 30 teachers and subject folders, the same every run', async () => {
      const [one, two] = [await createTestSchool(ctx(), { products: { hapara: true } }), await createTestSchool(ctx(), { products: { hapara: true } })];
      await ctx()
        .db.transaction()
        .execute((trx) => seedDemoHapara(trx, one, ctx().clock.now));
      await ctx()
        .db.transaction()
        .execute((trx) => seedDemoHapara(trx, two, ctx().clock.now + 86_400 * 400));
      const rosterOf = (id: number) =>
        ctx()
          .db.selectFrom('hapara_students')
          .select(['first_name', 'last_name', 'class_code', 'username', 'extra', 'pending_add'])
          .where('domain_id', '=', id)
          .orderBy('id')
          .execute();
      const classesOf = (id: number) =>
        ctx().db.selectFrom('hapara_classes').select(['code', 'name', 'teachers', 'folders']).where('domain_id', '=', id).orderBy('position').execute();
      const roster = await rosterOf(one.id);
      expect(roster).toHaveLength(600);
      expect(await rosterOf(two.id)).toEqual(roster);
      const classes = await classesOf(one.id);
      expect(classes).toHaveLength(24);
      expect(await classesOf(two.id)).toEqual(classes);
      expect(classes[0]).toMatchObject({ code: '7KAH', name: 'Year 7 Kahikatea', folders: '["*"]' });
      for (const c of classes) expect((JSON.parse(c.teachers) as string[]).length).toBe(2);
      expect(new Set(roster.map((r) => r.class_code)).size).toBe(24);
      expect(await ctx().db.selectFrom('hapara_teachers').select('id').where('domain_id', '=', one.id).execute()).toHaveLength(30);
      expect(new Set(roster.map((r) => r.username)).size).toBe(600);
      const ids = roster.map((r) => (JSON.parse(r.extra) as Record<string, string>)[FIELD] ?? '');
      expect(new Set(ids).size).toBe(600);
      for (const id of ids) expect(id).toMatch(/^\d{5}$/);
      for (const r of roster) {
        expect(r.first_name).toMatch(NAME_PATTERN);
        expect(r.last_name).toMatch(NAME_PATTERN);
        expect(r.username).toMatch(USERNAME_PATTERN);
        expect(r.pending_add).toBe(0);
      }
      // Māori names with their macrons are part of it.
      expect(roster.some((r) => /[āēīōū]/i.test(`${r.first_name}${r.last_name}`))).toBe(true);
      const settings = await ctx().db.selectFrom('hapara_settings').selectAll().where('domain_id', '=', one.id).executeTakeFirstOrThrow();
      expect(settings).toMatchObject({ mail_domain: `students.${one.label}`, username_rule: '{first}.{last}{yy}', fields: JSON.stringify([FIELD]) });
      expect(JSON.parse(settings.folders)).toEqual(expect.arrayContaining(['*', 'English', 'Mathematics', 'Te Reo Māori']));
    });
  });
});
