import type { Generated } from 'kysely';

/**
 * The newsletter's tables (migration 0009_newsletter), merged into the Database type.
 *
 * `newsletter_members`: a school's mailing list. `email` is kept as typed; `email_key` (trimmed,
 * lowercased: contracts/newsletter-rules.ts `emailKey`) is what addresses are compared by, unique
 * per school; `name_search` is the lowercased name the filter searches. `subscribed` is 1 or 0:
 * an unsubscribed member stays listed, and is never mailed.
 *
 * `newsletter_suppressions`: addresses that must never be mailed again (they unsubscribed),
 * kept even when staff delete the member, so re-adding cannot resubscribe someone who left.
 */
export interface NewsletterMemberTable {
  id: Generated<number>;
  domain_id: number;
  email: string;
  email_key: string;
  name: string;
  name_search: string;
  subscribed: number;
  created_at: number;
}

export interface NewsletterSuppressionTable {
  id: Generated<number>;
  domain_id: number;
  email_key: string;
  reason: string;
  created_at: number;
}

/** A send's state: working through its deliveries, paused or cancelled by staff, or done (nothing left pending). */
export type SendStatus = 'sending' | 'paused' | 'cancelled' | 'done';

/**
 * `newsletter_sends` (migration 0011): one newsletter sent to a school's list. `html` and `text`
 * are the message as composed; each delivery adds its own unsubscribe link. `base_url` is the
 * portal's configured address when the send was made (its unsubscribe links point there).
 * `total` is the size of the audience snapshotted with it.
 */
export interface NewsletterSendTable {
  id: Generated<number>;
  domain_id: number;
  user_id: number | null;
  from_name: string;
  subject: string;
  html: string;
  text: string;
  base_url: string;
  /** Where replies go (Reply-To), or null: replies go to the From address (migration 0026). */
  reply_to: string | null;
  /** The attachment every copy carries: a stored upload of the school (its file name), the name it is sent as, its type. */
  attachment_file: string | null;
  attachment_name: string | null;
  attachment_type: string | null;
  status: SendStatus;
  total: number;
  created_at: number;
  finished_at: number | null;
}

/**
 * What became of one recipient: pending (to send; `next_attempt_at` after a temporary failure),
 * sent, failed (a permanent refusal, or temporary ones until the attempts ran out: `response`
 * says which), suppressed (unsubscribed before its turn) or cancelled (the send was).
 */
export type DeliveryStatus = 'pending' | 'sent' | 'failed' | 'suppressed' | 'cancelled';

/**
 * `newsletter_deliveries` (migration 0011): one row per recipient of a send, written in the
 * send's transaction. `lease_until` marks rows a worker is sending now, so no two workers send
 * the same row; after a crash the lease runs out and the row is sent again (at most the batch in
 * flight is sent twice).
 */
export interface NewsletterDeliveryTable {
  id: Generated<number>;
  send_id: number;
  domain_id: number;
  email: string;
  email_key: string;
  name: string;
  status: DeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at: number;
  lease_until: number | null;
  response: string | null;
  message_id: string | null;
  updated_at: number;
}

/**
 * `newsletter_signups` (migration 0012): a visitor of the school's public site asked to join the
 * list. The address joins only when its owner follows the emailed link (`confirmed_at`); `ip` and
 * `created_at` count requests for the rate limits; `site_url` is the school's public site's
 * configured address (http/link-addresses.ts) when the request was made: the link points there.
 * Rows are purged a week after they were made.
 */
export interface NewsletterSignupTable {
  id: Generated<number>;
  domain_id: number;
  email: string;
  email_key: string;
  name: string;
  ip: string;
  site_url: string;
  created_at: number;
  confirmed_at: number | null;
}

/**
 * `newsletter_builds` (migration 0013): the builder's documents, the spec's templates. `build` is
 * the JSON of contracts/newsletter-builder.ts `Build`, checked by its schema on every save and
 * read; `updated_at` orders them (the one last saved opens first).
 */
export interface NewsletterBuildTable {
  id: Generated<number>;
  domain_id: number;
  name: string;
  build: string;
  created_at: number;
  updated_at: number;
  updated_by: number | null;
}

/** `newsletter_frames` (migration 0013): a school's own header and footer HTML around every built email; none until edited. */
export interface NewsletterFrameTable {
  domain_id: number;
  header_html: string;
  footer_html: string;
  /** Migration 0030: the frame's blocks as JSON ({header, footer}); null when the frame is HTML the school wrote. */
  blocks: string | null;
  updated_at: number;
}

/**
 * `newsletter_sends.reply_to` (migration 0026): a send's Reply-To, or null.
 * `newsletter_send_quotas` (migration 0024): a school's own daily send quota, set by the operator
 * (`quota set`): how many newsletter emails it may send in any 24 hours. Without a row the school
 * has PORTAL_DAILY_SEND_QUOTA.
 */
export interface NewsletterSendQuotaTable {
  domain_id: number;
  daily_limit: number;
  updated_at: number;
}

/** `newsletter_bounces` (migration 0027): a bounce or complaint reported for an address of the school's list. */
export interface NewsletterBounceTable {
  id: Generated<number>;
  domain_id: number;
  send_id: number | null;
  delivery_id: number | null;
  email_key: string;
  kind: 'hard' | 'soft' | 'complaint';
  source: string;
  detail: string;
  event_id: string;
  created_at: number;
}

/** `newsletter_member_counts`: a school's number of members, kept by triggers (migration 0028). */
export interface NewsletterMemberCountTable {
  domain_id: number;
  total: number;
}

/** `newsletter_test_addresses` (migration 0030): where a user's tests go in a school, a JSON array of up to five addresses. */
export interface NewsletterTestAddressesTable {
  domain_id: number;
  user_id: number;
  addresses: string;
  updated_at: number;
}

declare module '../../../../platform/db/schema' {
  interface Database {
    newsletter_bounces: NewsletterBounceTable;
    newsletter_builds: NewsletterBuildTable;
    newsletter_frames: NewsletterFrameTable;
    newsletter_signups: NewsletterSignupTable;
    newsletter_members: NewsletterMemberTable;
    newsletter_member_counts: NewsletterMemberCountTable;
    newsletter_suppressions: NewsletterSuppressionTable;
    newsletter_sends: NewsletterSendTable;
    newsletter_deliveries: NewsletterDeliveryTable;
    newsletter_send_quotas: NewsletterSendQuotaTable;
    newsletter_test_addresses: NewsletterTestAddressesTable;
  }
}
