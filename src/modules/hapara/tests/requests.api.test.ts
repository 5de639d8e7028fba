import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../../platform/jobs';
import { mailTransportOf } from '../../../platform/mail';
import { JOBS } from '../../../app/modules';
import type { Runtime } from '../../../platform/runtime';
import { addStudentResponseSchema, studentListResponseSchema, type StudentRow } from '../contract';
import { HAPARA_ENDPOINTS } from '../calls';
import { Refusal } from '../../../platform/errors';
import { writeSettings } from '../server/embedded/settings';
import { insertStudents, type NewStudent } from '../server/embedded/students/repository';
import { insertRequest } from '../server/embedded/requests/repository';
import { approveRequest, rejectRequest } from '../server/embedded/requests/service';
import { bodyOf, get, postJson, signedInUser, useTestContext, type TestSchool } from '../../../../tests/factories';
import { startSmtpSink, type SmtpSink } from '../../../../tests/factories/smtp-sink';

/**
 * The provider's side of Learning in the Cloud's requests on both databases, with a real SMTP
 * server: an approval applies the change to the roster in one transaction and emails the
 * requester; a rejection changes nothing (a pending addition's row goes) and emails the reason;
 * a request is decided once; an approval that no longer fits rolls back whole.
 */
const E = HAPARA_ENDPOINTS;
const FIELD = 'Student ID';
const quiet = { log: () => undefined };

interface Staff {
  school: TestSchool;
  cookie: string;
  email: string;
  name: string;
  mailDomain: string;
}

describe('hapara: approving and rejecting requests', () => {
  const ctx = useTestContext();
  let sink: SmtpSink;
  let rt: Runtime;

  beforeAll(async () => {
    sink = await startSmtpSink();
    const { runtime } = ctx();
    rt = { ...runtime, config: { ...runtime.config, MAIL_URL: sink.url, PORTAL_MAIL_FROM: 'cloud@portal.example.org' } };
  });
  afterAll(async () => {
    mailTransportOf(rt).close();
    await sink.close();
  });

  async function haparaSchool(): Promise<Staff> {
    const { school, cookie, user } = await signedInUser(ctx(), { hapara: true });
    const mailDomain = `students.${school.label}`;
    await writeSettings(ctx().db, school.id, { mailDomain, usernameRule: '{first}.{last}', fields: [FIELD], folders: ['*', 'English', 'Science'] });
    await ctx()
      .db.insertInto('hapara_classes')
      .values(['7A', '7B'].map((code, position) => ({ domain_id: school.id, code, name: `Year ${code}`, teachers: '["t.one"]', folders: '["*"]', position })))
      .execute();
    const roster: NewStudent[] = [
      {
        first_name: 'Aroha',
        last_name: 'Ngata',
        class_code: '7A',
        email: `aroha.ngata@${mailDomain}`,
        username: 'aroha.ngata',
        extra: { [FIELD]: '1' },
        pendingAdd: false,
      },
      {
        first_name: 'Tama',
        last_name: 'Parata',
        class_code: '7B',
        email: `tama.parata@${mailDomain}`,
        username: 'tama.parata',
        extra: { [FIELD]: '2' },
        pendingAdd: false,
      },
    ];
    await insertStudents(ctx().db, school.id, roster, ctx().clock.now);
    return { school, cookie, email: user.email, name: user.name, mailDomain };
  }

  async function list(s: Staff): Promise<StudentRow[]> {
    return studentListResponseSchema.parse(await bodyOf(await get(ctx().app, E.studentList.path, { cookie: s.cookie }))).studentList;
  }

  async function rosterOf(s: Staff) {
    return ctx().db.selectFrom('hapara_students').selectAll().where('domain_id', '=', s.school.id).orderBy('id').execute();
  }

  async function lastRequestId(s: Staff): Promise<number> {
    const row = await ctx().db.selectFrom('hapara_requests').select('id').where('domain_id', '=', s.school.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async function mailTo(address: string) {
    await runDueJobs(rt, JOBS, quiet);
    return sink.received.filter((m) => m.envelopeTo.includes(address.toLowerCase()));
  }

  async function indexOf(s: Staff, first: string): Promise<number> {
    const row = (await list(s)).find((r) => r.firstname === first);
    if (row?.index == null) throw new Error(`No ${first}.`);
    return row.index;
  }

  it('approving an addition puts the student on the roster and emails the requester', async () => {
    const s = await haparaSchool();
    const res = await postJson(ctx().app, E.addStudent.path, { publicfirstname: 'Mānaia', publiclastname: 'Te Whata', class: '7B', [FIELD]: '77' }, s.cookie);
    expect(addStudentResponseSchema.parse(await bodyOf(res)).student).toMatchObject({ index: null, pending: 'add' });
    const id = await lastRequestId(s);
    expect(await mailTo(s.email)).toEqual([]);

    await approveRequest(rt, id);
    const row = (await list(s)).find((r) => r.firstname === 'Mānaia');
    expect(row).toEqual({
      index: expect.any(Number),
      firstname: 'Mānaia',
      lastname: 'Te Whata',
      class: '7B',
      email: `manaia.tewhata@${s.mailDomain}`,
      pending: null,
    });
    const request = await ctx().db.selectFrom('hapara_requests').select(['status', 'decided_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(request).toEqual({ status: 'approved', decided_at: ctx().clock.now });

    const mails = await mailTo(s.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.parsed.subject).toBe('Approved: Add student Mānaia Te Whata (7B)');
    expect(mails[0]!.parsed.text).toContain(`Hello ${s.name},`);
    expect(mails[0]!.parsed.text).toContain('Your provider has verified and approved this change.');
    // A retried job sends nothing twice.
    expect(await mailTo(s.email)).toHaveLength(1);
  });

  it('approving an edit changes the details (and what the filter finds); a deletion removes the student', async () => {
    const s = await haparaSchool();
    const aroha = await indexOf(s, 'Aroha');
    const tama = await indexOf(s, 'Tama');
    await postJson(
      ctx().app,
      E.updateStudent.path,
      { firstname: 'Aroha', lastname: 'Ngata-Kereama', class: '7B', email: `aroha.nk@${s.mailDomain}`, index: aroha },
      s.cookie,
    );
    const edit = await lastRequestId(s);
    await postJson(ctx().app, E.deleteStudent.path, { index: tama }, s.cookie);
    const deletion = await lastRequestId(s);

    await approveRequest(rt, edit);
    await approveRequest(rt, deletion);
    expect(await list(s)).toEqual([
      { index: aroha, firstname: 'Aroha', lastname: 'Ngata-Kereama', class: '7B', email: `aroha.nk@${s.mailDomain}`, pending: null },
    ]);
    const page = await bodyOf(await get(ctx().app, `${E.studentPage.path}?query=kereama`, { cookie: s.cookie }));
    expect(page).toMatchObject({ total: 1 });
    // One email per approval; the two jobs may run in either order.
    const subjects = (await mailTo(s.email)).map((m) => m.parsed.subject).sort();
    expect(subjects).toEqual(['Approved: Change the details of Aroha Ngata (7A)', 'Approved: Delete student Tama Parata (7B)']);
  });

  it('approving a class change applies it through the class list', async () => {
    const s = await haparaSchool();
    const user = await ctx().db.selectFrom('users').select('id').where('email', '=', s.email).executeTakeFirstOrThrow();
    const id = await insertRequest(ctx().db, {
      domainId: s.school.id,
      kind: 'classes',
      studentId: null,
      payload: { classes: [{ mailbox: '7A', name: 'Year 7 Aroha', teachers: ['t.two', 't.three'], folders: ['English', 'Science'] }] },
      source: 'screen',
      user: { id: Number(user.id), email: s.email, name: s.name },
      now: ctx().clock.now,
    });
    await approveRequest(rt, id);
    const row = await ctx()
      .db.selectFrom('hapara_classes')
      .select(['name', 'teachers', 'folders'])
      .where('domain_id', '=', s.school.id)
      .where('code', '=', '7A')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Year 7 Aroha', teachers: '["t.two","t.three"]', folders: '["English","Science"]' });
    expect((await mailTo(s.email)).map((m) => m.parsed.subject)).toEqual(['Approved: Change 1 class (7A)']);
  });

  it('rejecting changes nothing, removes a pending addition, and emails the reason', async () => {
    const s = await haparaSchool();
    const before = await rosterOf(s);
    await postJson(ctx().app, E.addStudent.path, { publicfirstname: 'Kiri', publiclastname: 'Walker', class: '7A', [FIELD]: '9' }, s.cookie);
    const addition = await lastRequestId(s);
    await postJson(
      ctx().app,
      E.updateStudent.path,
      { firstname: 'Tama', lastname: 'Changed', class: '7A', email: `t@${s.mailDomain}`, index: await indexOf(s, 'Tama') },
      s.cookie,
    );
    const edit = await lastRequestId(s);

    await rejectRequest(rt, addition, 'Kiri is not enrolled yet.');
    await rejectRequest(rt, edit, '  Please   use the legal name.  ');
    expect(await rosterOf(s)).toEqual(before);
    expect((await list(s)).map((r) => r.pending)).toEqual([null, null]);
    const reasons = await ctx().db.selectFrom('hapara_requests').select(['status', 'reason']).where('domain_id', '=', s.school.id).orderBy('id').execute();
    expect(reasons).toEqual([
      { status: 'rejected', reason: 'Kiri is not enrolled yet.' },
      { status: 'rejected', reason: 'Please use the legal name.' },
    ]);
    // The two mail jobs run in either order: the messages are told apart by their subjects.
    const mails = await mailTo(s.email);
    expect(mails.map((m) => m.parsed.subject).sort()).toEqual(['Not approved: Add student Kiri Walker (7A)', 'Not approved: Change the details of Tama Parata (7B)']);
    const refusal = mails.find((m) => m.parsed.subject === 'Not approved: Add student Kiri Walker (7A)');
    expect(refusal?.parsed.text).toContain('Reason: Kiri is not enrolled yet.');
    expect(refusal?.parsed.text).toContain('nothing has been changed');
  });

  it('decides a request once, refuses a rejection without a reason and an unknown request, changing nothing', async () => {
    const s = await haparaSchool();
    await postJson(ctx().app, E.deleteStudent.path, { index: await indexOf(s, 'Aroha') }, s.cookie);
    const id = await lastRequestId(s);
    await expect(rejectRequest(rt, id, '   ')).rejects.toThrow('A rejection needs a reason');
    await expect(approveRequest(rt, 999_999_999)).rejects.toThrow('There is no request 999999999.');
    await rejectRequest(rt, id, 'Still enrolled.');
    await expect(approveRequest(rt, id)).rejects.toThrow(`Request ${id} was already rejected; a request is decided once.`);
    await expect(rejectRequest(rt, id, 'Again')).rejects.toMatchObject({ status: 409 });
    expect((await list(s)).map((r) => r.firstname)).toEqual(['Aroha', 'Tama']);
    expect(await mailTo(s.email)).toHaveLength(1);
  });

  it('rolls an approval back whole when it no longer fits: the request stays pending, nothing is mailed', async () => {
    const s = await haparaSchool();
    const tama = await indexOf(s, 'Tama');
    await postJson(ctx().app, E.updateStudent.path, { firstname: 'Tama', lastname: 'Parata', class: '7B', email: `tp@${s.mailDomain}`, index: tama }, s.cookie);
    const edit = await lastRequestId(s);
    // The class is gone meanwhile (an operator's hand, say).
    await ctx().db.deleteFrom('hapara_classes').where('domain_id', '=', s.school.id).where('code', '=', '7B').execute();
    const failure = await approveRequest(rt, edit).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(Refusal);
    expect((failure as Refusal).message).toBe('The class 7B is no longer on the school’s class list: reject the request instead.');
    const request = await ctx().db.selectFrom('hapara_requests').select(['status', 'decided_at']).where('id', '=', edit).executeTakeFirstOrThrow();
    expect(request).toEqual({ status: 'pending', decided_at: null });
    expect((await rosterOf(s)).find((r) => Number(r.id) === tama)?.email).toBe(`tama.parata@${s.mailDomain}`);
    expect(await mailTo(s.email)).toEqual([]);
  });

  it('gives an approved addition a new username when its address was taken meanwhile', async () => {
    const s = await haparaSchool();
    await postJson(ctx().app, E.addStudent.path, { publicfirstname: 'Hana', publiclastname: 'Kereama', class: '7A', [FIELD]: '5' }, s.cookie);
    const addition = await lastRequestId(s);
    // An edit approved first gives Tama the address the addition was to have.
    await postJson(
      ctx().app,
      E.updateStudent.path,
      { firstname: 'Tama', lastname: 'Parata', class: '7B', email: `hana.kereama@${s.mailDomain}`, index: await indexOf(s, 'Tama') },
      s.cookie,
    );
    await approveRequest(rt, await lastRequestId(s));
    await approveRequest(rt, addition);
    const hana = (await rosterOf(s)).find((r) => r.first_name === 'Hana')!;
    expect([hana.username, hana.email, hana.pending_add]).toEqual(['hana.kereama2', `hana.kereama2@${s.mailDomain}`, 0]);
  });
});
