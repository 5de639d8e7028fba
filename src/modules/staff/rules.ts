/**
 * The staff lists' plain rules and texts (no zod): the edit screen checks with these before it
 * calls, the contract's schemas (./staff.ts) check with the same ones, and the pages and islands
 * import them without shipping the schemas.
 */
import { MAX_EMAIL_LENGTH } from '../../lib/forms';

/** Each school has two staff lists: the one its app shows and the one its website publishes. */
export const STAFF_LIST_KINDS = ['app', 'website'] as const;
export type StaffListKind = (typeof STAFF_LIST_KINDS)[number];

/** Spec section 9: 10 a page. */
export const STAFF_PAGE_SIZE = 10;
/** The most people one list holds (a school's staff, with room to spare). */
export const MAX_STAFF = 500;

/* ---- Texts (spec section 8, and the refusals it leaves open) ---- */

export const STAFF_UPDATED = 'Your staff list has been updated.';
export const STAFF_LOAD_FAILED = 'Your staff list failed to load, please try again.';
/** The row the user saw at that place is not there any more: someone else changed the list meanwhile. */
export const STAFF_STALE =
  'Your staff list has changed since you opened it (someone else may be editing it). Nothing was changed: please check the list and try again.';
export const STAFF_NOT_FOUND = 'This person is no longer on your staff list (someone else may have removed them). Nothing was changed.';
/** A change named by its index only (the spec's body) whose index is past the list's end. */
export const STAFF_INDEX_OUT_OF_RANGE = 'There is no one at that place on your staff list (it may have changed since you opened it). Nothing was changed.';
export const STAFF_AT_TOP = 'This person is already at the top of the list.';
export const STAFF_AT_BOTTOM = 'This person is already at the bottom of the list.';
export const STAFF_LIST_FULL = `A staff list can hold at most ${MAX_STAFF} people.`;
export const STAFF_PHOTO_UPLOADED = 'Photo uploaded: its address is in Image URL.';

/** Refusal codes a client branches on: the list it shows is out of date and is loaded again. */
export const STAFF_STALE_CODE = 'stale';
export const STAFF_NOT_FOUND_CODE = 'staff_not_found';

/* ---- Fields (spec section 3: name, class, role, email, imageURL, biography, section) ---- */

export const STAFF_FIELDS = ['name', 'class', 'role', 'email', 'imageURL', 'biography', 'section'] as const;
export type StaffField = (typeof STAFF_FIELDS)[number];
export type StaffFields = Record<StaffField, string>;

export const STAFF_LIMITS: Readonly<Record<StaffField, number>> = {
  name: 200,
  class: 100,
  role: 200,
  email: MAX_EMAIL_LENGTH,
  imageURL: 2048,
  biography: 5000,
  section: 100,
};

export const STAFF_LABELS: Readonly<Record<StaffField, string>> = {
  name: 'Name',
  class: 'Class',
  role: 'Role',
  email: 'Email',
  imageURL: 'Image URL',
  biography: 'Biography',
  section: 'Section',
};

export const NAME_REQUIRED = 'Failed! Please enter a name.';
export const INVALID_STAFF_EMAIL = 'Failed! Please enter a valid email address, or leave Email empty.';
export const INVALID_IMAGE_URL = 'Failed! The image URL must be an https:// address, or a photo uploaded with Upload photo.';
export const CONTROL_CHARACTERS_REFUSED = 'Failed! Line breaks and control characters are not allowed here.';

export function tooLong(field: StaffField): string {
  return `Failed! ${STAFF_LABELS[field]} can be at most ${STAFF_LIMITS[field].toLocaleString('en-GB')} characters.`;
}

/** Control characters: none in one-line fields; the biography keeps its line breaks (and tabs). */
const CONTROL = /[\u0000-\u001f\u007f]/;
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function hasControlCharacters(field: StaffField, value: string): boolean {
  return (field === 'biography' ? CONTROL_BUT_LINES : CONTROL).test(value);
}

/** A photo uploaded through the portal: `/uploads/<school>/<file>` (what the upload call answers). */
const UPLOAD_PATH = /^\/uploads\/[^/\s?#]+\/[^/\s?#]+$/;

/**
 * Whether an Image URL is one the school's app and public site can show: an absolute https
 * address (the public site's policy allows https images only) or an uploaded photo's path.
 */
export function isImageUrl(value: string): boolean {
  if (UPLOAD_PATH.test(value)) return !value.includes('..');
  if (!/^https:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The browser's quick check of an address (the server's is zod's). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface StaffFieldProblem {
  field: StaffField;
  message: string;
}

/**
 * The first problem of the fields as typed (trimmed as the server trims them), or null: the
 * same rules as the contract's schema, so the edit screen tells the user before it calls.
 */
export function staffFieldProblem(values: StaffFields): StaffFieldProblem | null {
  for (const field of STAFF_FIELDS) {
    const value = values[field].trim();
    if (field === 'name' && value === '') return { field, message: NAME_REQUIRED };
    if (Array.from(value).length > STAFF_LIMITS[field]) return { field, message: tooLong(field) };
    if (hasControlCharacters(field, value)) return { field, message: CONTROL_CHARACTERS_REFUSED };
    if (field === 'email' && value !== '' && !EMAIL_SHAPE.test(value)) return { field, message: INVALID_STAFF_EMAIL };
    if (field === 'imageURL' && value !== '' && !isImageUrl(value)) return { field, message: INVALID_IMAGE_URL };
  }
  return null;
}

/** The field a server refusal is about, by its message (the contract's messages are these texts). */
export function staffFieldOf(message: string): StaffField | undefined {
  if (message === NAME_REQUIRED) return 'name';
  if (message === INVALID_STAFF_EMAIL) return 'email';
  if (message === INVALID_IMAGE_URL) return 'imageURL';
  return STAFF_FIELDS.find((field) => message === tooLong(field));
}

/**
 * Spec section 3: the Bio field shows only when the entry has a biography; for a new entry, when
 * the list's first entry has one. (A new entry of an empty list shows it: the first one sets the pattern.)
 */
export function showsBiography(entry: { biography: string } | null, first: { biography: string } | null): boolean {
  if (entry) return entry.biography.trim() !== '';
  return first === null || first.biography.trim() !== '';
}

/* ---- Places ---- */

/** The portal's screens of each list (the App and Website menus link the first). */
export const STAFF_SCREENS: Readonly<Record<StaffListKind, { list: string; edit: string; product: string }>> = {
  app: { list: '/app/managestaff', edit: '/app/managestaff/edit', product: 'App' },
  website: { list: '/website/managestaff', edit: '/website/managestaff/edit', product: 'Website' },
};

/** The page of the list (1-based) that shows the entry at `index` (0-based). */
export function staffPageOf(index: number): number {
  return Math.floor(Math.max(0, index) / STAFF_PAGE_SIZE) + 1;
}

export function staffPageCount(count: number): number {
  return Math.max(1, Math.ceil(count / STAFF_PAGE_SIZE));
}

/** The list screen's address at a page (page 1 has no query). */
export function staffListHref(kind: StaffListKind, page: number): string {
  return page > 1 ? `${STAFF_SCREENS[kind].list}?page=${page}` : STAFF_SCREENS[kind].list;
}

/** The edit screen of an entry, or of a new one. */
export function staffEditHref(kind: StaffListKind, id?: number): string {
  return id === undefined ? STAFF_SCREENS[kind].edit : `${STAFF_SCREENS[kind].edit}?id=${id}`;
}

/**
 * The public site's staff directory: two segments under the school, so no page's slug (one
 * segment, never holding '/') can ever take its address.
 */
export function staffDirectoryUrl(label: string): string {
  return `/sites/${label}/directory/staff`;
}
