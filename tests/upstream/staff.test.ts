import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useUpstream } from '../factories/upstream';
import { LEGACY_OTHER_ADMIN, LEGACY_SCHOOL } from '../legacy-backend/seed';
import { staffSlice, type StaffSlice } from '../legacy-backend/modules/staff';
import {
  staffChangeResponseSchema,
  staffListResponseSchema,
  staffSaveResponseSchema,
  STAFF_INDEX_OUT_OF_RANGE,
  STAFF_STALE,
  STAFF_UPDATED,
  type StaffEntry,
} from '../../src/modules/staff/contract';
import { legacyStaffListAnswer } from '../../src/modules/staff/server/upstream/legacy';
import { rowIds } from '../../src/modules/staff/server/upstream/ids';

const PATH = '/api/app/manage/stafflist';

describe('upstream mode: the app staff list', () => {
  const up = useUpstream();
  let cookie = '';
  const slice = (): StaffSlice => {
    const school = up().backend.store.schools.get(LEGACY_SCHOOL)!;
    return staffSlice(up().backend.store, school);
  };
  const names = () => slice().staff.map((person) => person.name);
  const list = async (): Promise<StaffEntry[]> => staffListResponseSchema.parse(await (await up().call(PATH, { cookie })).json()).staff;

  beforeEach(() => {
    cookie = up().signIn();
  });
  afterEach(() => up().backend.store.faults.clear());

  it('GET maps the legacy rows (null biography, missing section, extras dropped) with ids and indexes', async () => {
    const res = await up().call(PATH, { cookie });
    expect(res.status).toBe(200);
    const body = staffListResponseSchema.strict().parse(await res.json());
    expect(body.staff.map((entry) => entry.name)).toEqual(names());
    expect(body.staff.map((entry) => entry.index)).toEqual(body.staff.map((_e, i) => i));
    expect(new Set(body.staff.map((entry) => entry.id)).size).toBe(body.staff.length);
    const last = body.staff.at(-1)!;
    expect(Object.keys(last).sort()).toEqual(['biography', 'class', 'email', 'id', 'imageURL', 'index', 'name', 'role', 'section']);
    expect(last).toMatchObject({ name: 'Liam Caretaker', biography: '', section: '', class: '' });
    expect(body.staff[0]).toMatchObject({ biography: 'Head of the school since 2019.', section: 'Leadership' });
  });

  it('moves a row by its index, keeping its id, and refuses a row no longer where the user saw it', async () => {
    const before = await list();
    const row = before[1]!;
    const res = await up().call(`${PATH}/move`, { cookie, json: { id: row.id, index: 1, direction: 'up' } });
    expect(res.status).toBe(200);
    const after = staffChangeResponseSchema.parse(await res.json()).staff;
    expect(after[0]!.id).toBe(row.id);
    expect(names().slice(0, 2)).toEqual([before[1]!.name, before[0]!.name]);
    // The same request again: the row is now at 0, not 1.
    const stale = await up().call(`${PATH}/move`, { cookie, json: { id: row.id, index: 1, direction: 'up' } });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ success: false, message: STAFF_STALE });
    const top = await up().call(`${PATH}/move`, { cookie, json: { id: row.id, index: 0, direction: 'up' } });
    expect(top.status).toBe(400);
    expect(names()[0]).toBe(before[1]!.name);
  });

  it('adds at the end, updates by index and deletes by index', async () => {
    const count = slice().staff.length;
    const created = await up().call(`${PATH}/new`, {
      cookie,
      json: { name: 'Nina New', role: 'Teacher', email: 'nina@legacy.school', imageURL: 'https://img.example/nina.jpg' },
    });
    expect(created.status).toBe(200);
    const saved = staffSaveResponseSchema.parse(await created.json());
    expect(saved.entry).toMatchObject({ index: count, name: 'Nina New', imageURL: 'https://img.example/nina.jpg' });
    expect(slice().staff[count]).toMatchObject({ name: 'Nina New', email: 'nina@legacy.school', imageURL: 'https://img.example/nina.jpg', biography: null });

    const updated = await up().call(`${PATH}/update`, {
      cookie,
      json: { id: saved.entry.id, index: count, name: 'Nina New', email: 'nina@legacy.school', role: 'Deputy', biography: 'Joined in 2026.' },
    });
    expect(updated.status).toBe(200);
    expect(staffSaveResponseSchema.parse(await updated.json()).entry).toMatchObject({ id: saved.entry.id, role: 'Deputy', biography: 'Joined in 2026.' });
    expect(slice().staff[count]).toMatchObject({ role: 'Deputy', biography: 'Joined in 2026.' });

    const removed = await up().call(`${PATH}/delete`, { cookie, json: { id: saved.entry.id, index: count } });
    expect(removed.status).toBe(200);
    expect(staffChangeResponseSchema.parse(await removed.json()).staff).toHaveLength(count);
    expect(names()).not.toContain('Nina New');
    const gone = await up().call(`${PATH}/delete`, { cookie, json: { id: saved.entry.id, index: count } });
    expect(gone.status).toBe(404);
  });

  it('takes the spec’s bodies, by index alone (update, move, delete), and refuses an index past the end', async () => {
    const before = await list();
    const count = before.length;
    const updated = await up().call(`${PATH}/update`, {
      cookie,
      json: { name: 'Renamed Head', class: '', role: 'Principal', email: 'head@legacy.school', imageURL: '', biography: 'Since 2019.', section: 'Leadership', index: 0 },
    });
    expect(updated.status).toBe(200);
    expect(staffSaveResponseSchema.parse(await updated.json()).entry).toMatchObject({ index: 0, name: 'Renamed Head', role: 'Principal' });
    expect(slice().staff[0]).toMatchObject({ name: 'Renamed Head', role: 'Principal', email: 'head@legacy.school' });
    const moved = await up().call(`${PATH}/move`, { cookie, json: { index: 0, direction: 'down' } });
    expect(moved.status).toBe(200);
    expect(names().slice(0, 2)).toEqual([before[1]!.name, 'Renamed Head']);
    const removed = await up().call(`${PATH}/delete`, { cookie, json: { index: 1 } });
    expect(removed.status).toBe(200);
    expect(names()).not.toContain('Renamed Head');
    expect(slice().staff).toHaveLength(count - 1);
    for (const [action, json] of [
      ['update', { name: 'Nobody', index: count - 1 }],
      ['delete', { index: count - 1 }],
      ['move', { index: count + 5, direction: 'up' }],
    ] as const) {
      const res = await up().call(`${PATH}/${action}`, { cookie, json });
      expect(res.status, action).toBe(404);
      expect(await res.json()).toMatchObject({ success: false, message: STAFF_INDEX_OUT_OF_RANGE });
    }
    expect(slice().staff).toHaveLength(count - 1);
  });

  it('checks the fields before the legacy backend sees them', async () => {
    const count = slice().staff.length;
    const res = await up().call(`${PATH}/new`, { cookie, json: { name: '  ', email: 'x' } });
    expect(res.status).toBe(400);
    const photo = await up().call(`${PATH}/new`, { cookie, json: { name: 'P', imageURL: '/uploads/other.school/a.png' } });
    expect(photo.status).toBe(400);
    expect(slice().staff).toHaveLength(count);
  });

  it('a legacy refusal is a 400 with its message; a malformed list is a 502 logged without the body', async () => {
    up().backend.store.faults.set(PATH, { kind: 'malformed', body: { success: 1, isAuthFailed: 0, staff: [{ name: { first: 'Pupil Private' } }] } });
    const before = up().logs.length;
    const res = await up().call(PATH, { cookie });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ success: false, isAuthFailed: false });
    const lines = up().logs.slice(before).join('\n');
    expect(lines).toContain(`GET ${PATH}`);
    expect(lines).not.toContain('Pupil Private');
  });

  it('never shows another school’s list; a school without the app is refused by the gate', async () => {
    const ours = await list();
    expect(ours.map((entry) => entry.name)).not.toContain('Other Private Person');
    const other = await up().call(PATH, { cookie: up().signIn(LEGACY_OTHER_ADMIN.email) });
    expect(other.status).toBe(403);
    expect(JSON.stringify(await other.json())).not.toContain('Other Private Person');
  });

  it('does not serve the website list or Upload photo (not legacy calls)', async () => {
    expect((await up().call('/api/website/managestaff/stafflist', { cookie })).status).toBe(404);
    expect(STAFF_UPDATED).toBe('Your staff list has been updated.');
  });
});

describe('staff legacy schema and ids: recorded answers', () => {
  it('reads a list keyed by index, ids as text, nulls and missing fields', () => {
    const answer = legacyStaffListAnswer.parse({
      success: 'true',
      staff: {
        0: { id: '41', name: 'A', class: null, role: 'R', email: 'a@x.org', imageURL: null, biography: null },
        1: { name: 'B', email: 'b@x.org', position: '1' },
      },
    });
    expect(answer.staff.map((row) => [row.id, row.name, row.class, row.section])).toEqual([
      [41, 'A', '', ''],
      [undefined, 'B', '', ''],
    ]);
    expect(legacyStaffListAnswer.parse({ success: true, staff: null }).staff).toEqual([]);
    expect(legacyStaffListAnswer.safeParse({ staff: [{ id: 'x' }] }).success).toBe(false);
  });

  it('makes ids from who a row is: stable across moves and edits, identical rows told apart', () => {
    const a = { name: 'Ann', email: 'ann@x.org' };
    const b = { name: 'Bob', email: 'bob@x.org' };
    const [idA, idB] = rowIds([a, b]);
    expect(rowIds([b, a])).toEqual([idB, idA]);
    expect(rowIds([{ ...a, name: 'ANN ' }])[0]).toBe(idA);
    const twins = rowIds([a, a]);
    expect(twins[0]).not.toBe(twins[1]);
    expect(rowIds([{ id: 7, ...a }])).toEqual([7]);
    for (const id of [idA!, idB!]) expect(id).toBeGreaterThan(0);
  });
});
