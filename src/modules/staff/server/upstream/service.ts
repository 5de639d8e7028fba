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
  type MoveStaffRequest,
  type StaffEntry,
  type StaffFields,
  type StaffRowRequest,
  type UpdateStaffRequest,
} from '../../contract';
import { Refusal } from '../../../../platform/errors';
import type { UpstreamScope } from '../../../../platform/upstream/client';
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
  if (before.length >= MAX_STAFF) throw new Refusal(409, 'list_full', STAFF_LIST_FULL);
  await post(up, 'new', { ...fieldsOf(fields), index: before.length });
  const staff = await listStaff(up);
  const entry = staff[before.length] ?? staff.at(-1);
  if (!entry) throw new Refusal(502, 'upstream_failed', 'The school’s backend did not add the entry. Please try again.');
  return { staff, entry };
}

/** Edit Details: the fields of the row the user saw. */
export async function updateStaff(up: UpstreamScope, label: string, input: UpdateStaffRequest): Promise<{ staff: StaffEntry[]; entry: StaffEntry }> {
  const { id, index, ...fields } = input;
  checkImage(label, fields);
  const { at } = locate(await listStaff(up), { id, index });
  await post(up, 'update', { ...fieldsOf(fields), index: at });
  const staff = await listStaff(up);
  const entry = staff[at];
  if (!entry) throw new Refusal(404, STAFF_NOT_FOUND_CODE, STAFF_NOT_FOUND);
  return { staff, entry };
}

/** Delete: the entries below move up one place. */
export async function deleteStaff(up: UpstreamScope, row: StaffRowRequest): Promise<StaffEntry[]> {
  const { at } = locate(await listStaff(up), row);
  await post(up, 'delete', { index: at });
  return listStaff(up);
}

/** One place up or down, never past the ends. */
export async function moveStaff(up: UpstreamScope, input: MoveStaffRequest): Promise<StaffEntry[]> {
  const entries = await listStaff(up);
  const { at } = locate(entries, input);
  const to = input.direction === 'up' ? at - 1 : at + 1;
  if (!entries[to]) throw new Refusal(400, 'at_end', input.direction === 'up' ? STAFF_AT_TOP : STAFF_AT_BOTTOM);
  await post(up, 'move', { index: at, direction: input.direction });
  return listStaff(up);
}
