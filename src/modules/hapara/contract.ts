import { z } from 'zod';
import { successSchema } from '../../lib/contract/envelope';
import { defineCalls } from '../../lib/contract/calls';
import { HAPARA_ENDPOINTS } from './endpoints';
import { idSchema, listQuerySchema } from '../../lib/contract/params';
import {
  FIELDS_REQUIRED,
  INVALID_NAME,
  INVALID_STUDENT_EMAIL,
  INVALID_TEACHER_USERNAME,
  MAX_CLASS_NAME_LENGTH,
  MAX_CLASSES,
  MAX_FIELD_LENGTH,
  MAX_STUDENT_NAME_LENGTH,
  MAX_TEACHERS_PER_CLASS,
  MAX_USERNAME_LENGTH,
  NAME_PATTERN,
  TOO_MANY_TEACHERS,
  PENDING_KINDS,
  USERNAME_PATTERN,
} from './rules';
import { MAX_EMAIL_LENGTH } from '../../lib/forms';

export * from './rules';

// Control characters never belong in a roster (they end up in CSV files and mail).
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** A required one-line text: trimmed, not empty (spec section 5's message), bounded, no control characters. */
function requiredText(max: number, what: string) {
  return z
    .string({ error: FIELDS_REQUIRED })
    .trim()
    .min(1, FIELDS_REQUIRED)
    .max(max, `The ${what} can be at most ${max} characters.`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), `The ${what} cannot contain line breaks or control characters.`);
}

/** A person's name as typed, Unicode kept (macrons, accents, apostrophes, hyphens), in NFC. */
function nameField(what: string) {
  return requiredText(MAX_STUDENT_NAME_LENGTH, what)
    .transform((name) => name.normalize('NFC').replace(/\s+/g, ' '))
    .refine((name) => NAME_PATTERN.test(name), INVALID_NAME);
}

/** A student is named by its `index` (spec section 3): a number the server gave. */
const indexField = idSchema;

/* ---- Students ---- */

/** A row of the student list (spec section 3: First Name, Last Name, Class, Email) with what the screen needs besides. */
export const studentRowSchema = z.object({
  /** The student's index, what edit and delete name; null for a student whose addition waits for verification. */
  index: z.number().int().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  /** The class code. */
  class: z.string(),
  email: z.string(),
  /** The change waiting for the provider's verification, if any (the row's 'Pending verification' badge). */
  pending: z.enum(PENDING_KINDS).nullable(),
});
export type StudentRow = z.infer<typeof studentRowSchema>;

/** GET /api/hapara/manage/studentlist: the whole list (the spec's call), by last name then first name. */
export const studentListResponseSchema = successSchema({ studentList: z.array(studentRowSchema) });

/** GET /api/hapara/manage/studentlist/page?page=&limit=&query=: a page of it (the screen's paging and filter). */
export const studentPageResponseSchema = successSchema({
  studentList: z.array(studentRowSchema),
  total_pages: z.number().int(),
  total: z.number().int().nonnegative(),
});

/** A class as the add and edit forms offer it. */
export const classOptionSchema = z.object({ code: z.string(), name: z.string() });
export type ClassOption = z.infer<typeof classOptionSchema>;

/** GET /api/hapara/manage/students: the school's classes and the extra fields the add form asks for (their names are the payload's keys). */
export const studentFormResponseSchema = successSchema({ classes: z.array(classOptionSchema), fields: z.array(z.string()) });

/**
 * POST /api/hapara/manage/students/add (spec section 3): publicfirstname, publiclastname, class and
 * one text per extra field the server names (the service checks that each is there: every field
 * is required).
 */
export const addStudentRequestSchema = z
  .object({
    publicfirstname: nameField('first name'),
    publiclastname: nameField('last name'),
    class: requiredText(MAX_USERNAME_LENGTH, 'class'),
  })
  .catchall(requiredText(MAX_FIELD_LENGTH, 'field'));
export type AddStudentRequest = z.infer<typeof addStudentRequestSchema>;
export const addStudentResponseSchema = successSchema({ student: studentRowSchema });

/** POST /api/hapara/manage/updatestudent (spec section 3): every field required. */
export const updateStudentRequestSchema = z.object({
  firstname: nameField('first name'),
  lastname: nameField('last name'),
  class: requiredText(MAX_USERNAME_LENGTH, 'class'),
  email: requiredText(MAX_EMAIL_LENGTH, 'email address').pipe(z.email({ error: INVALID_STUDENT_EMAIL })),
  index: indexField,
});
export type UpdateStudentRequest = z.infer<typeof updateStudentRequestSchema>;
export const updateStudentResponseSchema = successSchema({ student: studentRowSchema });

/** POST /api/hapara/manage/students/delete. */
export const deleteStudentRequestSchema = z.object({ index: indexField });
export const deleteStudentResponseSchema = successSchema({ student: studentRowSchema });

/* ---- Classes ---- */

const username = z
  .string()
  .trim()
  .min(1, FIELDS_REQUIRED)
  .max(MAX_USERNAME_LENGTH, `A username can be at most ${MAX_USERNAME_LENGTH} characters.`)
  .refine((value) => USERNAME_PATTERN.test(value), INVALID_TEACHER_USERNAME)
  .transform((value) => value.toLowerCase());

/** A class row (spec section 3): Mailbox (the class code), Name, Teachers (usernames), Subject Folders ('*' = 'All Files'). */
export const classRowSchema = z.object({
  mailbox: z.string(),
  name: z.string(),
  teachers: z.array(z.string()),
  folders: z.array(z.string()),
  /** Whether a change to this class waits for the provider's verification (the values shown are then the ones asked for). */
  pending: z.boolean(),
});
export type ClassRow = z.infer<typeof classRowSchema>;

/** A teacher the class list suggests: the school's staff, by username. */
export const teacherSchema = z.object({ username: z.string(), name: z.string() });
export type Teacher = z.infer<typeof teacherSchema>;

/** GET /api/hapara/manage/classes: the classes, the folders a class may have, the teachers to suggest. */
export const classesResponseSchema = successSchema({ classes: z.array(classRowSchema), folders: z.array(z.string()), teachers: z.array(teacherSchema) });

/** One class as the class list saves it: every field non-empty (spec section 5). */
export const classEditSchema = z.object({
  mailbox: requiredText(MAX_USERNAME_LENGTH, 'class code'),
  name: requiredText(MAX_CLASS_NAME_LENGTH, 'class name'),
  teachers: z
    .array(username, { error: FIELDS_REQUIRED })
    .min(1, FIELDS_REQUIRED)
    .max(MAX_TEACHERS_PER_CLASS, TOO_MANY_TEACHERS),
  folders: z.array(requiredText(MAX_CLASS_NAME_LENGTH, 'folder'), { error: FIELDS_REQUIRED }).min(1, FIELDS_REQUIRED),
});
export type ClassEdit = z.infer<typeof classEditSchema>;

/** POST /api/hapara/upload/classmanagement {classes}: the list as the screen holds it; the changed classes become one request. */
export const saveClassesRequestSchema = z.object({
  classes: z.array(classEditSchema, { error: FIELDS_REQUIRED }).min(1, FIELDS_REQUIRED).max(MAX_CLASSES, `A school can have at most ${MAX_CLASSES} classes.`),
});
export type SaveClassesRequest = z.infer<typeof saveClassesRequestSchema>;
/** How many classes the request changes. */
export const saveClassesResponseSchema = successSchema({ changed: z.number().int().positive() });

/* ---- Leavers (beyond the spec: the upload's call is not shown there) ---- */

/** POST /api/hapara/upload/leavers: multipart `file` (CSV) and `dryRun` ('true' checks only, the default). */
export const leaversFormSchema = z.object({
  file: z.file({ error: 'Choose a CSV file to upload.' }),
  dryRun: z
    .enum(['true', 'false'], { error: 'Must be true or false.' })
    .default('true')
    .transform((value) => value === 'true'),
});

/**
 * A row of the file (rows numbered as a spreadsheet shows them: the header is row 1): matched and
 * pending rows carry the roster's names and class (who would go), ambiguous and unknown rows the file's text.
 */
export const leaverRowSchema = z.object({ row: z.number().int(), firstname: z.string(), lastname: z.string(), class: z.string() });

export const leaversSummarySchema = z.object({
  /** Student rows read (the header not counted). */
  rows: z.number().int(),
  /** Rows that name exactly one student of the roster: each becomes a deletion request. */
  matched: z.array(leaverRowSchema.extend({ index: z.number().int(), email: z.string() })),
  /** Rows that fit more than one student: left out; add the ID column to tell them apart. */
  ambiguous: z.array(leaverRowSchema.extend({ candidates: z.number().int() })),
  /** Rows that fit nobody, or cannot be read, and why. */
  unknown: z.array(leaverRowSchema.extend({ reason: z.string() })),
  /** Matched students whose deletion (or another change) already waits for verification: left out. */
  pending: z.array(leaverRowSchema.extend({ index: z.number().int() })),
  /** Deletion requests made (0 in a dry run). */
  requested: z.number().int(),
  dryRun: z.boolean(),
});
export type LeaversSummary = z.infer<typeof leaversSummarySchema>;
export const leaversResponseSchema = successSchema({ summary: leaversSummarySchema });

/* ---- Status ---- */

/** Spec section 3: a status row. `updated` is unix seconds (null before any change). */
export const statusRowSchema = z.object({ domain: z.string(), status: z.string(), updated: z.number().int().nullable() });
export type StatusRow = z.infer<typeof statusRowSchema>;
/** GET /api/hapara/status: one row per domain of the school. */
export const statusResponseSchema = successSchema({ status: z.array(statusRowSchema) });

/** Learning in the Cloud's calls: endpoints (./hapara-endpoints.ts) joined with their schemas. */
export const haparaCalls = defineCalls(HAPARA_ENDPOINTS, {
  studentList: { response: studentListResponseSchema },
  studentPage: { query: listQuerySchema, response: studentPageResponseSchema },
  studentForm: { response: studentFormResponseSchema },
  updateStudent: { body: updateStudentRequestSchema, response: updateStudentResponseSchema },
  addStudent: { body: addStudentRequestSchema, response: addStudentResponseSchema },
  deleteStudent: { body: deleteStudentRequestSchema, response: deleteStudentResponseSchema },
  classes: { response: classesResponseSchema },
  saveClasses: { body: saveClassesRequestSchema, response: saveClassesResponseSchema, maxBytes: 512 * 1024 },
  // Its size limit is the runtime's (PORTAL_MAX_UPLOAD_MB), set by the route.
  leavers: { form: leaversFormSchema, response: leaversResponseSchema },
  status: { response: statusResponseSchema },
});
export type HaparaCalls = typeof haparaCalls;
