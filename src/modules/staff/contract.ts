import { z } from 'zod';
import { successSchema } from '../../lib/contract/envelope';
import { defineCalls, type Endpoint } from '../../lib/contract/calls';
import { STAFF_ENDPOINTS } from './endpoints';
import { idSchema } from '../../lib/contract/params';
import {
  CONTROL_CHARACTERS_REFUSED,
  hasControlCharacters,
  INVALID_IMAGE_URL,
  INVALID_STAFF_EMAIL,
  isImageUrl,
  NAME_REQUIRED,
  STAFF_LIMITS,
  tooLong,
  type StaffField,
  type StaffListKind,
} from './rules';

export * from './rules';

/**
 * One text field of an entry: trimmed, in NFC, bounded, without control characters (the
 * biography keeps its line breaks). Missing is empty: every field but the name is optional.
 */
function textField(field: StaffField) {
  return z
    .string({ error: `Failed! ${field} must be text.` })
    .optional()
    .transform((value) => (value ?? '').trim().normalize('NFC'))
    .refine((value) => Array.from(value).length <= STAFF_LIMITS[field], tooLong(field))
    .refine((value) => !hasControlCharacters(field, value), CONTROL_CHARACTERS_REFUSED);
}

const emailSchema = z.email();

/** Spec section 3's payload keys: name (required), class, role, email, imageURL, biography, section. */
export const staffFieldsSchema = z.object({
  name: textField('name').refine((value) => value !== '', NAME_REQUIRED),
  class: textField('class'),
  role: textField('role'),
  email: textField('email').refine((value) => value === '' || emailSchema.safeParse(value).success, INVALID_STAFF_EMAIL),
  imageURL: textField('imageURL').refine((value) => value === '' || isImageUrl(value), INVALID_IMAGE_URL),
  biography: textField('biography'),
  section: textField('section'),
});
export type StaffFieldsInput = z.infer<typeof staffFieldsSchema>;

/**
 * Which row a change is about: `index` is its place in the list as the user saw it (0-based, the
 * spec's body names a row by it alone). `id`, optional, is the row the user saw there, a guard
 * against a stale list: with it, a change is refused when that place now holds someone else
 * (another user moved, added or deleted meanwhile), never applied to the wrong person; without
 * it, the row now at `index` is the one changed.
 */
const rowSchema = z.object({
  id: idSchema.optional(),
  index: z.coerce.number({ error: 'index must be a number.' }).int('index must be a whole number.').min(0, 'index cannot be negative.'),
});

/** An entry as the lists answer it, in the list's order. */
export const staffEntrySchema = z.object({
  id: z.number().int(),
  index: z.number().int(),
  name: z.string(),
  class: z.string(),
  role: z.string(),
  email: z.string(),
  imageURL: z.string(),
  biography: z.string(),
  section: z.string(),
});
export type StaffEntry = z.infer<typeof staffEntrySchema>;
/** What the list screen's table needs of an entry (the edit screen loads the rest). */
export type StaffRow = Pick<StaffEntry, 'id' | 'index' | 'name' | 'email'>;

/** GET …/stafflist: the whole list, in its order (spec: -> staff). */
export const staffListResponseSchema = successSchema({ staff: z.array(staffEntrySchema) });
/** Every change answers the list as it now is, and new/update the entry saved. */
export const staffChangeResponseSchema = successSchema({ staff: z.array(staffEntrySchema) });
export const staffSaveResponseSchema = successSchema({ staff: z.array(staffEntrySchema), entry: staffEntrySchema });

/** POST …/stafflist/new: the fields; the entry joins the end of the list. */
export const newStaffRequestSchema = staffFieldsSchema;
/** POST …/stafflist/update {staff fields, index} (and, optionally, the row's id). */
export const updateStaffRequestSchema = staffFieldsSchema.extend(rowSchema.shape);
export type UpdateStaffRequest = z.infer<typeof updateStaffRequestSchema>;
/** POST …/stafflist/delete {index} (and, optionally, the row's id). */
export const deleteStaffRequestSchema = rowSchema;
export type StaffRowRequest = z.infer<typeof rowSchema>;
/** POST …/stafflist/move {index, direction} (and, optionally, the row's id): one place up or down, never past the ends. */
export const moveStaffRequestSchema = rowSchema.extend({
  direction: z.enum(['up', 'down'], { error: 'direction must be up or down.' }),
});
export type MoveStaffRequest = z.infer<typeof moveStaffRequestSchema>;

/** POST …/stafflist/upload: multipart `file`, an image (checked by its bytes) -> the address that fills Image URL. */
export const staffUploadFormSchema = z.object({ file: z.file({ error: 'Choose a photo to upload.' }) });
export const staffUploadResponseSchema = successSchema({ url: z.string() });

/** What each call of a list carries: the app's and the website's lists share them. */
const STAFF_SCHEMAS = {
  list: { response: staffListResponseSchema },
  create: { body: newStaffRequestSchema, response: staffSaveResponseSchema },
  update: { body: updateStaffRequestSchema, response: staffSaveResponseSchema },
  remove: { body: deleteStaffRequestSchema, response: staffChangeResponseSchema },
  move: { body: moveStaffRequestSchema, response: staffChangeResponseSchema },
  // Its size limit is the runtime's (PORTAL_MAX_UPLOAD_MB), set by the route.
  upload: { form: staffUploadFormSchema, response: staffUploadResponseSchema },
} as const;

export type StaffAction = keyof typeof STAFF_SCHEMAS;

/** A call of either list: its schemas, at the list's own path. */
export type StaffCall<A extends StaffAction> = Endpoint & (typeof STAFF_SCHEMAS)[A];

/** The staff lists' calls (spec section 7, App; the website's list the same under /api/website/managestaff/). */
export const staffCalls = defineCalls(STAFF_ENDPOINTS, {
  appList: STAFF_SCHEMAS.list,
  appNew: STAFF_SCHEMAS.create,
  appUpdate: STAFF_SCHEMAS.update,
  appDelete: STAFF_SCHEMAS.remove,
  appMove: STAFF_SCHEMAS.move,
  appUpload: STAFF_SCHEMAS.upload,
  websiteList: STAFF_SCHEMAS.list,
  websiteNew: STAFF_SCHEMAS.create,
  websiteUpdate: STAFF_SCHEMAS.update,
  websiteDelete: STAFF_SCHEMAS.remove,
  websiteMove: STAFF_SCHEMAS.move,
  websiteUpload: STAFF_SCHEMAS.upload,
});
export type StaffCalls = typeof staffCalls;

/** One list's calls, by action: what the one route factory serves for each prefix. */
export type StaffListCalls = { readonly [A in StaffAction]: StaffCall<A> };

export const STAFF_LIST_CALLS: Readonly<Record<StaffListKind, StaffListCalls>> = {
  app: {
    list: staffCalls.appList,
    create: staffCalls.appNew,
    update: staffCalls.appUpdate,
    remove: staffCalls.appDelete,
    move: staffCalls.appMove,
    upload: staffCalls.appUpload,
  },
  website: {
    list: staffCalls.websiteList,
    create: staffCalls.websiteNew,
    update: staffCalls.websiteUpdate,
    remove: staffCalls.websiteDelete,
    move: staffCalls.websiteMove,
    upload: staffCalls.websiteUpload,
  },
};
