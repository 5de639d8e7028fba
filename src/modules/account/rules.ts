/**
 * Account > Manage Users: the plain rules and texts (no zod). The island and its store import
 * these without shipping the schemas; the contract (./account.ts) re-exports them.
 */
export { FIELDS_REQUIRED, INVALID_EMAIL } from '../../lib/forms';

/** Spec section 8. */
export const USER_ADDED = 'User Added!';
export const USER_DELETED = 'User Deleted!';

/** The longest address the users table holds, and the longest name. */
export const MAX_USER_EMAIL_LENGTH = 320;
export const MAX_USER_NAME_LENGTH = 200;

/** How long an invitation's link works once it is sent, and a password reset's. */
export const INVITATION_LINK_HOURS = 72;
export const RESET_LINK_MINUTES = 60;

/** What the list says of a user: signed up, invited (link on its way or working), or invited with a link that has run out. */
export const USER_STATUSES = ['active', 'invited', 'expired'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Refusals of the add, resend and delete calls. */
export const INVALID_NAME = 'Failed! A name cannot contain line breaks or control characters.';
export const NAME_TOO_LONG = `Failed! A name can be at most ${MAX_USER_NAME_LENGTH} characters.`;
export const ALREADY_AUTHORISED = 'Failed! This person is already an authorised user of your school.';
export const ALREADY_INVITED = 'Failed! This person has already been invited. Use Send again to send the invitation again.';
export const USER_NOT_FOUND = 'Failed! No authorised user of your school has this email address.';
export const NOT_INVITED = 'Failed! This person has already accepted their invitation.';
export const LAST_USER = 'Failed! You are the only authorised user of your school, so you cannot be removed. Authorise another user first.';
export const RESEND_TOO_SOON = 'Failed! The invitation was sent less than a minute ago. Please wait a minute before sending it again.';
/** A school may send this many invitations (new or sent again) in an hour: a hijacked session cannot flood inboxes. */
export const INVITATIONS_PER_HOUR = 20;
export const INVITATIONS_LIMITED = `Failed! Your school has sent ${INVITATIONS_PER_HOUR} invitations in the last hour. Please try again later.`;
export const INVITATION_SENT = 'Invitation sent!';

/** A resend within this many seconds of the last is refused (a double click, or a colleague's inbox flooded). */
export const RESEND_COOLDOWN_SECONDS = 60;

/** The signed-out pages (welcome, forgot and reset password). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;
export const PASSWORD_TOO_SHORT = `A password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;
export const PASSWORD_TOO_LONG = `A password can be at most ${PASSWORD_MAX_LENGTH} characters long.`;
export const PASSWORDS_DIFFER = 'The two passwords are not the same.';
export const RESET_EMAIL_INVALID = 'Enter a valid email address.';
export const RESET_LIMITED = 'Too many reset requests have been made. Please wait an hour and try again.';

/** Account > My Profile (beyond the spec): the toasts, as the spec's 'Success! …' ones, and its refusals. */
export const PROFILE_PATH = '/account/profile';
export const NAME_CHANGED = 'Success! Your name has been changed.';
export const PASSWORD_CHANGED = 'Success! Password changed.';
export const WRONG_CURRENT_PASSWORD = 'Your current password is not right.';
export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password.';

/** 'Success! Signed out of 2 other sessions.' (none: the button was pressed with nothing left to end). */
export function otherSessionsEndedText(ended: number): string {
  if (ended === 0) return 'You were not signed in anywhere else.';
  return `Success! Signed out of ${ended} other ${ended === 1 ? 'session' : 'sessions'}.`;
}

/** What the profile says of the user's other sessions. */
export function otherSessionsText(count: number): string {
  if (count === 0) return 'You are not signed in anywhere else.';
  return `You are also signed in from ${count === 1 ? '1 other place' : `${count} other places`} (browsers or devices).`;
}
