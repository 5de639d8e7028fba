/**
 * Every machine-readable reason a call can be refused with: the `code` of a failure envelope
 * (envelope.ts) and of the server's `Refusal` (src/platform/errors.ts), listed once so a new one
 * is a deliberate choice and a store that branches on a code is checked against this list.
 * Browser-safe: the contract's failure schema and the stores read it.
 */
export const REFUSAL_CODES = [
  // The defaults, one per status.
  'invalid',
  'forbidden',
  'not_found',
  'conflict',
  'too_large',
  'rate_limited',
  // Busy servers and lanes.
  'busy',
  // The legacy backend (upstream mode).
  'signed_out',
  'refused',
  'unsupported',
  'upstream_failed',
  'upstream_timeout',
  'upstream_unreachable',
  'upstream_unreadable',
  // Platform (invalid_config and usage: the server's start and the operator command, never a call).
  'invalid_config',
  'usage',
  'portal_address',
  'mail_header',
  // account
  'last_user',
  'wrong_password',
  // app
  'no_website',
  'post_not_public',
  // staff
  'list_full',
  'at_end',
  'stale',
  'staff_not_found',
  // hapara
  'already_decided',
  'already_pending',
  'class_gone',
  'class_list',
  'classes_pending',
  'duplicate_class',
  'empty',
  'fields_required',
  'invalid_csv',
  'missing_columns',
  'no_changes',
  'not_csv',
  'reason_required',
  'reason_too_long',
  'request_not_found',
  'student_gone',
  'student_not_found',
  'too_many_rows',
  'unknown_class',
  'unknown_field',
  'unknown_folder',
  // support
  'message_required',
  'message_too_long',
  'ticket_closed',
  'ticket_not_found',
  'unknown_department',
  'unknown_priority',
  'unknown_status',
  // website
  'not_wxr',
  // newsletter
  'duplicate',
  'encoding',
  'mail_failed',
  'not-found',
  'pdf_unavailable',
  'send_quota',
  'unprintable',
  'unsubscribed',
] as const;

export type RefusalCode = (typeof REFUSAL_CODES)[number];
