import { inTransaction, type RequestContext } from '../../../../../platform/context';
import { recordAudit } from '../../../../../platform/audit';
import { Refusal } from '../../../../../platform/errors';
import type { Db } from '../../../../../platform/db';
import { hashPassword } from '../../../../../platform/auth/passwords';
import { checkPasswordUnderLimits } from '../../../../../platform/auth/service';
import { countOtherSessions, revokeOtherSessions } from '../../../../../platform/auth/sessions';
import { WRONG_CURRENT_PASSWORD, type ChangePasswordRequest, type Profile } from '../../../contract';
import { updateUserPassword } from '../repository';
import { useUpResetLinks } from '../password-reset/service';
import { findOwnUser, setOwnName } from './repository';

/**
 * Account > My Profile: the signed-in user changes their own name and password and signs out
 * their other sign-ins. It acts on the session's user only, inside the session's school, and keeps
 * the session asking: a password change or 'Sign out other sessions' ends every other one. Each
 * change is recorded in the school's activity log.
 */

/** The audit log's codes for the profile's changes (Account > Activity Log shows their details). */
const RENAMED = 'profile.rename';
const PASSWORD_CHANGED = 'profile.password';
const SESSIONS_ENDED = 'profile.sessions';

function audit(ctx: RequestContext, db: Db, action: typeof RENAMED | typeof PASSWORD_CHANGED | typeof SESSIONS_ENDED, detail: string): Promise<void> {
  return recordAudit(db, { domainId: ctx.domain.id, userId: ctx.user.id, actor: ctx.user.email, action, detail, now: ctx.now });
}

/** The session asking and its client's address: every request has them (src/platform/context.ts). */
function callerOf(ctx: RequestContext): NonNullable<RequestContext['caller']> {
  if (!ctx.caller) throw new Error('My Profile acts for a signed-in request: its context names the session.');
  return ctx.caller;
}

function sessions(count: number): string {
  return count === 1 ? '1 other session' : `${count} other sessions`;
}

export async function profileOf(ctx: RequestContext): Promise<Profile> {
  const user = await findOwnUser(ctx.db, ctx.domain.id, ctx.user.id);
  // The session joins its user: a session whose user is gone does not sign anybody in.
  if (!user) throw new Error('The signed-in user is not in their school.');
  return { name: user.name, email: user.email, otherSessions: await countOtherSessions(ctx.db, user.id, callerOf(ctx).sessionHash, ctx.now) };
}

/** POST /api/account/profile/name: the header shows the new name from the next page on. */
export async function renameSelf(ctx: RequestContext, name: string): Promise<Profile> {
  return inTransaction(ctx, async (trx) => {
    const before = await profileOf(trx);
    if (before.name === name) return before;
    await setOwnName(trx.db, ctx.domain.id, ctx.user.id, name);
    await audit(trx, trx.db, RENAMED, `Changed their name from ${before.name} to ${name}.`);
    return { ...before, name };
  });
}

/**
 * POST /api/account/profile/password. The current password is checked as a sign-in's is, under the
 * same limits (per email and client address): a wrong one counts as a failed sign-in, so the form
 * cannot be used to guess the password of a session left open. Nothing changes unless it is right.
 * Then the new password is set, the user's other sessions end (this one stays) and any open reset
 * link stops working.
 */
export async function changePassword(ctx: RequestContext, input: ChangePasswordRequest): Promise<Profile> {
  const caller = callerOf(ctx);
  const checked = await checkPasswordUnderLimits(ctx.db, { email: ctx.user.email, password: input.current, ip: caller.ip, now: ctx.now }, () =>
    findOwnUser(ctx.db, ctx.domain.id, ctx.user.id),
  );
  if (!checked.ok) {
    if (checked.reason === 'limited') throw new Refusal(429, 'rate_limited', checked.message);
    throw new Refusal(400, 'wrong_password', WRONG_CURRENT_PASSWORD, 'current');
  }
  // A Refusal (429) when too many passwords wait to be hashed: nothing has changed yet.
  const passwordHash = await hashPassword(input.password);
  return inTransaction(ctx, async (trx) => {
    await updateUserPassword(trx.db, ctx.user.id, passwordHash);
    const ended = await revokeOtherSessions(trx.db, ctx.user.id, caller.sessionHash, ctx.now);
    await useUpResetLinks(trx.db, ctx.user.id, ctx.now);
    await audit(trx, trx.db, PASSWORD_CHANGED, ended > 0 ? `Changed their password; ${sessions(ended)} signed out.` : 'Changed their password.');
    return profileOf(trx);
  });
}

/** POST /api/account/profile/sessions/end-others: recorded when it ended any. */
export async function endOtherSessions(ctx: RequestContext): Promise<{ profile: Profile; ended: number }> {
  const caller = callerOf(ctx);
  return inTransaction(ctx, async (trx) => {
    const ended = await revokeOtherSessions(trx.db, ctx.user.id, caller.sessionHash, ctx.now);
    if (ended > 0) await audit(trx, trx.db, SESSIONS_ENDED, `Signed out their ${sessions(ended)}.`);
    return { profile: await profileOf(trx), ended };
  });
}
