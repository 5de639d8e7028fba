/**
 * The account's backend port: what Manage Users' calls and the Activity Log need, whichever
 * backend holds the school's users. The embedded one (./embedded/backend.ts) invites people and
 * keeps the audit log; the legacy backend (./upstream/backend.ts) authorises people at once and
 * has neither invitations to send again, nor an activity log, nor a profile (its users sign in at the provider).
 */
import type { AuditRow } from '../../../platform/audit';
import type { AccountUser, AddUserRequest, ChangePasswordRequest, Profile } from '../contract';

export interface ActivityPage {
  entries: AuditRow[];
  total: number;
  /** At least 1. */
  totalPages: number;
}

export interface AccountBackend {
  /** Every user of the school (and every person invited), by email; `self` marks the signed-in user. */
  listUsers(): Promise<AccountUser[]>;
  authoriseUser(input: AddUserRequest): Promise<AccountUser>;
  /** An invited person's link, mailed again. */
  resendInvitation(email: string): Promise<AccountUser>;
  /** `signedOut` when it was the caller's own account (their session has ended). */
  unauthoriseUser(email: string): Promise<{ signedOut: boolean }>;
  /** A page of the school's audit log, newest first. */
  activityPage(page: number, limit: number): Promise<ActivityPage>;
  /** Account > My Profile: the signed-in user's name, email and how many other sign-ins they have open. */
  profile(): Promise<Profile>;
  /** The signed-in user's own name (the header's), recorded in the activity log. */
  renameSelf(name: string): Promise<Profile>;
  /** The current password checked (under the sign-in limits), the new one set; every other sign-in of the user ends, this one stays. */
  changePassword(input: ChangePasswordRequest): Promise<Profile>;
  /** Ends every other sign-in of the signed-in user; `ended`: how many. */
  endOtherSessions(): Promise<{ profile: Profile; ended: number }>;
}
