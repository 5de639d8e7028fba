import { describe, expect, it } from 'vitest';
import {
  classesResponseSchema,
  CLASSES_ALREADY_PENDING,
  FIELDS_REQUIRED,
  NO_CLASS_CHANGES,
  saveClassesResponseSchema,
  type ClassEdit,
  type ClassRow,
} from '../contract';
import { applyClassChanges } from '../server/embedded/classes/repository';
import { writeSettings } from '../server/embedded/settings';
import { approveRequest, rejectRequest } from '../server/embedded/requests/service';
import { bodyOf, failure, get, post, postJson, signedInUser, type TestContext, type TestSchool, type TestUser, useTestContext } from '../../../../tests/factories';

/** The class list's calls (spec section 7: `manage/classes`, `upload/classmanagement`) on a real database, both kinds. */
const CLASSES = '/api/hapara/manage/classes';
const SAVE = '/api/hapara/upload/classmanagement';

const FOLDERS = ['*', 'English', 'Maths', 'Science', 'Te Reo Māori'];
const TEACHERS = [
  { username: 'a.smith', name: 'Anna Smith' },
  { username: 'b.jones', name: 'Ben Jones' },
  { username: 'c.ngata', name: 'Ciara Ngata' },
];
const START: ClassEdit[] = [
  { mailbox: '10ABC', name: 'Year 10 English', teachers: ['a.smith'], folders: ['English'] },
  { mailbox: '10DEF', name: 'Year 10 Maths', teachers: ['b.jones'], folders: ['Maths', 'Science'] },
  { mailbox: '9XYZ', name: 'Year 9 Form', teachers: ['a.smith', 'c.ngata'], folders: ['*'] },
];

interface HaparaSchool {
  school: TestSchool;
  user: TestUser;
  cookie: string;
}

/** A school with Learning in the Cloud, its folders, staff and classes (in START's order, the positions reversed in insertion to prove the order is position's). */
async function haparaSchool(ctx: TestContext, classes: ClassEdit[] = START): Promise<HaparaSchool> {
  const signedIn = await signedInUser(ctx, { hapara: true });
  const domainId = signedIn.school.id;
  await writeSettings(ctx.db, domainId, { mailDomain: `students.${signedIn.school.label}`, usernameRule: '{first}.{last}{yy}', fields: [], folders: FOLDERS });
  await ctx.db
    .insertInto('hapara_teachers')
    .values(TEACHERS.map((t) => ({ domain_id: domainId, ...t })))
    .execute();
  for (const [position, c] of [...classes.entries()].reverse()) {
    await ctx.db
      .insertInto('hapara_classes')
      .values({ domain_id: domainId, code: c.mailbox, name: c.name, teachers: JSON.stringify(c.teachers), folders: JSON.stringify(c.folders), position })
      .execute();
  }
  return signedIn;
}

function rowsOf(classes: ClassEdit[], pending: ReadonlySet<string> = new Set()): ClassRow[] {
  return classes.map((c) => ({ ...c, pending: pending.has(c.mailbox) }));
}

describe('hapara: the class list', () => {
  const ctx = useTestContext();

  async function list(cookie: string) {
    const res = await get(ctx().app, CLASSES, { cookie });
    expect(res.status).toBe(200);
    return classesResponseSchema.parse(await bodyOf(res));
  }

  async function roster(domainId: number): Promise<ClassEdit[]> {
    const rows = await ctx().db.selectFrom('hapara_classes').selectAll().where('domain_id', '=', domainId).orderBy('position').execute();
    return rows.map((r) => ({ mailbox: r.code, name: r.name, teachers: JSON.parse(r.teachers) as string[], folders: JSON.parse(r.folders) as string[] }));
  }

  async function requests(domainId: number) {
    const rows = await ctx().db.selectFrom('hapara_requests').selectAll().where('domain_id', '=', domainId).orderBy('id').execute();
    return rows.map((r) => ({ ...r, payload: JSON.parse(r.payload) as unknown }));
  }

  function save(cookie: string, classes: unknown): Promise<Response> {
    return postJson(ctx().app, SAVE, { classes }, cookie);
  }

  it('lists the classes in their order with the school’s folders and staff, nothing pending', async () => {
    const { cookie } = await haparaSchool(ctx());
    const body = await list(cookie);
    expect(body.classes).toEqual(rowsOf(START));
    expect(body.folders).toEqual(FOLDERS);
    expect(body.teachers).toEqual(TEACHERS);
  });

  it('files the changed classes as one request; the list shows the asked-for values pending, the roster unchanged', async () => {
    const { school, user, cookie } = await haparaSchool(ctx());
    const edited = START.map((c) => (c.mailbox === '10DEF' ? { ...c, teachers: ['b.jones', 'C.Ngata', 'c.ngata'], folders: ['Maths', 'Te Reo Māori'] } : c));
    const res = await save(cookie, edited);
    expect(res.status).toBe(200);
    expect(saveClassesResponseSchema.parse(await bodyOf(res)).changed).toBe(1);

    const asked = { mailbox: '10DEF', name: 'Year 10 Maths', teachers: ['b.jones', 'c.ngata'], folders: ['Maths', 'Te Reo Māori'] };
    const filed = await requests(school.id);
    expect(filed).toHaveLength(1);
    expect(filed[0]).toMatchObject({
      kind: 'classes',
      status: 'pending',
      source: 'screen',
      student_id: null,
      requester_email: user.email,
      requester_name: user.name,
      payload: { classes: [asked] },
    });
    expect(Number(filed[0]?.created_at)).toBe(ctx().clock.now);

    const after = await list(cookie);
    expect(after.classes).toEqual([rowsOf(START)[0], { ...asked, pending: true }, rowsOf(START)[2]]);
    expect(await roster(school.id)).toEqual(START);
  });

  it('changes several classes at once, sending only some of them, Unicode names kept', async () => {
    const { school, cookie } = await haparaSchool(ctx());
    const res = await save(cookie, [
      { mailbox: '9xyz', name: '  Tau 9 — Rūmaki  ', teachers: ['c.ngata'], folders: ['*'] },
      { mailbox: '10ABC', name: 'Year 10 English', teachers: ['a.smith'], folders: ['English', '*'] },
    ]);
    expect(saveClassesResponseSchema.parse(await bodyOf(res)).changed).toBe(2);
    expect((await requests(school.id))[0]?.payload).toEqual({
      classes: [
        { mailbox: '9XYZ', name: 'Tau 9 — Rūmaki', teachers: ['c.ngata'], folders: ['*'] },
        { mailbox: '10ABC', name: 'Year 10 English', teachers: ['a.smith'], folders: ['English', '*'] },
      ],
    });
    expect((await list(cookie)).classes.map((c) => c.pending)).toEqual([true, false, true]);
  });

  it('refuses any empty field of any class with the spec’s text, filing nothing', async () => {
    const { school, cookie } = await haparaSchool(ctx());
    const good = START[1]!;
    const cases: unknown[] = [
      [START[0], { ...good, name: '' }],
      [{ ...good, name: '   ' }],
      [{ ...good, mailbox: '' }],
      [{ ...good, teachers: [] }],
      [{ ...good, teachers: ['b.jones', ''] }],
      [{ ...good, folders: [] }],
      [{ ...good, folders: [' '] }],
      [{ mailbox: good.mailbox, name: good.name, folders: good.folders }],
      [{ mailbox: good.mailbox, name: good.name, teachers: good.teachers }],
      [{ mailbox: good.mailbox, teachers: good.teachers, folders: good.folders }],
      [],
      null,
    ];
    for (const classes of cases) {
      expect(await failure(await save(cookie, classes)), JSON.stringify(classes)).toEqual({ status: 400, message: FIELDS_REQUIRED, isAuthFailed: false });
    }
    expect(await failure(await post(ctx().app, SAVE, '{}', { cookie }))).toEqual({ status: 400, message: FIELDS_REQUIRED, isAuthFailed: false });
    expect(await requests(school.id)).toEqual([]);
  });

  it('refuses a folder the school does not offer, naming it; a bad username or a line break clearly', async () => {
    const { school, cookie } = await haparaSchool(ctx());
    const good = START[0]!;
    expect(await failure(await save(cookie, [{ ...good, folders: ['English', 'Art'] }]))).toEqual({
      status: 400,
      message: 'The folder ‘Art’ is not one of your school’s folders.',
      isAuthFailed: false,
    });
    expect((await failure(await save(cookie, [{ ...good, teachers: ['a smith'] }]))).message).toBe(
      'classes.0.teachers.0: A teacher is named by their username: letters, digits, dots, hyphens and underscores.',
    );
    expect((await failure(await save(cookie, [{ ...good, name: 'Year 10\nBcc' }]))).message).toBe(
      'classes.0.name: The class name cannot contain line breaks or control characters.',
    );
    expect((await failure(await save(cookie, [{ ...good, name: 'x'.repeat(101) }]))).message).toBe(
      'classes.0.name: The class name can be at most 100 characters.',
    );
    expect(await requests(school.id)).toEqual([]);
  });

  it('keeps a folder the school has withdrawn on the classes that had it, and refuses it for the others', async () => {
    const { school, cookie } = await haparaSchool(ctx());
    await writeSettings(ctx().db, school.id, {
      mailDomain: `students.${school.label}`,
      usernameRule: '{first}.{last}{yy}',
      fields: [],
      folders: ['*', 'English'],
    });
    expect((await list(cookie)).folders).toEqual(['*', 'English']);
    // 10DEF still has Maths and Science: saving the whole list with another class changed goes through.
    const res = await save(cookie, [{ ...START[0]!, name: 'Year 10 English A' }, START[1], START[2]]);
    expect(saveClassesResponseSchema.parse(await bodyOf(res)).changed).toBe(1);
    await ctx().db.updateTable('hapara_requests').set({ status: 'rejected', decided_at: ctx().clock.now }).where('domain_id', '=', school.id).execute();
    expect(await failure(await save(cookie, [{ ...START[0]!, folders: ['English', 'Maths'] }]))).toEqual({
      status: 400,
      message: 'The folder ‘Maths’ is not one of your school’s folders.',
      isAuthFailed: false,
    });
  });

  it('refuses a mailbox that is not one of the school’s classes (404) and a class named twice', async () => {
    const { school, cookie } = await haparaSchool(ctx());
    const unknown = await save(cookie, [START[0], { ...START[1]!, mailbox: '11NEW' }]);
    expect(await failure(unknown)).toEqual({ status: 404, message: 'The class 11NEW is not one of your school’s classes.', isAuthFailed: false });
    const twice = await save(cookie, [START[0], { ...START[0]!, mailbox: '10abc', name: 'Changed' }]);
    expect(await failure(twice)).toEqual({ status: 400, message: 'The class 10abc is listed more than once.', isAuthFailed: false });
    expect(await requests(school.id)).toEqual([]);
  });

  it('refuses a save that changes nothing', async () => {
    const { school, cookie } = await haparaSchool(ctx());
    // Repeats collapse and the code's case does not count: still the same class.
    const same = [{ ...START[0]!, mailbox: '10abc', teachers: ['A.Smith', 'a.smith'] }, ...START.slice(1)];
    expect(await failure(await save(cookie, same))).toEqual({ status: 400, message: NO_CLASS_CHANGES, isAuthFailed: false });
    expect(await requests(school.id)).toEqual([]);
  });

  it('refuses a second save while one waits for verification (409), the first kept as it was', async () => {
    const { school, cookie } = await haparaSchool(ctx());
    expect((await save(cookie, [{ ...START[0]!, name: 'First change' }])).status).toBe(200);
    const second = await save(cookie, [{ ...START[1]!, name: 'Second change' }]);
    expect(await failure(second)).toEqual({ status: 409, message: CLASSES_ALREADY_PENDING, isAuthFailed: false });
    const filed = await requests(school.id);
    expect(filed.map((r) => r.payload)).toEqual([{ classes: [{ ...START[0], name: 'First change' }] }]);
  });

  it('keeps each school’s classes its own: another school’s mailbox is refused and its classes stay as they were', async () => {
    const mine = await haparaSchool(ctx());
    const theirs = await haparaSchool(ctx(), [{ mailbox: '12OTH', name: 'Their class', teachers: ['b.jones'], folders: ['Maths'] }]);
    const res = await save(mine.cookie, [{ mailbox: '12OTH', name: 'Taken over', teachers: ['a.smith'], folders: ['English'] }]);
    expect(await failure(res)).toEqual({ status: 404, message: 'The class 12OTH is not one of your school’s classes.', isAuthFailed: false });
    expect(await roster(theirs.school.id)).toEqual([{ mailbox: '12OTH', name: 'Their class', teachers: ['b.jones'], folders: ['Maths'] }]);
    expect(await requests(mine.school.id)).toEqual([]);
    // A pending change of one school is not shown to, and does not block, the other.
    expect((await save(mine.cookie, [{ ...START[0]!, name: 'Mine changed' }])).status).toBe(200);
    expect((await list(theirs.cookie)).classes).toEqual([{ mailbox: '12OTH', name: 'Their class', teachers: ['b.jones'], folders: ['Maths'], pending: false }]);
    expect((await save(theirs.cookie, [{ mailbox: '12OTH', name: 'Their change', teachers: ['b.jones'], folders: ['Maths'] }])).status).toBe(200);
  });

  it('the operator’s approval applies the request’s classes to the roster; then nothing is pending and the list saves again', async () => {
    const { school, cookie } = await haparaSchool(ctx());
    const edited = [{ ...START[1]!, teachers: ['c.ngata'], folders: ['*', 'Science'] }];
    expect((await save(cookie, edited)).status).toBe(200);
    const [request] = await requests(school.id);
    ctx().clock.advance(3600);
    await approveRequest(ctx().runtime, Number(request?.id));
    expect(await roster(school.id)).toEqual([START[0], edited[0], START[2]]);
    expect((await list(cookie)).classes).toEqual(rowsOf([START[0]!, edited[0]!, START[2]!]));
    expect((await save(cookie, [{ ...START[2]!, name: 'Next change' }])).status).toBe(200);
  });

  it('a rejected request changes nothing and frees the list for the next save', async () => {
    const { school, cookie } = await haparaSchool(ctx());
    expect((await save(cookie, [{ ...START[0]!, name: 'Refused change' }])).status).toBe(200);
    const [request] = await requests(school.id);
    await rejectRequest(ctx().runtime, Number(request?.id), 'Not this term');
    expect(await roster(school.id)).toEqual(START);
    expect((await list(cookie)).classes).toEqual(rowsOf(START));
    expect((await save(cookie, [{ ...START[0]!, name: 'Another change' }])).status).toBe(200);
  });

  it('applyClassChanges refuses a payload it cannot read or a class that has gone, applying none of it', async () => {
    const { school } = await haparaSchool(ctx());
    await expect(
      applyClassChanges(ctx().db, school.id, { classes: [{ mailbox: '10ABC', name: '', teachers: ['a.smith'], folders: ['*'] }] }),
    ).rejects.toThrow();
    await expect(
      ctx()
        .db.transaction()
        .execute((trx) =>
          applyClassChanges(trx, school.id, {
            classes: [
              { ...START[0], name: 'Changed first' },
              { mailbox: 'GONE', name: 'Gone', teachers: ['a.smith'], folders: ['*'] },
            ],
          }),
        ),
    ).rejects.toThrow('The class GONE is no longer on the school’s class list.');
    expect(await roster(school.id)).toEqual(START);
  });
});
