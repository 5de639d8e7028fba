import { inTransaction, type RequestContext, type SchoolContext } from '../../../../platform/context';
import type { Db } from '../../../../platform/db';
import { lockInTransaction } from '../../../../platform/db';
import { Refusal } from '../../../../platform/errors';
import { cleanFileName, uploadMedia } from '../../../website/server';
import {
  MAX_STAFF,
  STAFF_AT_BOTTOM,
  STAFF_AT_TOP,
  STAFF_LIST_FULL,
  type MoveStaffRequest,
  type StaffEntry,
  type StaffFields,
  type StaffListKind,
  type StaffRowRequest,
  type UpdateStaffRequest,
} from '../../contract';
import * as repo from './repository';
import { checkImage, locate } from '../row-checks';

/**
 * The staff lists: one service for both of a school's lists (the app's and the website's), named
 * by `list`. Every change runs in one transaction that holds the list's lock and checks the row
 * the user saw (its id at its index; by index alone, the row now there) before it touches anything, so two people editing at once
 * never move, change or delete the wrong person, and positions stay 0 to n - 1.
 */

export { staffDirectoryUrl } from '../../rules';

function toEntry(record: repo.StaffRecord, index: number): StaffEntry {
  return {
    id: record.id,
    index,
    name: record.name,
    class: record.class,
    role: record.role,
    email: record.email,
    imageURL: record.imageURL,
    biography: record.biography,
    section: record.section,
  };
}

function toEntries(records: readonly repo.StaffRecord[]): StaffEntry[] {
  return records.map(toEntry);
}

/** The list in its order (GET …/stafflist). */
export async function listStaff(ctx: SchoolContext, list: StaffListKind): Promise<StaffEntry[]> {
  return toEntries(await repo.listEntries(ctx.db, ctx.domain.id, list));
}

/** In the caller's transaction: the list, read after taking its lock (changes of one list take turns). */
async function lockedList(trx: SchoolContext, list: StaffListKind): Promise<repo.StaffRecord[]> {
  await lockInTransaction(trx.db, `staff-list:${trx.domain.id}:${list}`);
  return repo.listEntries(trx.db, trx.domain.id, list);
}

/** New Staff: the entry joins the end of the list. */
export async function createStaff(ctx: RequestContext, list: StaffListKind, fields: StaffFields): Promise<{ staff: StaffEntry[]; entry: StaffEntry }> {
  checkImage(ctx.domain.label, fields);
  return inTransaction(ctx, async (trx) => {
    const entries = await lockedList(trx, list);
    if (entries.length >= MAX_STAFF) throw new Refusal(409, 'list_full', STAFF_LIST_FULL);
    const id = await repo.insertEntry(trx.db, trx.domain.id, list, fields, entries.length, trx.now);
    const staff = await listStaff(trx, list);
    return { staff, entry: staff.find((entry) => entry.id === id)! };
  });
}

/** Edit Details: the fields of the row the user saw (its id at its index). */
export async function updateStaff(ctx: RequestContext, list: StaffListKind, input: UpdateStaffRequest): Promise<{ staff: StaffEntry[]; entry: StaffEntry }> {
  const { id, index, ...fields } = input;
  checkImage(ctx.domain.label, fields);
  return inTransaction(ctx, async (trx) => {
    const row = locate(await lockedList(trx, list), { id, index });
    await repo.updateEntry(trx.db, trx.domain.id, list, row.id, fields, trx.now);
    const staff = await listStaff(trx, list);
    return { staff, entry: staff[row.at]! };
  });
}

/** Delete (after the screen's confirm): the entries below move up one place. */
export async function deleteStaff(ctx: RequestContext, list: StaffListKind, row: StaffRowRequest): Promise<StaffEntry[]> {
  return inTransaction(ctx, async (trx) => {
    const { at, id } = locate(await lockedList(trx, list), row);
    await repo.deleteEntry(trx.db, trx.domain.id, list, id, at);
    return listStaff(trx, list);
  });
}

/** Spec section 4: one place up or down, never past the ends (the row swaps places with its neighbour). */
export async function moveStaff(ctx: RequestContext, list: StaffListKind, input: MoveStaffRequest): Promise<StaffEntry[]> {
  return inTransaction(ctx, async (trx) => {
    const entries = await lockedList(trx, list);
    const { at, id } = locate(entries, input);
    const to = input.direction === 'up' ? at - 1 : at + 1;
    const neighbour = entries[to];
    if (!neighbour) throw new Refusal(400, 'at_end', input.direction === 'up' ? STAFF_AT_TOP : STAFF_AT_BOTTOM);
    await repo.setPosition(trx.db, trx.domain.id, list, id, to, trx.now);
    await repo.setPosition(trx.db, trx.domain.id, list, neighbour.id, at, trx.now);
    return listStaff(trx, list);
  });
}

/**
 * Upload photo: an image (checked by its bytes, as every upload is) stored with the school's
 * website uploads; its public address fills Image URL.
 */
export async function uploadStaffPhoto(ctx: SchoolContext, dataDir: string, file: File): Promise<{ url: string }> {
  const media = await uploadMedia(ctx, dataDir, { bytes: new Uint8Array(await file.arrayBuffer()), name: cleanFileName(file.name) }, true);
  return { url: media.source_url };
}

/* ---- The public site ---- */

export interface StaffGroup {
  /** The section's name; '' for the people without one. */
  section: string;
  people: StaffEntry[];
}

/**
 * The directory's groups: sections in the order their first person appears in the list (the
 * school orders its list), each in list order; people without a section last.
 */
export function groupBySection(entries: readonly StaffEntry[]): StaffGroup[] {
  const groups = new Map<string, StaffEntry[]>();
  for (const entry of entries) {
    if (entry.section === '') continue;
    const group = groups.get(entry.section) ?? [];
    group.push(entry);
    groups.set(entry.section, group);
  }
  const unsectioned = entries.filter((entry) => entry.section === '');
  return [...[...groups].map(([section, people]) => ({ section, people })), ...(unsectioned.length > 0 ? [{ section: '', people: unsectioned }] : [])];
}

/** The school's staff directory (the website list, grouped by section) for its public site. */
export async function loadStaffDirectory(ctx: SchoolContext): Promise<StaffGroup[]> {
  return groupBySection(await listStaff(ctx, 'website'));
}

/** Whether the school's public site has a staff directory to link to (its website list has anyone). */
export function hasStaffDirectory(db: Db, schoolId: number): Promise<boolean> {
  return repo.hasEntries(db, schoolId, 'website');
}
