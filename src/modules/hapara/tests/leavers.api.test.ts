import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LEAVERS_CLASS_LIST_REFUSED, leaversResponseSchema, type LeaversSummary } from '../contract';
import { approveRequest } from '../server/embedded/requests/service';
import { bodyOf, CLIENT_ADDRESS, failure, signedInUser, useTestContext, type TestContext, type TestSchool, type TestUser } from '../../../../tests/factories';

/** POST /api/hapara/upload/leavers: a dry run, then one deletion request per matched student; on both databases. */
const LEAVERS = '/api/hapara/upload/leavers';
const FIXTURES = path.resolve(import.meta.dirname, '../../../../tests/fixtures/hapara');

interface Student {
  first: string;
  last: string;
  klass: string;
  id?: string;
  pendingAdd?: boolean;
}

/** A school's roster, classes and extra field, written as the provider's approvals leave them. */
async function giveRoster(ctx: TestContext, school: TestSchool, students: readonly Student[]): Promise<Map<string, number>> {
  const db = ctx.db;
  await db
    .insertInto('hapara_settings')
    .values({ domain_id: school.id, mail_domain: `students.${school.label}`, username_rule: '{first}.{last}', fields: '["Student ID"]', folders: '["*"]' })
    .execute();
  const classes = [...new Set(students.map((s) => s.klass))];
  await db
    .insertInto('hapara_classes')
    .values(classes.map((code, i) => ({ domain_id: school.id, code, name: `Class ${code}`, teachers: '["teacher"]', folders: '["*"]', position: i })))
    .execute();
  const ids = new Map<string, number>();
  for (const [i, s] of students.entries()) {
    const username = `${s.first}.${s.last}.${i}`
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z0-9.]/g, '');
    const row = await db
      .insertInto('hapara_students')
      .values({
        domain_id: school.id,
        first_name: s.first,
        last_name: s.last,
        class_code: s.klass,
        email: `${username}@students.${school.label}`,
        username,
        extra: JSON.stringify(s.id ? { 'Student ID': s.id } : {}),
        search: `${s.first} ${s.last}`.toLowerCase(),
        pending_add: s.pendingAdd ? 1 : 0,
        created_at: ctx.clock.now,
        updated_at: ctx.clock.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(`${s.first} ${s.last}${s.pendingAdd ? ' (pending)' : ''}`, Number(row.id));
  }
  return ids;
}

async function requestsOf(ctx: TestContext, school: TestSchool) {
  return ctx.db
    .selectFrom('hapara_requests')
    .select(['kind', 'student_id', 'source', 'status', 'payload', 'requester_email', 'requester_name', 'user_id'])
    .where('domain_id', '=', school.id)
    .orderBy('id')
    .execute();
}

async function studentsOf(ctx: TestContext, school: TestSchool) {
  return ctx.db.selectFrom('hapara_students').selectAll().where('domain_id', '=', school.id).orderBy('id').execute();
}

describe('hapara: leavers upload', () => {
  const ctx = useTestContext({ env: { PORTAL_MAX_UPLOAD_MB: '1' } });
  let school: TestSchool;
  let user: TestUser;
  let cookie = '';
  let ids: Map<string, number>;

  function upload(content: string | Uint8Array | null, dryRun?: boolean, c = cookie): Promise<Response> {
    const form = new FormData();
    if (content !== null) {
      const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), 'leavers.csv');
    }
    if (dryRun !== undefined) form.append('dryRun', String(dryRun));
    return Promise.resolve(ctx().app.request(LEAVERS, { method: 'POST', body: form, headers: { cookie: c } }, { clientAddress: CLIENT_ADDRESS }));
  }

  async function summaryOf(res: Response): Promise<LeaversSummary> {
    expect(res.status).toBe(200);
    return leaversResponseSchema.parse(await bodyOf(res)).summary;
  }

  beforeAll(async () => {
    ({ school, user, cookie } = await signedInUser(ctx(), { hapara: true }));
    ids = await giveRoster(ctx(), school, [
      { first: 'Aroha', last: 'Ngāta', klass: '9B', id: '1001' },
      { first: 'Zoë', last: 'Müller', klass: '10A', id: '1002' },
      { first: 'Sam', last: 'Lee', klass: '10A', id: '1003' },
      { first: 'Sam', last: 'Lee', klass: '10A', id: '1004' },
      { first: 'Kim', last: 'Park', klass: '9B', id: '1005' },
      { first: 'Tama', last: 'Wiremu', klass: '9B', id: '1006' },
      { first: 'Newly', last: 'Added', klass: '9B', pendingAdd: true },
    ]);
  });

  it('checks a file in a dry run (matched, ambiguous, unknown, pending, twice) and writes nothing; confirming files one deletion request per matched student', async () => {
    // Kim Park already has a change waiting.
    await ctx()
      .db.insertInto('hapara_requests')
      .values({
        domain_id: school.id,
        kind: 'edit',
        student_id: ids.get('Kim Park')!,
        payload: '{}',
        source: 'screen',
        status: 'pending',
        reason: null,
        user_id: user.id,
        requester_email: user.email,
        requester_name: user.name,
        created_at: ctx().clock.now,
        decided_at: null,
      })
      .execute();
    const csv = [
      'First Name,Last Name,Class,Student ID',
      'aroha,NGATA,9b,', // row 2: by name, case and macron aside
      ',,,1002', // row 3: by ID alone
      'Sam,Lee,10A,', // row 4: two students
      'Kim,Park,9B,', // row 5: pending
      'Nobody,Here,9B,', // row 6: unknown
      'Aroha,Ngāta,9B,1001', // row 7: the same student as row 2
      'Newly,Added,9B,', // row 8: a pending addition is not on the roster
      'Sam,Lee,10A,1004', // row 9: the ID tells the two apart
      '',
    ].join('\r\n');
    const before = { requests: await requestsOf(ctx(), school), students: await studentsOf(ctx(), school) };

    const dry = await summaryOf(await upload(csv));
    expect(dry).toEqual({
      rows: 8,
      dryRun: true,
      requested: 0,
      matched: [
        { row: 2, firstname: 'Aroha', lastname: 'Ngāta', class: '9B', index: ids.get('Aroha Ngāta'), email: expect.stringMatching(/^aroha\.ngata\.0@/) },
        { row: 3, firstname: 'Zoë', lastname: 'Müller', class: '10A', index: ids.get('Zoë Müller'), email: expect.stringMatching(/^zoe\.muller\.1@/) },
        { row: 9, firstname: 'Sam', lastname: 'Lee', class: '10A', index: ids.get('Sam Lee'), email: expect.stringMatching(/^sam\.lee\.3@/) },
      ],
      ambiguous: [{ row: 4, firstname: 'Sam', lastname: 'Lee', class: '10A', candidates: 2 }],
      unknown: [
        { row: 6, firstname: 'Nobody', lastname: 'Here', class: '9B', reason: 'No student with this name in class 9B' },
        { row: 7, firstname: 'Aroha', lastname: 'Ngāta', class: '9B', reason: 'Listed twice (row 2)' },
        { row: 8, firstname: 'Newly', lastname: 'Added', class: '9B', reason: 'No student with this name in class 9B' },
      ],
      pending: [{ row: 5, firstname: 'Kim', lastname: 'Park', class: '9B', index: ids.get('Kim Park') }],
    });
    // The second Sam Lee (1004) is the one row 9 names.
    const samIds = (await studentsOf(ctx(), school)).filter((s) => s.first_name === 'Sam').map((s) => Number(s.id));
    expect(dry.matched[2]?.index).toBe(samIds[1]);
    expect(await requestsOf(ctx(), school)).toEqual(before.requests);
    expect(await studentsOf(ctx(), school)).toEqual(before.students);

    const done = await summaryOf(await upload(csv, false));
    expect(done).toMatchObject({ dryRun: false, requested: 3, matched: dry.matched, pending: dry.pending, unknown: dry.unknown });
    const filed = (await requestsOf(ctx(), school)).slice(before.requests.length);
    expect(filed.map((r) => ({ ...r, payload: JSON.parse(r.payload) as unknown }))).toEqual(
      dry.matched.map((m) => ({
        kind: 'delete',
        student_id: m.index,
        source: 'leavers',
        status: 'pending',
        payload: { firstname: m.firstname, lastname: m.lastname, class: m.class, email: m.email },
        requester_email: user.email,
        requester_name: user.name,
        user_id: user.id,
      })),
    );
    // Nobody is deleted before the provider approves.
    expect(await studentsOf(ctx(), school)).toEqual(before.students);

    // The same file again: each is now waiting, nothing is filed twice.
    const again = await summaryOf(await upload(csv, false));
    expect(again).toMatchObject({ requested: 0, matched: [] });
    expect(again.pending.map((p) => p.row)).toEqual([2, 3, 5, 9]);
    expect((await requestsOf(ctx(), school)).length).toBe(before.requests.length + 3);

    // The provider approves Aroha's: she leaves the roster, and the file now finds her unknown.
    const aroha = await ctx()
      .db.selectFrom('hapara_requests')
      .select('id')
      .where('domain_id', '=', school.id)
      .where('student_id', '=', ids.get('Aroha Ngāta')!)
      .executeTakeFirstOrThrow();
    await approveRequest(ctx().runtime, Number(aroha.id));
    const after = await summaryOf(await upload(csv));
    expect(after.unknown.slice(0, 2)).toEqual([
      { row: 2, firstname: 'aroha', lastname: 'NGATA', class: '9b', reason: 'No student with this name in class 9b' },
      { row: 6, firstname: 'Nobody', lastname: 'Here', class: '9B', reason: 'No student with this name in class 9B' },
    ]);
  });

  it('reads a Windows-1252 file and a UTF-8 one with a byte order mark and `;`', async () => {
    const { school: s, cookie: c } = await signedInUser(ctx(), { hapara: true });
    await giveRoster(ctx(), s, [
      { first: 'Zoë', last: 'Smith', klass: '9B' },
      { first: 'José', last: 'García', klass: '10A' },
      { first: 'Aroha', last: 'Ngāta', klass: '9B' },
    ]);
    const latin = await summaryOf(await upload(new Uint8Array(fs.readFileSync(path.join(FIXTURES, 'leavers-windows-1252.csv'))), true, c));
    expect(latin.matched.map((m) => [m.row, m.firstname, m.lastname])).toEqual([
      [2, 'Zoë', 'Smith'],
      [3, 'José', 'García'],
    ]);
    const bom = await summaryOf(await upload(new Uint8Array(fs.readFileSync(path.join(FIXTURES, 'leavers-bom-semicolon.csv'))), true, c));
    expect(bom.matched.map((m) => [m.row, m.firstname])).toEqual([[2, 'Aroha']]);
    expect(bom.unknown).toEqual([{ row: 3, firstname: 'Zoë', lastname: 'Müller', class: '10A', reason: 'No student with this name in class 10A' }]);
  });

  it('refuses a class list with the spec’s warning, and bad files with a clear message; nothing is filed', async () => {
    const before = await requestsOf(ctx(), school);
    const cases: Array<[string | Uint8Array | null, number, string]> = [
      [new Uint8Array(fs.readFileSync(path.join(FIXTURES, 'class-list.csv'))), 400, LEAVERS_CLASS_LIST_REFUSED],
      // The API names the form field a message is about.
      [null, 400, 'file: Choose a CSV file to upload.'],
      ['', 400, 'The file is empty.'],
      ['First Name,Class\nAroha,9B\n', 400, 'The file has no Last Name column. Its first row must name the columns: First Name, Last Name, Class.'],
      ['First Name,Last Name,Class\nAroha,Ngāta,9B\n"Zoë,Müller,10A\n', 400, 'The file is not a readable CSV: a quote is not closed (row 3).'],
      [
        `First Name,Last Name,Class\n${'Aroha,Ngāta,9B\n'.repeat(10_001)}`,
        400,
        'A leavers file can list at most 10,000 students. Split it and upload the parts one after the other.',
      ],
      [`First Name,Last Name,Class\n${'Aroha,Ngāta,9B,'.padEnd(200, 'x')}\n`.repeat(6_000), 413, 'The file is too large. Files can be at most 1 MB.'],
    ];
    for (const [content, status, message] of cases) {
      expect(await failure(await upload(content, false))).toEqual({ status, message, isAuthFailed: false });
    }
    const res = await upload('First Name,Last Name,Class\nAroha,Ngāta,9B\n', 'maybe' as unknown as boolean);
    expect(await failure(res)).toMatchObject({ status: 400, message: expect.stringContaining('dryRun: Must be true or false.') as unknown });
    expect(await requestsOf(ctx(), school)).toEqual(before);
  });

  it('never matches another school’s students: they are unknown here, and that school is untouched', async () => {
    const { school: other } = await signedInUser(ctx(), { hapara: true });
    await giveRoster(ctx(), other, [
      { first: 'Hemi', last: 'Walker', klass: '9B', id: '1001' },
      { first: 'Mere', last: 'Brown', klass: '11C', id: '2002' },
    ]);
    const before = { requests: await requestsOf(ctx(), other), students: await studentsOf(ctx(), other) };
    const mine = await requestsOf(ctx(), school);
    const csv = 'First Name,Last Name,Class,Student ID\nHemi,Walker,9B,\nMere,Brown,11C,\nMere,Brown,11C,2002\n';
    const summary = await summaryOf(await upload(csv, false));
    expect(summary).toMatchObject({ requested: 0, matched: [], pending: [], ambiguous: [] });
    expect(summary.unknown.map((u) => [u.row, u.reason])).toEqual([
      [2, 'No student with this name in class 9B'],
      [3, 'No class 11C at your school'],
      [4, 'No student with this ID (Student ID 2002)'],
    ]);
    expect(await requestsOf(ctx(), other)).toEqual(before.requests);
    expect(await studentsOf(ctx(), other)).toEqual(before.students);
    expect(await requestsOf(ctx(), school)).toEqual(mine);
  });

  it('records each check and each confirmation in the school’s audit log', async () => {
    const { school: s, cookie: c } = await signedInUser(ctx(), { hapara: true });
    await giveRoster(ctx(), s, [{ first: 'Ada', last: 'Lovelace', klass: '9B' }]);
    await summaryOf(await upload('First Name,Last Name,Class\nAda,Lovelace,9B\nBo,Li,9B\n', true, c));
    await summaryOf(await upload('First Name,Last Name,Class\nAda,Lovelace,9B\nBo,Li,9B\n', false, c));
    const log = await ctx().db.selectFrom('audit_log').select(['action', 'detail']).where('domain_id', '=', s.id).orderBy('id').execute();
    expect(log).toEqual([
      { action: 'leavers.check', detail: 'Checked a leavers file (2 rows: 1 student matched).' },
      { action: 'leavers.request', detail: 'Asked for the deletion of 1 student from a leavers file (2 rows).' },
    ]);
  });
});
