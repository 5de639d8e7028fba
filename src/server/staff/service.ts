import { inTransaction, type RequestContext, type SchoolContext } from '../context';
import type { Db } from '../db';
import { lockInTransaction } from '../db';
import { Refusal } from '../errors';
import { cleanFileName, uploadMedia } from '../website/service';
import {
  MAX_STAFF,
  STAFF_AT_BOTTOM,
  STAFF_AT_TOP,
  STAFF_LIST_FULL,
  showsBiography,
  staffListHref,
  staffPageCount,
  type MoveStaffRequest,
  type StaffEntry,
  type StaffFields,
  type StaffListKind,
  type StaffRow,
  type StaffRowRequest,
  type UpdateStaffRequest,
} from '../../contracts/staff';
import * as repo from './repository';
import { checkImage, locate } from './row-checks';

/**
 * The staff lists: one service for both of a school's lists (the app's and the website's), named
 * by `list`. Every change runs in one transaction that holds the list's lock and checks the row
 * the user saw (its id at its index) before it touches anything, so two people editing at once
 * never move, change or delete the wrong person, and positions stay 0 to n - 1.
 */

export { staffDirectoryUrl } from '../../contracts/staff-rules';

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
    if (entries.length >= MAX_STAFF) throw new Refusal(409, STAFF_LIST_FULL, 'list_full');
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
    const at = locate(await lockedList(trx, list), { id, index });
    await repo.updateEntry(trx.db, trx.domain.id, list, id, fields, trx.now);
    const staff = await listStaff(trx, list);
    return { staff, entry: staff[at]! };
  });
}

/** Delete (after the screen's confirm): the entries below move up one place. */
export async function deleteStaff(ctx: RequestContext, list: StaffListKind, row: StaffRowRequest): Promise<StaffEntry[]> {
  return inTransaction(ctx, async (trx) => {
    const at = locate(await lockedList(trx, list), row);
    await repo.deleteEntry(trx.db, trx.domain.id, list, row.id, at);
    return listStaff(trx, list);
  });
}

/** Spec section 4: one place up or down, never past the ends (the row swaps places with its neighbour). */
export async function moveStaff(ctx: RequestContext, list: StaffListKind, input: MoveStaffRequest): Promise<StaffEntry[]> {
  return inTransaction(ctx, async (trx) => {
    const entries = await lockedList(trx, list);
    const at = locate(entries, input);
    const to = input.direction === 'up' ? at - 1 : at + 1;
    const neighbour = entries[to];
    if (!neighbour) throw new Refusal(400, input.direction === 'up' ? STAFF_AT_TOP : STAFF_AT_BOTTOM, 'at_end');
    await repo.setPosition(trx.db, trx.domain.id, list, input.id, to, trx.now);
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

/* ---- The screens' loaders ---- */

function toRow(entry: StaffEntry): StaffRow {
  return { id: entry.id, index: entry.index, name: entry.name, email: entry.email };
}

/** Spec sections 6 and 8: a list that cannot be loaded is a state of the screens (management disabled), not an error page. */
function failedToLoad(list: StaffListKind): (err: unknown) => null {
  return (err) => {
    console.error(`The ${list} staff list could not be loaded:`, err);
    return null;
  };
}

export interface StaffListScreen {
  /** Every row in order (the table pages through them, 10 at a time); null when the list failed to load. */
  rows: StaffRow[] | null;
  page: number;
  /** A page past the end (a bookmark after deletions): the address of the last page instead. */
  redirect?: string;
}

/** The list screen's first HTML, at the address's page (1-based). */
export async function loadStaffListScreen(ctx: SchoolContext, list: StaffListKind, page: number): Promise<StaffListScreen> {
  const rows = await listStaff(ctx, list).then((staff) => staff.map(toRow), failedToLoad(list));
  const last = staffPageCount(rows?.length ?? 0);
  return rows && page > last ? { rows, page: last, redirect: staffListHref(list, last) } : { rows, page };
}

export type StaffEditScreen =
  | { mode: 'create'; entry: null; showBiography: boolean; sections: string[] }
  | { mode: 'edit'; entry: StaffEntry; showBiography: boolean; sections: string[] }
  /** No such entry in this list (deleted meanwhile, another school's, or not an id). */
  | { mode: 'missing' }
  /** The list could not be loaded: nothing can be saved. */
  | { mode: 'failed' };

/** The edit screen's first HTML: the entry (`?id=`) or a new one, whether the Bio field shows, the list's sections. */
export async function loadStaffEditScreen(ctx: SchoolContext, list: StaffListKind, idParam: string | null): Promise<StaffEditScreen> {
  const staff = await listStaff(ctx, list).catch(failedToLoad(list));
  if (!staff) return { mode: 'failed' };
  // The sections the list has, in order, for the Section field to suggest.
  const sections = [...new Set(staff.map((entry) => entry.section).filter((section) => section !== ''))];
  if (idParam === null) return { mode: 'create', entry: null, showBiography: showsBiography(null, staff[0] ?? null), sections };
  const id = /^[1-9]\d{0,15}$/.test(idParam) ? Number(idParam) : NaN;
  const entry = staff.find((candidate) => candidate.id === id);
  return entry ? { mode: 'edit', entry, showBiography: showsBiography(entry, null), sections } : { mode: 'missing' };
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
