/**
 * The app's staff list against the legacy backend (upstream mode): its calls name a row by index
 * only, so every change first loads the list and checks that the row the user saw (its id, see
 * ids.ts) is still at the index they saw, as the embedded service does under its lock; the
 * change then goes by index, and the list is loaded again for the answer. (Between that check
 * and the change another editor could still move the list: the legacy backend offers no lock.)
 */
import {
  MAX_STAFF,
  STAFF_AT_BOTTOM,
  STAFF_AT_TOP,
  STAFF_LIST_FULL,
  STAFF_NOT_FOUND,
  STAFF_NOT_FOUND_CODE,
  showsBiography,
  staffListHref,
  staffPageCount,
  type MoveStaffRequest,
  type StaffEntry,
  type StaffFields,
  type StaffRowRequest,
  type UpdateStaffRequest,
} from '../../../contracts/staff';
import { Refusal } from '../../errors';
import type { UpstreamScope } from '../../upstream/client';
import { UpstreamFailure } from '../../upstream/errors';
import type { StaffEditScreen, StaffListScreen } from '../service';
import { rowIds } from './ids';
import { checkImage, locate } from '../row-checks';
import { legacyChangeAnswer, legacyStaffListAnswer } from './legacy';

const BASE = '/api/app/manage/stafflist';

/** GET …/stafflist: the list in its order, each row with its id and index. */
export async function listStaff(up: UpstreamScope): Promise<StaffEntry[]> {
  const answer = await up.json({ method: 'GET', path: BASE }, legacyStaffListAnswer);
  const ids = rowIds(answer.staff);
  return answer.staff.map((row, index) => ({
    id: ids[index]!,
    index,
    name: row.name,
    class: row.class,
    role: row.role,
    email: row.email,
    imageURL: row.imageURL,
    biography: row.biography,
    section: row.section,
  }));
}

function post(up: UpstreamScope, action: 'new' | 'update' | 'delete' | 'move', json: Record<string, unknown>) {
  return up.json({ method: 'POST', path: `${BASE}/${action}`, json }, legacyChangeAnswer);
}

function fieldsOf(fields: StaffFields): StaffFields {
  const { name, class: klass, role, email, imageURL, biography, section } = fields;
  return { name, class: klass, role, email, imageURL, biography, section };
}

/** New Staff: the entry joins the end of the list. */
export async function createStaff(up: UpstreamScope, label: string, fields: StaffFields): Promise<{ staff: StaffEntry[]; entry: StaffEntry }> {
  checkImage(label, fields);
  const before = await listStaff(up);
  if (before.length >= MAX_STAFF) throw new Refusal(409, STAFF_LIST_FULL, 'list_full');
  await post(up, 'new', { ...fieldsOf(fields), index: before.length });
  const staff = await listStaff(up);
  const entry = staff[before.length] ?? staff.at(-1);
  if (!entry) throw new UpstreamFailure(502, 'The school’s backend did not add the entry. Please try again.', 'upstream_failed');
  return { staff, entry };
}

/** Edit Details: the fields of the row the user saw. */
export async function updateStaff(up: UpstreamScope, label: string, input: UpdateStaffRequest): Promise<{ staff: StaffEntry[]; entry: StaffEntry }> {
  const { id, index, ...fields } = input;
  checkImage(label, fields);
  const at = locate(await listStaff(up), { id, index });
  await post(up, 'update', { ...fieldsOf(fields), index: at });
  const staff = await listStaff(up);
  const entry = staff[at];
  if (!entry) throw new Refusal(404, STAFF_NOT_FOUND, STAFF_NOT_FOUND_CODE);
  return { staff, entry };
}

/** Delete: the entries below move up one place. */
export async function deleteStaff(up: UpstreamScope, row: StaffRowRequest): Promise<StaffEntry[]> {
  const at = locate(await listStaff(up), row);
  await post(up, 'delete', { index: at });
  return listStaff(up);
}

/** One place up or down, never past the ends. */
export async function moveStaff(up: UpstreamScope, input: MoveStaffRequest): Promise<StaffEntry[]> {
  const entries = await listStaff(up);
  const at = locate(entries, input);
  const to = input.direction === 'up' ? at - 1 : at + 1;
  if (!entries[to]) throw new Refusal(400, input.direction === 'up' ? STAFF_AT_TOP : STAFF_AT_BOTTOM, 'at_end');
  await post(up, 'move', { index: at, direction: input.direction });
  return listStaff(up);
}

/* ---- The screens' loaders (as the embedded ones answer) ---- */

/** A list that cannot be loaded is a state of the screens (management disabled); a sign-out still goes to the login. */
async function listOrNull(up: UpstreamScope): Promise<StaffEntry[] | null> {
  try {
    return await listStaff(up);
  } catch (err) {
    if (err instanceof UpstreamFailure && err.status === 401) throw err;
    console.error('The app staff list could not be loaded:', err instanceof Error ? err.message : 'error');
    return null;
  }
}

export async function loadStaffListScreen(up: UpstreamScope, page: number): Promise<StaffListScreen> {
  const staff = await listOrNull(up);
  const rows = staff?.map(({ id, index, name, email }) => ({ id, index, name, email })) ?? null;
  const last = staffPageCount(rows?.length ?? 0);
  return rows && page > last ? { rows, page: last, redirect: staffListHref('app', last) } : { rows, page };
}

export async function loadStaffEditScreen(up: UpstreamScope, idParam: string | null): Promise<StaffEditScreen> {
  const staff = await listOrNull(up);
  if (!staff) return { mode: 'failed' };
  const sections = [...new Set(staff.map((entry) => entry.section).filter((section) => section !== ''))];
  if (idParam === null) return { mode: 'create', entry: null, showBiography: showsBiography(null, staff[0] ?? null), sections };
  const id = /^[1-9]\d{0,15}$/.test(idParam) ? Number(idParam) : NaN;
  const entry = staff.find((candidate) => candidate.id === id);
  return entry ? { mode: 'edit', entry, showBiography: showsBiography(entry, null), sections } : { mode: 'missing' };
}
