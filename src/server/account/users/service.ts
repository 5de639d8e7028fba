import { isUniqueViolation, lockInTransaction } from '../../db';
import { enqueue } from '../../jobs';
import { revokeUserSessions } from '../../auth/sessions';
import { Refusal } from '../../errors';
import { inTransaction, type RequestContext } from '../../context';
import { countAuditSince, recordAudit } from '../../audit';
import {
  ALREADY_AUTHORISED,
  ALREADY_INVITED,
  INVITATIONS_LIMITED,
  INVITATIONS_PER_HOUR,
  LAST_USER,
  NOT_INVITED,
  RESEND_COOLDOWN_SECONDS,
  RESEND_TOO_SOON,
  USED_BY_ANOTHER_SCHOOL,
  USER_NOT_FOUND,
  type AccountUser,
  type AddUserRequest,
  type UserStatus,
} from '../../../contracts/account';
import type { Db } from '../../db';
import { findSchoolUserByEmail } from '../repository';
import * as repo from './repository';

/**
 * Account > Manage Users: any user of a school may authorise another (an invitation by email:
 * they choose their password on the welcome page, ./invitations.ts) or unauthorise one (their
 * sessions end at once). A school always keeps one user. Everything is looked up inside the
 * session's school: another school's users are as unknown as addresses nobody has.
 */

/** The job that mails an invitation's link (./invitation-mail.ts), enqueued with the add or Send again that asks for it. */
export const INVITATION_MAIL_JOB = 'account-invitation-mail';

/** An invitation's status: a link on its way or working is 'invited'; one that ran out unused is 'expired'. */
function invitationStatus(invitation: repo.InvitationRow, now: number): UserStatus {
  const newMailAsked = invitation.sent_at === null || invitation.requested_at > invitation.sent_at;
  return !newMailAsked && invitation.expires_at !== null && invitation.expires_at <= now ? 'expired' : 'invited';
}

function invitedUser(invitation: repo.InvitationRow, now: number): AccountUser {
  return { email: invitation.email, name: invitation.name, status: invitationStatus(invitation, now), self: false };
}

/** Every user of the school, and every person invited, by email (GET /api/account/users and the page's first HTML). */
export async function listUsers(ctx: RequestContext): Promise<AccountUser[]> {
  const users = await repo.listSchoolUsers(ctx.db, ctx.domain.id);
  const invitations = await repo.listSchoolInvitations(ctx.db, ctx.domain.id);
  return [
    ...users.map((user): AccountUser => ({ email: user.email, name: user.name, status: 'active', self: user.id === ctx.user.id })),
    ...invitations.map((invitation) => invitedUser(invitation, ctx.now)),
  ].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
}

/** The page's loader: the list as the first HTML shows it. */
export const loadManageUsers = listUsers;

/** Refuses an address that is already a user or invited, here or at another school (addresses are one school's). */
async function refuseTaken(db: Db, domainId: number, email: string): Promise<void> {
  const userSchool = await repo.userSchoolOf(db, email);
  if (userSchool !== undefined) throw new Refusal(409, userSchool === domainId ? ALREADY_AUTHORISED : USED_BY_ANOTHER_SCHOOL);
  const invitation = await repo.findInvitationByEmail(db, email);
  if (invitation) throw new Refusal(409, invitation.domain_id === domainId ? ALREADY_INVITED : USED_BY_ANOTHER_SCHOOL);
}

/** The audit log's codes for Manage Users' changes (Account > Activity Log shows their details). */
const INVITED = 'users.invite';
const INVITED_AGAIN = 'users.invite-again';
const REMOVED = 'users.remove';

function audit(ctx: RequestContext, db: Db, action: typeof INVITED | typeof INVITED_AGAIN | typeof REMOVED, detail: string): Promise<void> {
  return recordAudit(db, { domainId: ctx.domain.id, userId: ctx.user.id, actor: ctx.user.email, action, detail, now: ctx.now });
}

/**
 * A mail about to go out on the school's behalf (an invitation, or one sent again) within its
 * hourly allowance; counted from the audit log, so removing invitations frees nothing. In the
 * change's transaction, after the school's lock: two colleagues at once cannot both take the last one.
 */
async function refuseOverInvitationLimit(ctx: RequestContext, db: Db): Promise<void> {
  await lockInTransaction(db, `account-invitations:${ctx.domain.id}`);
  if ((await countAuditSince(db, ctx.domain.id, [INVITED, INVITED_AGAIN], ctx.now - 60 * 60)) >= INVITATIONS_PER_HOUR) {
    throw new Refusal(429, INVITATIONS_LIMITED, 'rate_limited');
  }
}

function enqueueInvitationMail(db: Db, invitationId: number, requestedAt: number, portalUrl: string): Promise<number | undefined> {
  return enqueue(db, {
    name: INVITATION_MAIL_JOB,
    payload: { invitationId, requestedAt, portalUrl },
    now: requestedAt,
    key: `${INVITATION_MAIL_JOB}:${invitationId}:${requestedAt}`,
  });
}

/**
 * POST /api/account/users/add: invites the person (listed as 'Invited'); their invitation is
 * mailed by a job enqueued in the same transaction, its link pointing at `portalUrl`.
 */
export async function authoriseUser(ctx: RequestContext, input: AddUserRequest, portalUrl: string): Promise<AccountUser> {
  try {
    return await inTransaction(ctx, async (trx) => {
      await refuseTaken(trx.db, ctx.domain.id, input.email);
      await refuseOverInvitationLimit(ctx, trx.db);
      const invitation = await repo.insertInvitation(trx.db, {
        domainId: ctx.domain.id,
        email: input.email,
        name: input.name,
        invitedBy: ctx.user.id,
        now: ctx.now,
      });
      await enqueueInvitationMail(trx.db, invitation.id, ctx.now, portalUrl);
      await audit(ctx, trx.db, INVITED, `Invited ${invitation.name} (${invitation.email}) to sign in.`);
      return invitedUser(invitation, ctx.now);
    });
  } catch (err) {
    // Someone else took the address between the check and the insert: say who has it now.
    if (!isUniqueViolation(err)) throw err;
    await refuseTaken(ctx.db, ctx.domain.id, input.email);
    throw new Refusal(409, USED_BY_ANOTHER_SCHOOL);
  }
}

/** An address from the path, as the users table keeps addresses. */
function normalisedEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * GET /api/account/users/{email}/delete: unauthorises a user of the school (their sessions end
 * at once; `signedOut` when it was the caller) or withdraws an invitation (its link stops
 * working). The school's last user stays: there would be nobody left to sign in.
 */
export async function unauthoriseUser(ctx: RequestContext, email: string): Promise<{ signedOut: boolean }> {
  const address = normalisedEmail(email);
  return inTransaction(ctx, async (trx) => {
    // Two users removing each other at once must not leave the school with none.
    await lockInTransaction(trx.db, `account-users:${ctx.domain.id}`);
    const user = await findSchoolUserByEmail(trx.db, ctx.domain.id, address);
    if (user) {
      if ((await repo.countSchoolUsers(trx.db, ctx.domain.id)) <= 1) throw new Refusal(409, LAST_USER, 'last_user');
      // Recorded first: removing yourself deletes the user the entry names (the log keeps the address, `actor`).
      await audit(ctx, trx.db, REMOVED, `Removed ${address}: they can no longer sign in.`);
      await revokeUserSessions(trx.db, user.id);
      await repo.deleteSchoolUser(trx.db, ctx.domain.id, user.id);
      return { signedOut: user.id === ctx.user.id };
    }
    const invitation = await repo.findInvitationByEmail(trx.db, address);
    if (!invitation || invitation.domain_id !== ctx.domain.id || !(await repo.deleteInvitation(trx.db, invitation.id))) throw new Refusal(404, USER_NOT_FOUND);
    await audit(ctx, trx.db, REMOVED, `Withdrew the invitation of ${address}.`);
    return { signedOut: false };
  });
}

/**
 * POST /api/account/users/resend: mails an invited person a new link (the one before stops
 * working once it is sent), not more than once a minute.
 */
export async function resendInvitation(ctx: RequestContext, email: string, portalUrl: string): Promise<AccountUser> {
  return inTransaction(ctx, async (trx) => {
    const invitation = await repo.findInvitationByEmail(trx.db, email);
    if (!invitation || invitation.domain_id !== ctx.domain.id) {
      throw (await findSchoolUserByEmail(trx.db, ctx.domain.id, email)) ? new Refusal(409, NOT_INVITED) : new Refusal(404, USER_NOT_FOUND);
    }
    if (ctx.now < invitation.requested_at + RESEND_COOLDOWN_SECONDS) throw new Refusal(429, RESEND_TOO_SOON);
    await refuseOverInvitationLimit(ctx, trx.db);
    await repo.markInvitationRequested(trx.db, invitation.id, ctx.now);
    await enqueueInvitationMail(trx.db, invitation.id, ctx.now, portalUrl);
    await audit(ctx, trx.db, INVITED_AGAIN, `Sent the invitation of ${invitation.email} again.`);
    return invitedUser({ ...invitation, requested_at: ctx.now }, ctx.now);
  });
}
