/**
 * The app's staff list calls of the reference legacy backend (README.md). The list is one ordered
 * array per school, named by index only (no ids), with the quirks such backends have:
 *
 *   GET  /api/app/manage/stafflist -> { success: 'true', isAuthFailed: 0, staff: Staff[] } (`staff: null` when empty)
 *     Staff: { name, class, role, email, imageURL, biography (null when none), section (missing when none),
 *              position: the index as text (extra), updated: 'YYYY-MM-DD HH:MM:SS' (extra) }
 *   POST /api/app/manage/stafflist/new    { name, class, role, email, imageURL, biography, section, index } -> success
 *        (inserted at `index` when given, else appended)
 *   POST /api/app/manage/stafflist/update { ...fields, index }  -> success
 *   POST /api/app/manage/stafflist/delete { index }             -> success
 *   POST /api/app/manage/stafflist/move   { index, direction: 'up' | 'down' } -> success
 *   `index` may come as a number or its text. A bad index, a move past an end, or a school without
 *   the app: `{ success: false, message }` (HTTP 200). No change answers the list: callers load it again.
 */
import type { LegacyRouter } from '../router';
import { legacyFail, legacyOk, type LegacyAnswer, type LegacyHandler } from '../router';
import type { School, LegacyStore } from '../store';
import { LEGACY_SCHOOL } from '../seed';

export interface LegacyStaff {
  name: string;
  class: string;
  role: string;
  email: string;
  imageURL: string;
  biography: string | null;
  section?: string;
  updated: string;
}

export interface StaffSlice {
  staff: LegacyStaff[];
}

const FIELDS = ['name', 'class', 'role', 'email', 'imageURL', 'biography', 'section'] as const;
const SEEDED = '2026-01-05 08:00:00';

const PEOPLE: ReadonlyArray<[string, string, string]> = [
  ['Alice Head', 'Office', 'Headteacher'],
  ['Ben Deputy', 'Office', 'Deputy Head'],
  ['Cara Reception', 'Reception', 'Teacher'],
  ['Dan Year1', 'Year 1', 'Teacher'],
  ['Eve Year2', 'Year 2', 'Teacher'],
  ['Finn Year3', 'Year 3', 'Teacher'],
  ['Gina Year4', 'Year 4', 'Teacher'],
  ['Hugo Year5', 'Year 5', 'Teacher'],
  ['Iris Year6', 'Year 6', 'Teacher'],
  ['Jack Senco', 'Office', 'SENCO'],
  ['Kate Admin', 'Office', 'Administrator'],
  ['Liam Caretaker', '', 'Site Manager'],
];

function initStaff(school: School): StaffSlice {
  if (school.label !== LEGACY_SCHOOL) {
    return {
      staff: [{ name: 'Other Private Person', class: '', role: 'Teacher', email: 'private@other.school', imageURL: '', biography: null, updated: SEEDED }],
    };
  }
  return {
    staff: PEOPLE.map(([name, klass, role], i) => ({
      name,
      class: klass,
      role,
      email: `${name.split(' ')[0]!.toLowerCase()}@legacy.school`,
      imageURL: '',
      biography: i === 0 ? 'Head of the school since 2019.' : null,
      ...(i < 3 ? { section: 'Leadership' } : {}),
      updated: SEEDED,
    })),
  };
}

export function staffSlice(store: LegacyStore, school: School): StaffSlice {
  return store.slice(school, 'staff', () => initStaff(school));
}

function readIndex(value: unknown, length: number): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 0 && n < length ? n : null;
}

function readFields(body: Record<string, unknown>): Omit<LegacyStaff, 'updated'> {
  const text = (key: (typeof FIELDS)[number]) => (typeof body[key] === 'string' ? (body[key] as string) : '');
  const section = text('section');
  return {
    name: text('name'),
    class: text('class'),
    role: text('role'),
    email: text('email'),
    imageURL: text('imageURL'),
    biography: text('biography') || null,
    ...(section ? { section } : {}),
  };
}

const now = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

export function registerStaff(router: LegacyRouter): void {
  const base = '/api/app/manage/stafflist';
  const withList =
    (run: (list: LegacyStaff[], body: Record<string, unknown>) => LegacyAnswer): LegacyHandler =>
    async (request, store) => {
      const school = request.school!;
      if (!school.products.app) return legacyFail('The app is not enabled for this school.');
      const body = request.method === 'POST' ? ((await request.json()) as Record<string, unknown> | null) : {};
      return run(staffSlice(store, school).staff, body ?? {});
    };

  router.on(
    'GET',
    base,
    withList((list) => legacyOk({ staff: list.length ? list.map((person, i) => ({ ...person, position: String(i) })) : null })),
  );
  router.on(
    'POST',
    `${base}/new`,
    withList((list, body) => {
      const fields = readFields(body);
      if (!fields.name.trim()) return legacyFail('Name is required.');
      const at = readIndex(body.index, list.length + 1) ?? list.length;
      list.splice(at, 0, { ...fields, updated: now() });
      return legacyOk();
    }),
  );
  router.on(
    'POST',
    `${base}/update`,
    withList((list, body) => {
      const at = readIndex(body.index, list.length);
      if (at === null) return legacyFail('No such staff member.');
      const fields = readFields(body);
      if (!fields.name.trim()) return legacyFail('Name is required.');
      list[at] = { ...fields, updated: now() };
      return legacyOk();
    }),
  );
  router.on(
    'POST',
    `${base}/delete`,
    withList((list, body) => {
      const at = readIndex(body.index, list.length);
      if (at === null) return legacyFail('No such staff member.');
      list.splice(at, 1);
      return legacyOk();
    }),
  );
  router.on(
    'POST',
    `${base}/move`,
    withList((list, body) => {
      const at = readIndex(body.index, list.length);
      const to = at === null ? -1 : body.direction === 'up' ? at - 1 : body.direction === 'down' ? at + 1 : -1;
      if (at === null || to < 0 || to >= list.length) return legacyFail('Cannot move there.');
      [list[at], list[to]] = [list[to]!, list[at]!];
      return legacyOk();
    }),
  );
}
