/**
 * Learning in the Cloud's calls as the legacy backend answers them: student keys with spaces
 * ('First Name'), indexes as text, teachers and folders comma-separated ('*' is All Files), extra
 * fields as comma-separated text or a list, dates as text or unix seconds (0 or empty: never).
 */
import { z } from 'zod';
import { legacyBool, legacyCommaList, legacyCount, legacyDate, legacyInt, legacyList, legacyText } from '../../../../platform/upstream/legacy';

/** A student as the legacy backend lists it; some send the plain keys instead of the spaced ones. */
export const legacyStudent = z
  .object({
    'First Name': legacyText.optional(),
    'Last Name': legacyText.optional(),
    Class: legacyText.optional(),
    Email: legacyText.optional(),
    firstname: legacyText.optional(),
    lastname: legacyText.optional(),
    class: legacyText.optional(),
    email: legacyText.optional(),
    index: legacyInt.nullable().optional(),
    /** A change waiting for the provider, as text ('Pending Addition', 'Pending Change', 'Pending Deletion'), or nothing. */
    Status: legacyText.optional(),
  })
  .loose()
  .refine((student) => (student['First Name'] ?? student.firstname) !== undefined && (student['Last Name'] ?? student.lastname) !== undefined, {
    message: 'a student needs a first and last name',
  });
export type LegacyStudent = z.output<typeof legacyStudent>;

export const legacyStudentListAnswer = z.object({ studentList: legacyList(legacyStudent) }).loose();

const legacyClassOption = z
  .object({ code: legacyText.optional(), Mailbox: legacyText.optional(), name: legacyText.optional(), Name: legacyText.optional() })
  .loose()
  .refine((option) => (option.code || option.Mailbox || '') !== '', { message: 'a class needs a code' });

export const legacyStudentFormAnswer = z.object({ classes: legacyList(legacyClassOption), fields: legacyCommaList }).loose();

export const legacyStudentAnswer = z.object({ student: legacyStudent }).loose();
/** Update and delete: the legacy backend may echo the student, or say nothing more. */
export const legacyMaybeStudentAnswer = z.object({ student: legacyStudent.optional() }).loose();

export const legacyClass = z
  .object({
    Mailbox: legacyText,
    Name: legacyText,
    Teachers: legacyCommaList,
    'Subject Folders': legacyCommaList,
    /** Whether a change to the class waits for the provider (missing: no). */
    Pending: legacyBool,
  })
  .loose()
  .refine((row) => row.Mailbox !== '', { message: 'a class needs its mailbox' });

export const legacyClassesAnswer = z.object({ classes: legacyList(legacyClass), folders: legacyCommaList }).loose();

export const legacySaveClassesAnswer = z.object({ changed: legacyCount.optional() }).loose();

const legacyUpdated = z
  .union([z.literal(0), z.literal('0'), z.literal(''), z.null(), legacyDate])
  .optional()
  .transform((value) => (typeof value === 'number' && value > 0 ? value : null));

export const legacyStatusRow = z.object({ domain: legacyText, status: legacyText, updated: legacyUpdated }).loose();
export const legacyStatusAnswer = z.object({ status: legacyList(legacyStatusRow) }).loose();
