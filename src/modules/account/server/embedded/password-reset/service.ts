import type { Db } from '../../../../../platform/db';
import type { Runtime } from '../../../../../platform/runtime';
import { PAGE_FORM_MAX_BYTES, readFormLimited } from '../../../../../platform/http/limits/body-limits';
import { mayEmailLinks } from '../../../../../platform/http/link-addresses';
import { enqueue } from '../../../../../platform/jobs';
import { hashPasswordUnlessBusy, PASSWORD_BUSY_MESSAGE } from '../../../../../platform/auth/passwords';
import { createSession, revokeUserSessions } from '../../../../../platform/auth/sessions';
import { linkTokenHash } from '../../../../../platform/auth/link-tokens';
import { findUserByEmail } from '../../../../../platform/auth/users';
import { choosePasswordFormSchema, forgotPasswordFormSchema, MAX_USER_EMAIL_LENGTH, PASSWORDS_DIFFER, RESET_EMAIL_INVALID, RESET_LIMITED } from '../../../contract';
import { updateUserPassword } from '../repository';
import * as repo from './repository';

/**
 * 'Forgot password?' on the sign-in page. The form's answer is the same whether or not the
 * address is a user's (nobody learns who has an account), and it is rate-limited per client
 * address and per address asked for (nobody can flood an inbox). For a user's address the
 * `account-reset-mail` job (./mail.ts, enqueued in the request's transaction) mails a link that
 * works once, for an hour; choosing a new password there signs the user out everywhere, then
 * signs them in on this browser.
 */

export const RESET_MAIL_JOB = 'account-reset-mail';

/** Requests one client address may make in `WINDOW_SECONDS`, for any addresses. */
export const RESETS_PER_IP = 10;
/** Requests for one address in `WINDOW_SECONDS`, from anywhere: each may send it a message. */
export const RESETS_PER_ADDRESS = 3;
export const WINDOW_SECONDS = 60 * 60;
/** Requests are forgotten after a day (the limits look back an hour). */
export const RESET_KEEP_SECONDS = 24 * 60 * 60;
const MAX_IP_LENGTH = 64;

export type ResetRequestOutcome = { ok: true; email: string } | { ok: false; status: 400 | 429; message: string };

/**
 * The form's post. `mailLinks` false (a request that reached the portal under a name its links do
 * not use, http/link-addresses.ts): everything as usual, the same answer, but no mail.
 */
export async function requestPasswordReset(
  db: Db,
  fields: { email: unknown },
  client: { ip: string; mailLinks: boolean },
  now: number,
): Promise<ResetRequestOutcome> {
  const parsed = forgotPasswordFormSchema.safeParse(fields);
  if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? RESET_EMAIL_INVALID };
  const { email } = parsed.data;
  const ip = client.ip.slice(0, MAX_IP_LENGTH);
  return db.transaction().execute(async (trx): Promise<ResetRequestOutcome> => {
    const since = now - WINDOW_SECONDS;
    if ((await repo.countResetsFromIp(trx, ip, since)) >= RESETS_PER_IP) return { ok: false, status: 429, message: RESET_LIMITED };
    if ((await repo.countResetsForEmail(trx, email, since)) >= RESETS_PER_ADDRESS) return { ok: false, status: 429, message: RESET_LIMITED };
    const user = await findUserByEmail(trx, email);
    // Every request counts for the limits, an unknown address's too; only a user's gets a message.
    const resetId = await repo.insertReset(trx, { email, ip, userId: user?.id ?? null, now });
    if (user && client.mailLinks) await enqueue(trx, { name: RESET_MAIL_JOB, payload: { resetId }, now, key: `${RESET_MAIL_JOB}:${resetId}`, domainId: user.domain_id });
    return { ok: true, email };
  });
}

/** The page's POST as the browser sent it: the address as typed (shown again), and the outcome. */
export async function submitForgotPassword(
  runtime: Runtime,
  request: Request,
  ip: string,
): Promise<{ typed: string; outcome: ResetRequestOutcome | { ok: false; status: 413; message: string } }> {
  const read = await readFormLimited(request, PAGE_FORM_MAX_BYTES);
  if (read === 'too-large') return { typed: '', outcome: { ok: false, status: 413, message: 'This form is too large.' } };
  const typed = String(read?.get('email') ?? '').slice(0, MAX_USER_EMAIL_LENGTH);
  const mailLinks = mayEmailLinks(runtime.config, request.url);
  return { typed, outcome: await requestPasswordReset(runtime.db, { email: typed }, { ip, mailLinks }, runtime.clock()) };
}

export type ResetScreen =
  { state: 'ask'; email: string; error?: string } | { state: 'signed-in'; sessionToken: string } | { state: 'expired' } | { state: 'invalid' };

async function findLive(db: Db, token: string, now: number): Promise<{ screen: ResetScreen; reset?: repo.ResetWithUser }> {
  const hash = linkTokenHash(token);
  const reset = hash ? await repo.findResetByTokenHash(db, hash) : undefined;
  if (!reset || reset.used_at !== null || reset.expires_at === null) return { screen: { state: 'invalid' } };
  if (now >= reset.expires_at) return { screen: { state: 'expired' } };
  return { screen: { state: 'ask', email: reset.email }, reset };
}

/** What a reset link stands for: used, replaced by a newer password, or made up is 'invalid'. */
export async function readResetLink(db: Db, token: string, now: number): Promise<ResetScreen> {
  return (await findLive(db, token, now)).screen;
}

/**
 * The reset page's post: the new password twice. Sets it, ends every session of the user and
 * every other open link, and starts a session for this browser (the caller sets its cookie).
 */
export async function completePasswordReset(
  db: Db,
  token: string,
  fields: { password: unknown; confirm: unknown },
  now: number,
  sessionSeconds: number,
): Promise<ResetScreen> {
  const { screen, reset } = await findLive(db, token, now);
  if (!reset || screen.state !== 'ask') return screen;
  const form = choosePasswordFormSchema.safeParse(fields);
  if (!form.success) return { ...screen, error: form.error.issues[0]?.message ?? PASSWORDS_DIFFER };
  const passwordHash = await hashPasswordUnlessBusy(form.data.password);
  if (passwordHash === null) return { ...screen, error: PASSWORD_BUSY_MESSAGE };
  return db.transaction().execute(async (trx): Promise<ResetScreen> => {
    // The same link posted twice at once: only the first uses it.
    if (!(await repo.useReset(trx, reset.id, now))) return { state: 'invalid' };
    await updateUserPassword(trx, reset.user_id, passwordHash);
    await revokeUserSessions(trx, reset.user_id);
    await repo.useUserResets(trx, reset.user_id, now);
    const sessionToken = await createSession(trx, { userId: reset.user_id, domainId: reset.domain_id, now, lifetimeSeconds: sessionSeconds });
    return { state: 'signed-in', sessionToken };
  });
}

/** A password set some other way (the operator's `reset-password`) uses up the user's open links too. */
export function useUpResetLinks(db: Db, userId: number, now: number): Promise<void> {
  return repo.useUserResets(db, userId, now);
}

/** The schedule's upkeep: requests older than a day are forgotten. */
export function purgeOldResets(db: Db, now: number): Promise<number> {
  return repo.purgeResets(db, now - RESET_KEEP_SECONDS);
}
