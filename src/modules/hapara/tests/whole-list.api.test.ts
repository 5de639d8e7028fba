import { describe, expect, it } from 'vitest';
import { addStudentResponseSchema, studentListResponseSchema } from '../contract';
import { HAPARA_ENDPOINTS } from '../calls';
import { writeSettings } from '../server/embedded/settings';
import { insertStudents, type NewStudent } from '../server/embedded/students/repository';
import { bodyOf, get, postJson, signedInUser, useTestContext, type TestContext } from '../../../../tests/factories';

/**
 * The whole student list (the spec's `studentList`) is answered once per version of what it shows
 * and then from the answer kept for it, with an ETag (issue 30): the answer must still follow every
 * change (a request filed, a student added behind the calls), stay each school's own, and every
 * call, kept or 304, is still recorded as a view.
 */
const LIST = HAPARA_ENDPOINTS.studentList.path;

function roster(count: number, mailDomain: string): NewStudent[] {
  return Array.from({ length: count }, (_, i) => ({
    first_name: `Pupil${i}`,
    last_name: `Family${String(i).padStart(4, '0')}`,
    class_code: '7A',
    email: `pupil${i}@${mailDomain}`,
    username: `pupil${i}`,
    extra: {},
    pendingAdd: false,
  }));
}

async function school(ctx: TestContext, count: number) {
  const staff = await signedInUser(ctx, { hapara: true });
  const mailDomain = `students.${staff.school.label}`;
  await writeSettings(ctx.db, staff.school.id, { mailDomain, usernameRule: '{first}.{last}', fields: [], folders: ['*'] });
  await ctx.db.insertInto('hapara_classes').values({ domain_id: staff.school.id, code: '7A', name: 'Year 7 Aroha', teachers: '[]', folders: '["*"]', position: 0 }).execute();
  await insertStudents(ctx.db, staff.school.id, roster(count, mailDomain), ctx.clock.now);
  return { ...staff, mailDomain };
}

describe('hapara: the whole student list, kept per version', () => {
  const ctx = useTestContext();

  async function whole(cookie: string, etag?: string) {
    const res = await get(ctx().app, LIST, { cookie, ...(etag ? { headers: { 'if-none-match': etag } } : {}) });
    const tag = res.headers.get('etag') ?? '';
    if (res.status === 304) return { status: 304, tag, names: [] as string[], text: await res.text() };
    expect(res.status).toBe(200);
    const names = studentListResponseSchema.parse(await bodyOf(res)).studentList.map((s) => `${s.firstname} ${s.lastname}${s.pending ? ` (${s.pending})` : ''}`);
    return { status: 200, tag, names, text: '' };
  }

  async function views(schoolId: number): Promise<string[]> {
    const rows = await ctx().db.selectFrom('audit_log').select('detail').where('domain_id', '=', schoolId).where('action', '=', 'students.list').orderBy('id').execute();
    return rows.map((r) => r.detail);
  }

  it('answers with an ETag, a 304 to a client holding it, and records every view', async () => {
    const s = await school(ctx(), 3);
    const first = await whole(s.cookie);
    expect(first.names).toEqual(['Pupil0 Family0000', 'Pupil1 Family0001', 'Pupil2 Family0002']);
    expect(first.tag).toMatch(/^W\/".+"$/);
    const again = await whole(s.cookie, first.tag);
    expect(again).toMatchObject({ status: 304, tag: first.tag, text: '' });
    expect(await views(s.school.id)).toEqual(Array(2).fill('Viewed the whole student list (3 students).'));
  });

  it('follows requests filed through the calls (an addition, a deletion) and a student added behind them', async () => {
    const s = await school(ctx(), 2);
    const first = await whole(s.cookie);
    const added = await postJson(ctx().app, HAPARA_ENDPOINTS.addStudent.path, { publicfirstname: 'Mānaia', publiclastname: 'Te Whata', class: '7A' }, s.cookie);
    expect(added.status).toBe(200);
    expect(addStudentResponseSchema.parse(await bodyOf(added)).student.pending).toBe('add');
    const afterAdd = await whole(s.cookie, first.tag);
    expect(afterAdd.status).toBe(200);
    expect(afterAdd.tag).not.toBe(first.tag);
    expect(afterAdd.names).toContain('Mānaia Te Whata (add)');

    // A deletion request changes only the requests: the list shows its badge.
    const firstRow = await ctx().db.selectFrom('hapara_students').select('id').where('domain_id', '=', s.school.id).orderBy('id').executeTakeFirstOrThrow();
    expect((await postJson(ctx().app, HAPARA_ENDPOINTS.deleteStudent.path, { index: Number(firstRow.id) }, s.cookie)).status).toBe(200);
    const afterDelete = await whole(s.cookie, afterAdd.tag);
    expect(afterDelete.status).toBe(200);
    expect(afterDelete.names).toContain('Pupil0 Family0000 (delete)');

    await insertStudents(ctx().db, s.school.id, [{ ...roster(1, s.mailDomain)[0]!, first_name: 'Later', last_name: 'Arrival', username: 'later', email: `later@${s.mailDomain}` }], ctx().clock.now);
    const afterInsert = await whole(s.cookie, afterDelete.tag);
    expect(afterInsert.status).toBe(200);
    expect(afterInsert.names[0]).toBe('Later Arrival');
    expect(await views(s.school.id)).toEqual([
      'Viewed the whole student list (2 students).',
      'Viewed the whole student list (3 students).',
      'Viewed the whole student list (3 students).',
      'Viewed the whole student list (4 students).',
    ]);
  });

  it('keeps each school’s answer its own, even with the same version', async () => {
    const a = await school(ctx(), 2);
    const b = await school(ctx(), 2);
    const listA = await whole(a.cookie);
    const listB = await whole(b.cookie);
    expect(listA.tag).not.toBe(listB.tag);
    // B's client offering A's tag gets B's list, not a 304.
    const crossed = await whole(b.cookie, listA.tag);
    expect(crossed.status).toBe(200);
    expect(crossed.names).toEqual(listB.names);
  });
});
