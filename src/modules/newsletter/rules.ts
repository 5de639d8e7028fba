/**
 * The newsletter's plain rules and texts (no zod): islands import these without shipping the
 * schemas, and the contract re-exports them.
 */

/** Spec section 9: the mailing list shows 10 members a page. */
export const NEWSLETTER_PAGE_SIZE = 10;
export const MAX_MEMBER_NAME_LENGTH = 200;

// Other modules' forms share these (lib); the newsletter's files take them from here as before.
export { FIELDS_REQUIRED, INVALID_EMAIL, MAX_EMAIL_LENGTH } from '../../lib/forms';
import { MAX_EMAIL_LENGTH } from '../../lib/forms';

/** Spec section 8. */
export const MEMBER_ADDED = 'Member has been added to your mailing list';
export const MEMBER_REMOVED = 'Email has been removed from your mailing list.';
export const ALREADY_MEMBER = 'This email address is already on your mailing list.';
export const UNSUBSCRIBED_ADDRESS =
  'This address unsubscribed from your newsletter, so it cannot be added back. Only its owner can subscribe again.';
export const NOT_A_MEMBER = 'This email address is not on your mailing list.';

/**
 * How addresses are compared: trimmed and lowercased as a whole (mail providers treat the local
 * part case-insensitively in practice); the address itself is kept as typed.
 */
export function emailKey(address: string): string {
  return address.trim().toLowerCase();
}

/**
 * Why an address is no longer mailed beyond unsubscribing itself (issue 28): its mail bounced
 * (once for good, or three times within 30 days), or its owner marked a newsletter as spam.
 */
export const STOPPED_REASONS = ['bounced', 'complained'] as const;
export type StoppedReason = (typeof STOPPED_REASONS)[number];
/** The mailing list's Subscribed column. */
export const STOPPED_LABELS: Record<StoppedReason, string> = { bounced: 'No (mail bounced)', complained: 'No (marked as spam)' };

/** The public sign-up form (beyond the spec: visitors of the school's site, double opt-in). */
export const SIGNUP_FIELDS_REQUIRED = 'Please enter your name and your email address.';
export const SIGNUP_INVALID_EMAIL = 'Please enter a valid email address.';
export const SIGNUP_CHECK_EMAIL = 'Thank you! We have sent you an email. Follow the link in it to confirm your subscription.';
export const SIGNUP_LIMITED = 'Too many sign-ups have been made from here. Please try again later.';
/** How long a confirmation link works. */
export const SIGNUP_LINK_HOURS = 48;

/** Spec section 5: a send without a from name or subject. */
export const SEND_FIELDS_REQUIRED = 'Failed! Please enter a from name and subject.';
/** Spec section 8. */
export const NEWSLETTER_SENT = 'Your newsletter has been sent!';
export const MAX_FROM_NAME_LENGTH = 200;
/** A simple newsletter's attachment: linked from every copy (the default: the school's upload) or attached to it. */
export const ATTACHMENT_MODES = ['link', 'attach'] as const;
export type AttachmentMode = (typeof ATTACHMENT_MODES)[number];
/** A newsletter's Reply-To: where families' answers go (the From address is the portal's, which reads no mail). */
export const REPLY_TO_INVALID = 'The reply-to address must be an email address such as office@school.example.org.';
export const MAX_SUBJECT_LENGTH = 500;

/** The most members one CSV import may hold. */
export const MAX_IMPORT_ROWS = 100_000;
/** The most problem rows an import summary lists (it counts them all). */
export const MAX_LISTED_PROBLEMS = 200;

/**
 * Test sends (issue 29 §2): up to five addresses, typed in one field separated by commas, spaces
 * or new lines; remembered per user; the user's own address when none are given.
 */
export const MAX_TEST_ADDRESSES = 5;
export const TEST_ADDRESSES_REQUIRED = 'Failed! Enter the address the test goes to.';
export const TEST_ADDRESSES_TOO_MANY = `Failed! A test goes to at most ${MAX_TEST_ADDRESSES} addresses.`;
export const testAddressInvalid = (address: string) => `Failed! “${address}” is not an email address.`;
/** What a test's toast says. */
export const testSentText = (addresses: readonly string[]) =>
  addresses.length === 1 ? `Your test email has been sent to ${addresses[0]}.` : `Your test email has been sent to ${addresses.length} addresses: ${addresses.join(', ')}.`;

/** The field's text as its addresses: split, trimmed, each once (compared as emailKey does). */
export function splitTestAddresses(text: string): string[] {
  const byKey = new Map<string, string>();
  for (const address of text.split(/[\s,;]+/)) if (address && !byKey.has(emailKey(address))) byKey.set(emailKey(address), address);
  return [...byKey.values()];
}

/** A plain shape check for the form (the server's email schema has the last word). */
const LOOKS_LIKE_EMAIL = /^[^\s@"<>()[\],;:]+@[^\s@"<>()[\],;:]+\.[^\s@"<>()[\],;:]+$/;

/** The form's check of the field: the addresses, or the first thing wrong. */
export function checkTestAddresses(text: string): { ok: true; addresses: string[] } | { ok: false; error: string } {
  const addresses = splitTestAddresses(text);
  if (addresses.length === 0) return { ok: false, error: TEST_ADDRESSES_REQUIRED };
  if (addresses.length > MAX_TEST_ADDRESSES) return { ok: false, error: TEST_ADDRESSES_TOO_MANY };
  const bad = addresses.find((address) => address.length > MAX_EMAIL_LENGTH || !LOOKS_LIKE_EMAIL.test(address));
  return bad === undefined ? { ok: true, addresses } : { ok: false, error: testAddressInvalid(bad) };
}
