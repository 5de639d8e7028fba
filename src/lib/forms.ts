/**
 * What the forms of several modules share (zod-free, both sides): the spec's messages for a field
 * left empty and a malformed address (section 5), and the longest address.
 */

/** RFC 5321's longest forward path. */
export const MAX_EMAIL_LENGTH = 254;

/** Spec section 5: add member with a field left empty. */
export const FIELDS_REQUIRED = 'Failed! All fields must be filled in!';
export const INVALID_EMAIL = 'Failed! Please enter a valid email address.';

/** What a form's error says and the field it marks (null: no field, or the form as a whole). '' : no error. */
export interface FieldError<F extends string = string> {
  message: string;
  field: F | null;
}

export const NO_FIELD_ERROR: FieldError<never> = { message: '', field: null };

/** The first of `fields` whose value is empty after trimming, if any. */
function firstEmpty<F extends string>(fields: readonly F[], values: Readonly<Partial<Record<F, string>>>): F | undefined {
  return fields.find((field) => !(values[field] ?? '').trim());
}

/**
 * The form's error once the user has edited `field` (`values`: the form as it is now), so no stale
 * error stays after the problem is gone (issue 29 §5): a message about the edited field goes at
 * once; 'All fields must be filled in' goes once every one of `required` is filled, and until
 * then marks the next empty one; an error about no field (a refusal of the whole form) stays
 * until the next submit says otherwise.
 */
export function errorAfterEdit<F extends string>(
  current: FieldError<F>,
  field: F,
  required: readonly F[],
  values: Readonly<Partial<Record<F, string>>>,
  /** The form's own words for 'All fields must be filled in', when it has them. */
  requiredMessage: string = FIELDS_REQUIRED,
): FieldError<F> {
  if (!current.message) return current;
  if (current.message === requiredMessage) {
    const empty = firstEmpty(required, values);
    if (empty === undefined) return NO_FIELD_ERROR;
    return current.field === field && (values[field] ?? '').trim() !== '' ? { message: current.message, field: empty } : current;
  }
  return current.field === field ? NO_FIELD_ERROR : current;
}
