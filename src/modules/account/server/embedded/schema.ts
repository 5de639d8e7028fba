import type { Generated } from 'kysely';

/**
 * The account module's tables (migrations 0018_account_invitations, 0025), merged into the Database
 * type. Schools, users and sessions are the foundation's (db/schema.ts).
 *
 * `account_invitations`: a person authorised on Manage Users who has not chosen a password yet
 * (listed as 'Invited'). One per address and school (0025): schools invite independently, and none
 * learns of another's. Accepting turns it into a `users` row and deletes it; while a user has the
 * address (one account per address, until identities span schools), its link only says so.
 * `requested_at` is when the latest mail was asked for (add or Send again); the mail job mints the
 * link's token when it sends and keeps only its SHA-256 (`token_hash`), with `expires_at` 72 hours
 * after `sent_at`: a new mail replaces the token, so only the newest link works.
 *
 * `account_password_resets`: every 'Forgot password?' request, kept a day for the rate limits
 * (per client address and per address asked for); `user_id` is set when the address is a user's,
 * and then the mail job mints the link's token (its hash kept) that works an hour, once
 * (`used_at`). A reset, or a new password however set, uses up every open link of the user.
 */
export interface AccountInvitationTable {
  id: Generated<number>;
  domain_id: number;
  email: string;
  name: string;
  /** Who authorised them (null once that user is gone). */
  invited_by: number | null;
  created_at: number;
  requested_at: number;
  token_hash: string | null;
  sent_at: number | null;
  expires_at: number | null;
}

export interface AccountPasswordResetTable {
  id: Generated<number>;
  email: string;
  ip: string;
  user_id: number | null;
  created_at: number;
  token_hash: string | null;
  expires_at: number | null;
  used_at: number | null;
}

declare module '../../../../platform/db/schema' {
  interface Database {
    account_invitations: AccountInvitationTable;
    account_password_resets: AccountPasswordResetTable;
  }
}
