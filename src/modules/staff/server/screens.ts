/** The staff screens' first HTML, loaded over the backend port (the same for both backends). */
import { showsBiography, staffListHref, staffPageCount, type StaffEntry, type StaffRow } from '../contract';
import type { StaffListKind } from '../rules';
import { isSignedOut } from '../../../platform/upstream/errors';
import type { StaffBackend } from './backend';

/** What the screens read: the list only. */
type StaffReader = Pick<StaffBackend, 'listStaff'>;

export interface StaffListScreen {
  /** Every row in order (the table pages through them, 10 at a time); null when the list failed to load. */
  rows: StaffRow[] | null;
  page: number;
  /** A page past the end (a bookmark after deletions): the address of the last page instead. */
  redirect?: string;
}

export type StaffEditScreen =
  | { mode: 'create'; entry: null; showBiography: boolean; sections: string[] }
  | { mode: 'edit'; entry: StaffEntry; showBiography: boolean; sections: string[] }
  /** No such entry in this list (deleted meanwhile, another school's, or not an id). */
  | { mode: 'missing' }
  /** The list could not be loaded: nothing can be saved. */
  | { mode: 'failed' };

/**
 * Spec sections 6 and 8: a list that cannot be loaded is a state of the screens (management
 * disabled), not an error page; a sign-out still goes to the login.
 */
async function listOrNull(staff: StaffReader, list: StaffListKind): Promise<StaffEntry[] | null> {
  try {
    return await staff.listStaff(list);
  } catch (err) {
    if (isSignedOut(err)) throw err;
    console.error(`The ${list} staff list could not be loaded:`, err instanceof Error ? err.message : 'error');
    return null;
  }
}

/** The list screen's first HTML, at the address's page (1-based). */
export async function loadStaffListScreen(staff: StaffReader, list: StaffListKind, page: number): Promise<StaffListScreen> {
  const entries = await listOrNull(staff, list);
  const rows = entries?.map(({ id, index, name, email }) => ({ id, index, name, email })) ?? null;
  const last = staffPageCount(rows?.length ?? 0);
  return rows && page > last ? { rows, page: last, redirect: staffListHref(list, last) } : { rows, page };
}

/** The edit screen's first HTML: the entry (`?id=`) or a new one, whether the Bio field shows, the list's sections. */
export async function loadStaffEditScreen(staff: StaffReader, list: StaffListKind, idParam: string | null): Promise<StaffEditScreen> {
  const entries = await listOrNull(staff, list);
  if (!entries) return { mode: 'failed' };
  // The sections the list has, in order, for the Section field to suggest.
  const sections = [...new Set(entries.map((entry) => entry.section).filter((section) => section !== ''))];
  if (idParam === null) return { mode: 'create', entry: null, showBiography: showsBiography(null, entries[0] ?? null), sections };
  const id = /^[1-9]\d{0,15}$/.test(idParam) ? Number(idParam) : NaN;
  const entry = entries.find((candidate) => candidate.id === id);
  return entry ? { mode: 'edit', entry, showBiography: showsBiography(entry, null), sections } : { mode: 'missing' };
}
