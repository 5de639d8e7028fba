import { describe, expect, it } from 'vitest';
import {
  INVALID_IMAGE_URL,
  INVALID_STAFF_EMAIL,
  MAX_STAFF,
  NAME_REQUIRED,
  CONTROL_CHARACTERS_REFUSED,
  STAFF_AT_BOTTOM,
  STAFF_AT_TOP,
  STAFF_LIST_FULL,
  STAFF_INDEX_OUT_OF_RANGE,
  STAFF_NOT_FOUND,
  STAFF_STALE,
  staffChangeResponseSchema,
  staffListResponseSchema,
  staffSaveResponseSchema,
  staffFieldProblem,
  tooLong,
  type StaffEntry,
  type StaffFields,
  type StaffListKind,
} from '../contract';
import { STAFF_LIST_ENDPOINTS } from '../calls';
import { insertEntries } from '../server/embedded/repository';
import { bodyOf, failure, get, postJson, signedInUser, useTestContext, type TestSchool } from '../../../../tests/factories';

/**
 * The staff lists' calls (spec section 7, App; the website's list the same under
 * /api/website/managestaff/) on a real database: every call of both lists, its validation, other
 * schools, and the row the user saw (a stale index is refused, never applied to someone else).
 * Signed out and without the product each list needs: call-gates.test.ts.
 */
const ctx = useTestContext();

interface Staff {
  school: TestSchool;
  cookie: string;
}

const KINDS: readonly StaffListKind[] = ['app', 'website'];

/** A school with both products, signed in. */
async function school(): Promise<Staff> {
  const { school, cookie } = await signedInUser(ctx(), { app: true, website: true });
  return { school, cookie };
}

function person(name: string, extra: Partial<StaffFields> = {}): StaffFields {
  return { name, class: '', role: '', email: '', imageURL: '', biography: '', section: '', ...extra };
}

async function list(kind: StaffListKind, staff: Staff): Promise<StaffEntry[]> {
  const res = await get(ctx().app, STAFF_LIST_ENDPOINTS[kind].list.path, { cookie: staff.cookie });
  expect(res.status).toBe(200);
  return staffListResponseSchema.parse(await bodyOf(res)).staff;
}

function names(entries: readonly StaffEntry[]): string[] {
  return entries.map((entry) => entry.name);
}

async function add(kind: StaffListKind, staff: Staff, fields: Partial<StaffFields> & { name: string }): Promise<StaffEntry> {
  const res = await postJson(ctx().app, STAFF_LIST_ENDPOINTS[kind].create.path, fields, staff.cookie);
  const body = await bodyOf(res);
  expect(res.status, JSON.stringify(body)).toBe(200);
  return staffSaveResponseSchema.parse(body).entry;
}

/** A list of the given names, through the calls. */
async function listOf(kind: StaffListKind, staff: Staff, people: readonly string[]): Promise<StaffEntry[]> {
  for (const name of people) await add(kind, staff, { name });
  return list(kind, staff);
}

describe.each(KINDS)('the %s staff list', (kind) => {
  const endpoints = STAFF_LIST_ENDPOINTS[kind];
  const call = (action: 'create' | 'update' | 'remove' | 'move', body: unknown, staff: Staff) =>
    postJson(ctx().app, endpoints[action].path, body, staff.cookie);

  it('starts empty, and New Staff adds each person at the end with every field as typed (trimmed)', async () => {
    const staff = await school();
    expect(await list(kind, staff)).toEqual([]);
    const first = await add(kind, staff, {
      name: '  Margaret Tane ',
      class: 'Room 5',
      role: 'Principal',
      email: 'principal@example.org',
      imageURL: 'https://images.example.org/margaret.jpg',
      biography: 'Leads the school.\n\nLoves drama.',
      section: 'Senior Leadership',
    });
    expect(first).toEqual({
      id: expect.any(Number),
      index: 0,
      name: 'Margaret Tane',
      class: 'Room 5',
      role: 'Principal',
      email: 'principal@example.org',
      imageURL: 'https://images.example.org/margaret.jpg',
      biography: 'Leads the school.\n\nLoves drama.',
      section: 'Senior Leadership',
    });
    const second = await add(kind, staff, { name: 'Hemi Walker' });
    expect(second).toMatchObject({ index: 1, name: 'Hemi Walker', class: '', role: '', email: '', imageURL: '', biography: '', section: '' });
    const res = await get(ctx().app, endpoints.list.path, { cookie: staff.cookie });
    // The spec's answer: success, isAuthFailed and staff, in the list's order.
    expect(await bodyOf(res)).toEqual({ success: true, isAuthFailed: false, staff: [first, second] });
  });

  it('refuses what is not a staff entry with a clear message, and changes nothing', async () => {
    const staff = await school();
    await listOf(kind, staff, ['Ana']);
    const before = await list(kind, staff);
    const cases: Array<[unknown, string]> = [
      [{}, NAME_REQUIRED],
      [{ name: '   ' }, NAME_REQUIRED],
      [{ name: 'Ana', email: 'not an address' }, INVALID_STAFF_EMAIL],
      [{ name: 'Ana', imageURL: 'http://images.example.org/a.jpg' }, INVALID_IMAGE_URL],
      [{ name: 'Ana', imageURL: 'javascript:alert(1)' }, INVALID_IMAGE_URL],
      [{ name: 'Ana', imageURL: '/etc/passwd' }, INVALID_IMAGE_URL],
      [{ name: 'Ana', imageURL: '/uploads/another.school/0123456789abcdef.png' }, INVALID_IMAGE_URL],
      [{ name: 'A'.repeat(201) }, tooLong('name')],
      [{ name: 'Ana', biography: 'x'.repeat(5001) }, tooLong('biography')],
      [{ name: 'Ana\nBrown' }, CONTROL_CHARACTERS_REFUSED],
      [{ name: 'Ana', section: 'Tab\there' }, CONTROL_CHARACTERS_REFUSED],
    ];
    for (const [body, message] of cases) {
      const res = await call('create', body, staff);
      expect(await failure(res), JSON.stringify(body)).toEqual({ status: 400, message, isAuthFailed: false });
    }
    // Not JSON, or a name that is not text: a 400 in the envelope, never a 500.
    const broken = await failure(await postJson(ctx().app, endpoints.create.path, 'name=Ana', staff.cookie));
    expect(broken.status).toBe(400);
    expect((await failure(await call('create', { name: 42 }, staff))).status).toBe(400);
    // The row a change names: its index (and, if given, its id), and a direction that is up or down.
    const [ana] = before;
    for (const body of [{}, { id: ana!.id }, { id: ana!.id, index: -1 }, { index: -1 }, { index: 'first' }, { id: 'x', index: 0 }]) {
      expect((await failure(await call('remove', body, staff))).status, JSON.stringify(body)).toBe(400);
    }
    const sideways = await failure(await call('move', { id: ana!.id, index: 0, direction: 'left' }, staff));
    expect(sideways).toEqual({ status: 400, message: 'direction: direction must be up or down.', isAuthFailed: false });
    expect(await list(kind, staff)).toEqual(before);
  });

  it('keeps a biography’s line breaks and accepts the school’s own uploaded photo', async () => {
    const staff = await school();
    const photo = `/uploads/${encodeURIComponent(staff.school.label)}/0123456789abcdef0123456789abcdef.png`;
    const entry = await add(kind, staff, { name: 'Aroha Ngata', biography: 'Line one\r\nLine two\tand a tab', imageURL: photo });
    expect(entry).toMatchObject({ biography: 'Line one\r\nLine two\tand a tab', imageURL: photo });
  });

  it('Edit Details saves the fields of the row the user saw', async () => {
    const staff = await school();
    const [ana, ben] = await listOf(kind, staff, ['Ana', 'Ben']);
    const res = await call('update', { id: ben!.id, index: 1, name: 'Ben Carter', role: 'Teacher', email: 'ben@example.org', section: 'Teaching' }, staff);
    const body = staffSaveResponseSchema.parse(await bodyOf(res));
    expect(body.entry).toMatchObject({ id: ben!.id, index: 1, name: 'Ben Carter', role: 'Teacher', email: 'ben@example.org', section: 'Teaching' });
    expect(body.staff).toEqual([ana, body.entry]);
    expect(await list(kind, staff)).toEqual([ana, body.entry]);
    // Its validation as New Staff's.
    expect(await failure(await call('update', { id: ben!.id, index: 1, name: '' }, staff))).toEqual({
      status: 400,
      message: NAME_REQUIRED,
      isAuthFailed: false,
    });
  });

  it('Delete removes the person and closes the gap', async () => {
    const staff = await school();
    const [ana, ben, cai] = await listOf(kind, staff, ['Ana', 'Ben', 'Cai']);
    const res = await call('remove', { id: ben!.id, index: 1 }, staff);
    const after = staffChangeResponseSchema.parse(await bodyOf(res)).staff;
    expect(after.map((e) => [e.id, e.index])).toEqual([
      [ana!.id, 0],
      [cai!.id, 1],
    ]);
    expect(await list(kind, staff)).toEqual(after);
  });

  it('Move up and Move down change the order by one place, and never past the ends', async () => {
    const staff = await school();
    const [ana, ben, cai] = await listOf(kind, staff, ['Ana', 'Ben', 'Cai']);
    const up = await call('move', { id: cai!.id, index: 2, direction: 'up' }, staff);
    expect(names(staffChangeResponseSchema.parse(await bodyOf(up)).staff)).toEqual(['Ana', 'Cai', 'Ben']);
    const down = await call('move', { id: ana!.id, index: 0, direction: 'down' }, staff);
    expect(names(staffChangeResponseSchema.parse(await bodyOf(down)).staff)).toEqual(['Cai', 'Ana', 'Ben']);
    expect(await failure(await call('move', { id: cai!.id, index: 0, direction: 'up' }, staff))).toEqual({
      status: 400,
      message: STAFF_AT_TOP,
      isAuthFailed: false,
    });
    expect(await failure(await call('move', { id: ben!.id, index: 2, direction: 'down' }, staff))).toEqual({
      status: 400,
      message: STAFF_AT_BOTTOM,
      isAuthFailed: false,
    });
    const now = await list(kind, staff);
    expect(now.map((e) => [e.name, e.index])).toEqual([
      ['Cai', 0],
      ['Ana', 1],
      ['Ben', 2],
    ]);
  });

  it('refuses a stale index (the row the user saw is elsewhere now) and a row that is gone, changing nothing', async () => {
    const staff = await school();
    const [ana, ben, cai] = await listOf(kind, staff, ['Ana', 'Ben', 'Cai']);
    // Someone else deletes Ana: Ben is at 0 now, Cai at 1.
    await call('remove', { id: ana!.id, index: 0 }, staff);
    const before = await list(kind, staff);
    const stale = { status: 409, message: STAFF_STALE, isAuthFailed: false };
    // What the first user's screen still shows: Ben at 1, Cai at 2.
    expect(await failure(await call('move', { id: ben!.id, index: 1, direction: 'up' }, staff))).toEqual(stale);
    expect(await failure(await call('update', { id: cai!.id, index: 2, name: 'Renamed' }, staff))).toEqual(stale);
    expect(await failure(await call('remove', { id: cai!.id, index: 2 }, staff))).toEqual(stale);
    // The index alone would now name Cai: with Ben's id it is refused, not applied to Cai.
    expect(await failure(await call('remove', { id: ben!.id, index: 1 }, staff))).toEqual(stale);
    const gone = { status: 404, message: STAFF_NOT_FOUND, isAuthFailed: false };
    expect(await failure(await call('update', { id: ana!.id, index: 0, name: 'Back again' }, staff))).toEqual(gone);
    expect(await failure(await call('move', { id: ana!.id, index: 0, direction: 'down' }, staff))).toEqual(gone);
    expect(await failure(await call('remove', { id: ana!.id, index: 0 }, staff))).toEqual(gone);
    expect(await list(kind, staff)).toEqual(before);
  });

  it('takes the spec’s bodies, which name the row by index alone: update {staff fields, index}, delete {index}, move {index, direction}', async () => {
    const staff = await school();
    const [ana, ben, cai] = await listOf(kind, staff, ['Ana', 'Ben', 'Cai']);
    // Spec section 7: POST …/stafflist/update {staff fields, index}, every payload key of section 3.
    const update = await call(
      'update',
      { name: 'Ben Carter', class: '7B', role: 'Teacher', email: 'ben@example.org', imageURL: '', biography: 'Teaches maths.', section: 'Teaching', index: 1 },
      staff,
    );
    const saved = await bodyOf(update);
    expect(update.status, JSON.stringify(saved)).toBe(200);
    const { entry } = staffSaveResponseSchema.parse(saved);
    expect(entry).toEqual({
      id: ben!.id,
      index: 1,
      name: 'Ben Carter',
      class: '7B',
      role: 'Teacher',
      email: 'ben@example.org',
      imageURL: '',
      biography: 'Teaches maths.',
      section: 'Teaching',
    });
    expect(await list(kind, staff)).toEqual([ana, entry, cai]);
    // POST …/stafflist/move {index, direction}.
    const move = await call('move', { index: 2, direction: 'up' }, staff);
    expect(move.status).toBe(200);
    expect(names(staffChangeResponseSchema.parse(await bodyOf(move)).staff)).toEqual(['Ana', 'Cai', 'Ben Carter']);
    expect(await failure(await call('move', { index: 0, direction: 'up' }, staff))).toEqual({ status: 400, message: STAFF_AT_TOP, isAuthFailed: false });
    // POST …/stafflist/delete {index}.
    const remove = await call('remove', { index: 0 }, staff);
    expect(remove.status).toBe(200);
    expect(staffChangeResponseSchema.parse(await bodyOf(remove)).staff.map((e) => [e.id, e.name, e.index])).toEqual([
      [cai!.id, 'Cai', 0],
      [ben!.id, 'Ben Carter', 1],
    ]);
    // An index past the end names no one: refused, nothing changed.
    const before = await list(kind, staff);
    const outOfRange = { status: 404, message: STAFF_INDEX_OUT_OF_RANGE, isAuthFailed: false };
    expect(await failure(await call('update', { name: 'Nobody', index: 2 }, staff))).toEqual(outOfRange);
    expect(await failure(await call('remove', { index: 2 }, staff))).toEqual(outOfRange);
    expect(await failure(await call('move', { index: 7, direction: 'up' }, staff))).toEqual(outOfRange);
    expect(await list(kind, staff)).toEqual(before);
    // With an id that disagrees with the index, the stale-list refusal stands.
    expect(await failure(await call('remove', { id: ben!.id, index: 0 }, staff))).toEqual({ status: 409, message: STAFF_STALE, isAuthFailed: false });
    expect(await list(kind, staff)).toEqual(before);
  });

  it('two people changing the list at once never corrupt it: the second change, made from the same view, is refused', async () => {
    const staff = await school();
    const [ana, ben, cai, dov] = await listOf(kind, staff, ['Ana', 'Ben', 'Cai', 'Dov']);
    // From the same view, one deletes Ana (at 0) while another moves Ben (at 1) up: whichever
    // runs second finds its row elsewhere, and is refused.
    const [removed, moved] = await Promise.all([
      call('remove', { id: ana!.id, index: 0 }, staff),
      call('move', { id: ben!.id, index: 1, direction: 'up' }, staff),
    ]);
    expect([removed.status, moved.status].sort()).toEqual([200, 409]);
    const after = await list(kind, staff);
    expect(names(after)).toEqual(removed.status === 200 ? ['Ben', 'Cai', 'Dov'] : ['Ben', 'Ana', 'Cai', 'Dov']);
    expect(after.map((e) => e.index)).toEqual(after.map((_, i) => i));
    // Both move the same person from the same view: one move, not two.
    const at = after.findIndex((e) => e.id === dov!.id);
    const moves = await Promise.all([1, 2].map(() => call('move', { id: dov!.id, index: at, direction: 'up' }, staff)));
    expect(moves.map((r) => r.status).sort()).toEqual([200, 409]);
    const final = await list(kind, staff);
    expect(final.findIndex((e) => e.id === dov!.id)).toBe(at - 1);
    expect(final.map((e) => e.index)).toEqual(final.map((_, i) => i));
    expect(final.filter((e) => e.id === cai!.id)).toHaveLength(1);
  });

  it(`holds at most ${MAX_STAFF} people`, async () => {
    const staff = await school();
    await insertEntries(
      ctx().db,
      staff.school.id,
      kind,
      Array.from({ length: MAX_STAFF }, (_, i) => person(`Person ${i + 1}`)),
      ctx().clock.now,
    );
    expect(await failure(await call('create', { name: 'One too many' }, staff))).toEqual({ status: 409, message: STAFF_LIST_FULL, isAuthFailed: false });
    expect(await list(kind, staff)).toHaveLength(MAX_STAFF);
  });
});

describe('the two lists of a school', () => {
  it('are separate: each call changes its own list only', async () => {
    const staff = await school();
    const app = await listOf('app', staff, ['Ana', 'Ben']);
    const website = await listOf('website', staff, ['Cai']);
    // An app row's id through the website's calls: not on that list.
    expect((await failure(await postJson(ctx().app, STAFF_LIST_ENDPOINTS.website.remove.path, { id: app[0]!.id, index: 0 }, staff.cookie))).status).toBe(404);
    await postJson(ctx().app, STAFF_LIST_ENDPOINTS.app.move.path, { id: app[0]!.id, index: 0, direction: 'down' }, staff.cookie);
    expect(names(await list('app', staff))).toEqual(['Ben', 'Ana']);
    expect(await list('website', staff)).toEqual(website);
  });
});

describe('another school', () => {
  it.each(KINDS)('cannot read or change the %s list of a school, its ids answered as unknown ones', async (kind) => {
    const a = await school();
    const b = await school();
    const theirs = await listOf(kind, a, ['Ana', 'Ben']);
    await listOf(kind, b, ['Own']);
    expect(names(await list(kind, b))).toEqual(['Own']);
    const endpoints = STAFF_LIST_ENDPOINTS[kind];
    const unknown = { status: 404, message: STAFF_NOT_FOUND, isAuthFailed: false };
    for (const entry of theirs) {
      for (const index of [entry.index, 0]) {
        const row = { id: entry.id, index };
        expect(await failure(await postJson(ctx().app, endpoints.update.path, { ...row, name: 'Defaced' }, b.cookie))).toEqual(unknown);
        expect(await failure(await postJson(ctx().app, endpoints.remove.path, row, b.cookie))).toEqual(unknown);
        expect(await failure(await postJson(ctx().app, endpoints.move.path, { ...row, direction: 'down' }, b.cookie))).toEqual(unknown);
      }
    }
    expect(await failure(await postJson(ctx().app, endpoints.remove.path, { id: 999_999_999, index: 0 }, b.cookie))).toEqual(unknown);
    expect(await list(kind, a)).toEqual(theirs);
    expect(names(await list(kind, b))).toEqual(['Own']);
  });
});

describe('the edit screen’s own check', () => {
  it('agrees with the server: what it lets through is saved, what it stops the server refuses with the same message', async () => {
    const staff = await school();
    const cases: Array<Partial<StaffFields>> = [
      { name: 'Ana' },
      { name: '' },
      { name: '  ' },
      { name: 'Ana', email: 'ana@example.org' },
      { name: 'Ana', email: 'ana@' },
      { name: 'Ana', email: 'ana example.org' },
      { name: 'Ana', imageURL: 'https://example.org/a.png' },
      { name: 'Ana', imageURL: 'https://' },
      { name: 'Ana', imageURL: 'ftp://example.org/a.png' },
      { name: 'Ana', imageURL: `/uploads/${encodeURIComponent(staff.school.label)}/abc.png` },
      { name: 'Ana', imageURL: `/uploads/${encodeURIComponent(staff.school.label)}/../secret` },
      { name: 'Ana', class: 'C'.repeat(101) },
      { name: 'Ana', biography: 'One\n\nTwo' },
      { name: 'Ana', role: 'Line\nbreak' },
      { name: 'Ana', section: 'Bell\u0007' },
    ];
    for (const fields of cases) {
      const problem = staffFieldProblem(person(fields.name ?? '', fields));
      const res = await postJson(ctx().app, STAFF_LIST_ENDPOINTS.app.create.path, fields, staff.cookie);
      if (problem === null) expect(res.status, JSON.stringify(fields)).toBe(200);
      else expect(await failure(res), JSON.stringify(fields)).toEqual({ status: 400, message: problem.message, isAuthFailed: false });
    }
  });
});
