import type { Db } from '../../../../../platform/db';
import { isUniqueViolation } from '../../../../../platform/db';
import { hashPasswordUnlessBusy, PASSWORD_BUSY_MESSAGE } from '../../../../../platform/auth/passwords';
import { createSession } from '../../../../../platform/auth/sessions';
import { linkTokenHash } from '../../../../../platform/auth/link-tokens';
import { choosePasswordFormSchema, PASSWORDS_DIFFER } from '../../../contract';
import { findUserByEmail, insertUser } from '../repository';
import * as repo from './repository';

/**
 * The welcome page (/welcome/<token>): an invitation's emailed link. Opening it only asks (mail
 * scanners open links); choosing a password there makes the person a user of the school, ends
 * the invitation (the link works once) and signs them in. An address that already has an account
 * (at this school or another: one account per address for now) is told so here, to the holder of
 * the link alone: the inviting school only ever sees 'Invited'.
 */

export type WelcomeScreen =
  | { state: 'ask'; email: string; name: string; schoolName: string; error?: string }
  | { state: 'signed-in'; sessionToken: string }
  | { state: 'expired'; schoolName: string }
  /** The address has an account already: another school's, or one made while the invitation waited. */
  | { state: 'taken'; email: string; schoolName: string }
  | { state: 'invalid' };

async function findLive(db: Db, token: string, now: number): Promise<{ screen: WelcomeScreen; invitation?: repo.InvitationWithSchool }> {
  const hash = linkTokenHash(token);
  const invitation = hash ? await repo.findInvitationByTokenHash(db, hash) : undefined;
  if (!invitation || invitation.expires_at === null) return { screen: { state: 'invalid' } };
  if (now >= invitation.expires_at) return { screen: { state: 'expired', schoolName: invitation.school_name } };
  if (await findUserByEmail(db, invitation.email)) return { screen: { state: 'taken', email: invitation.email, schoolName: invitation.school_name } };
  return { screen: { state: 'ask', email: invitation.email, name: invitation.name, schoolName: invitation.school_name }, invitation };
}

/** What the link stands for: a used, replaced, withdrawn or made-up link is 'invalid'. */
export async function readWelcome(db: Db, token: string, now: number): Promise<WelcomeScreen> {
  return (await findLive(db, token, now)).screen;
}

/** The form's post: the password twice. On success the caller sets the session's cookie. */
export async function acceptInvitation(
  db: Db,
  token: string,
  fields: { password: unknown; confirm: unknown },
  now: number,
  sessionSeconds: number,
): Promise<WelcomeScreen> {
  const { screen, invitation } = await findLive(db, token, now);
  if (!invitation || screen.state !== 'ask') return screen;
  const form = choosePasswordFormSchema.safeParse(fields);
  if (!form.success) return { ...screen, error: form.error.issues[0]?.message ?? PASSWORDS_DIFFER };
  // Hashed before the transaction: the write lock is not held for the hash's 100 ms.
  const passwordHash = await hashPasswordUnlessBusy(form.data.password);
  if (passwordHash === null) return { ...screen, error: PASSWORD_BUSY_MESSAGE };
  try {
    return await db.transaction().execute(async (trx): Promise<WelcomeScreen> => {
      // The same link posted twice at once: only the first finds the invitation to end.
      if (!(await repo.deleteInvitation(trx, invitation.id))) return { state: 'invalid' };
      const userId = await insertUser(trx, { domainId: invitation.domain_id, email: invitation.email, name: invitation.name, passwordHash, now });
      const sessionToken = await createSession(trx, { userId, domainId: invitation.domain_id, now, lifetimeSeconds: sessionSeconds });
      return { state: 'signed-in', sessionToken };
    });
  } catch (err) {
    if (isUniqueViolation(err)) return { state: 'taken', email: invitation.email, schoolName: invitation.school_name };
    throw err;
  }
}
