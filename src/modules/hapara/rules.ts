/**
 * Learning in the Cloud's plain rules and texts (no zod): islands import these without shipping
 * the schemas, and the contract re-exports them.
 */
export { FIELDS_REQUIRED } from '../../lib/forms';

/** Spec section 9: the student list shows 10 students a page. */
export const HAPARA_PAGE_SIZE = 10;
/** Spec sections 2 and 9: shown whenever the student list is being fetched. */
export const STUDENTS_LOADING = 'Loading... This may take up to 30 seconds!';
/** Spec section 8: where a failed student-list or class-list load sends the user. */
export const HAPARA_LOAD_FAILED_PATH = '/hapara/upload';

/** Spec section 3: the folder '*' is shown as 'All Files'. */
export const ALL_FILES_FOLDER = '*';
export const ALL_FILES = 'All Files';

/** Spec section 1/4: changes wait for the provider; the user is told they will be notified by email. */
export const STUDENT_ADD_REQUESTED = 'Success! The new student has been sent to your provider for verification. You will be notified by email.';
export const STUDENT_EDIT_REQUESTED = 'Success! The changes have been sent to your provider for verification. You will be notified by email.';
export const STUDENT_DELETE_REQUESTED = 'Success! The deletion has been sent to your provider for verification. You will be notified by email.';
export const CLASSES_REQUESTED = 'Success! Your class changes have been sent to your provider for verification. You will be notified by email.';
export const LEAVERS_REQUESTED = 'Success! The leavers have been sent to your provider for verification. You will be notified by email.';
/** The badge on a row whose change waits for the provider. */
export const PENDING_VERIFICATION = 'Pending verification';
/** A second change to a row that already has one waiting. */
export const ALREADY_PENDING = 'This student already has a change waiting for verification. Please wait until your provider has processed it.';
export const CLASSES_ALREADY_PENDING = 'Your class changes are waiting for verification. Please wait until your provider has processed them.';
export const NO_CLASS_CHANGES = 'Nothing has changed: there is nothing to send.';
export const STUDENT_NOT_FOUND = 'This student is not on your student list.';
export const UNKNOWN_CLASS = 'Please choose one of your school’s classes.';
export const INVALID_STUDENT_EMAIL = 'Failed! Please enter a valid email address.';
export const INVALID_TEACHER_USERNAME = 'A teacher is named by their username: letters, digits, dots, hyphens and underscores.';
export const INVALID_NAME = 'Names can hold letters, spaces, hyphens, apostrophes and full stops only.';

/** Spec section 2 (/hapara/leavers): the warning shown with the form, and the refusal of a class list. */
export const LEAVERS_NOT_CLASS_LIST = 'Please make sure you upload your leavers list, not your class list.';
export const LEAVERS_CLASS_LIST_REFUSED = 'This looks like a class list. Please make sure you upload your leavers list, not your class list.';

/** Status (spec section 3 Status row). */
export const STATUS_UP_TO_DATE = 'Up to date';
export function statusAwaiting(count: number): string {
  return `${count} ${count === 1 ? 'change' : 'changes'} awaiting verification`;
}

export const MAX_STUDENT_NAME_LENGTH = 100;
export const MAX_FIELD_LENGTH = 100;
export const MAX_CLASS_NAME_LENGTH = 100;
/** Class codes and usernames are mailbox local parts. */
export const MAX_USERNAME_LENGTH = 64;
export const MAX_CLASSES = 500;
export const MAX_TEACHERS_PER_CLASS = 50;
export const TOO_MANY_TEACHERS = `A class can have at most ${MAX_TEACHERS_PER_CLASS} teachers.`;
/** The most rows a leavers CSV may hold. */
export const MAX_LEAVERS_ROWS = 10_000;

/** A name as the roster keeps it: letters of any script with their marks, spaces, hyphens, apostrophes, full stops. */
export const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} '’.-]*$/u;
/** A username or class code: what a mailbox's local part allows here. */
export const USERNAME_PATTERN = /^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?$/i;

/** What a row's waiting change is. */
export const PENDING_KINDS = ['add', 'edit', 'delete'] as const;
export type PendingKind = (typeof PENDING_KINDS)[number];

/** How a folder shows: '*' as 'All Files'. */
export function folderLabel(folder: string): string {
  return folder === ALL_FILES_FOLDER ? ALL_FILES : folder;
}
