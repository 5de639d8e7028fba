/**
 * What the forms of several modules share (zod-free, both sides): the spec's messages for a field
 * left empty and a malformed address (section 5), and the longest address.
 */

/** RFC 5321's longest forward path. */
export const MAX_EMAIL_LENGTH = 254;

/** Spec section 5: add member with a field left empty. */
export const FIELDS_REQUIRED = 'Failed! All fields must be filled in!';
export const INVALID_EMAIL = 'Failed! Please enter a valid email address.';
