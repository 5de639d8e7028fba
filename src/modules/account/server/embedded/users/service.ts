import { isUniqueViolation, lockInTransaction } from '../../../../../platform/db';
import { enqueue } from '../../../../../platform/jobs';
import { revokeUserSessions } from '../../../../../platform/auth/sessions';
import { Refusal } from '../../../../../platform/errors';
import { inTransaction, type RequestContext } from '../../../../../platform/context';
import { countAuditSince, recordAudit } from '../../../../../platform/audit';
import {
  ALREADY_AUTHORISED,
  ALREADY_INVITED,
  INVITATIONS_LIMITED,
  INVITATIONS_PER_HOUR,
  LAST_USER,
  NOT_INVITED,
  RESEND_COOLDOWN_SECONDS,
  RESEND_TOO_SOON,
  USER_NOT_FOUND,
  type AccountUser,
  type AddUserRequest,
  type UserStatus,
} from '../../../contract';
import type { Db } from '../../../../../platform/db';
import { findSchoolUserByEmail } from '../repository';
import * as repo from './repository';

/**
 * Account > Manage Users: any user of a school may authorise another (an invitation by email:
 * they choose their password on the welcome page, ./invitations.ts) or unauthorise one (their
 * sessions end at once). A school always keeps one user. Everything is looked up inside the
 * session's school: another school's users and invitations are as unknown as addresses nobody
 * has, so an address another school uses is invited as any other (its owner's welcome page alone
 * says the address already has an account).
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

/** Refuses an address that is already this school's user or invited by it; other schools' are not looked at. */
async function refuseTaken(db: Db, domainId: number, email: string): Promise<void> {
  if (await findSchoolUserByEmail(db, domainId, email)) throw new Refusal(409, 'conflict', ALREADY_AUTHORISED);
  if (await repo.findSchoolInvitation(db, domainId, email)) throw new Refusal(409, 'conflict', ALREADY_INVITED);
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
    throw new Refusal(429, 'rate_limited', INVITATIONS_LIMITED);
  }
}

function enqueueInvitationMail(db: Db, domainId: number, invitationId: number, requestedAt: number): Promise<number | undefined> {
  return enqueue(db, {
    name: INVITATION_MAIL_JOB,
    domainId,
    payload: { invitationId, requestedAt },
    now: requestedAt,
    key: `${INVITATION_MAIL_JOB}:${invitationId}:${requestedAt}`,
  });
}

/**
 * POST /api/account/users/add: invites the person (listed as 'Invited'); their invitation is
 * mailed by a job enqueued in the same transaction.
 */
export async function authoriseUser(ctx: RequestContext, input: AddUserRequest): Promise<AccountUser> {
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
      await enqueueInvitationMail(trx.db, ctx.domain.id, invitation.id, ctx.now);
      await audit(ctx, trx.db, INVITED, `Invited ${invitation.name} (${invitation.email}) to sign in.`);
      return invitedUser(invitation, ctx.now);
    });
  } catch (err) {
    // A colleague invited the address between the check and the insert.
    if (!isUniqueViolation(err)) throw err;
    throw new Refusal(409, 'conflict', ALREADY_INVITED);
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
      if ((await repo.countSchoolUsers(trx.db, ctx.domain.id)) <= 1) throw new Refusal(409, 'last_user', LAST_USER);
      // Recorded first: removing yourself deletes the user the entry names (the log keeps the address, `actor`).
      await audit(ctx, trx.db, REMOVED, `Removed ${address}: they can no longer sign in.`);
      await revokeUserSessions(trx.db, user.id);
      await repo.deleteSchoolUser(trx.db, ctx.domain.id, user.id);
      return { signedOut: user.id === ctx.user.id };
    }
    const invitation = await repo.findSchoolInvitation(trx.db, ctx.domain.id, address);
    if (!invitation || !(await repo.deleteInvitation(trx.db, invitation.id))) throw new Refusal(404, 'not_found', USER_NOT_FOUND);
    await audit(ctx, trx.db, REMOVED, `Withdrew the invitation of ${address}.`);
    return { signedOut: false };
  });
}

/**
 * POST /api/account/users/resend: mails an invited person a new link (the one before stops
 * working once it is sent), not more than once a minute.
 */
export async function resendInvitation(ctx: RequestContext, email: string): Promise<AccountUser> {
  return inTransaction(ctx, async (trx) => {
    const invitation = await repo.findSchoolInvitation(trx.db, ctx.domain.id, email);
    if (!invitation) {
      throw (await findSchoolUserByEmail(trx.db, ctx.domain.id, email)) ? new Refusal(409, 'conflict', NOT_INVITED) : new Refusal(404, 'not_found', USER_NOT_FOUND);
    }
    if (ctx.now < invitation.requested_at + RESEND_COOLDOWN_SECONDS) throw new Refusal(429, 'rate_limited', RESEND_TOO_SOON);
    await refuseOverInvitationLimit(ctx, trx.db);
    await repo.markInvitationRequested(trx.db, invitation.id, ctx.now);
    await enqueueInvitationMail(trx.db, ctx.domain.id, invitation.id, ctx.now);
    await audit(ctx, trx.db, INVITED_AGAIN, `Sent the invitation of ${invitation.email} again.`);
    return invitedUser({ ...invitation, requested_at: ctx.now }, ctx.now);
  });
}
