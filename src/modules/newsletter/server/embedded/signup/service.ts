import type { Db } from '../../../../../platform/db';
import type { Runtime } from '../../../../../platform/runtime';
import { PAGE_FORM_MAX_BYTES, readFormLimited } from '../../../../../platform/http/limits/body-limits';
import { mayEmailLinks, schoolSiteAddress } from '../../../../../platform/http/link-addresses';
import { enqueue } from '../../../../../platform/jobs';
import { sign, verify } from '../../../../../platform/secrets';
import { findSchoolByLabel } from '../../../../account/server';
import { emailKey, SIGNUP_FIELDS_REQUIRED, SIGNUP_LIMITED, SIGNUP_LINK_HOURS, signupFormSchema } from '../../../contract';
import { insertMember, findMemberByKey } from '../members/repository';
import * as repo from './repository';

/**
 * Joining a school's list from its public site, with double opt-in: the form records a request
 * and emails a signed link (the `newsletter-signup-mail` job, in the request's transaction); only
 * following that link, and pressing its button, adds the address. The answer to the form is the
 * same whether or not the address is already listed, so the form tells nobody who is on the list.
 * A filled-in honeypot gets the same answer and nothing else. Requests are rate-limited per client
 * address (across schools) and per address asked for, so the form cannot be used to mail-bomb.
 */

export const SIGNUP_MAIL_JOB = 'newsletter-signup-mail';
const PURPOSE = 'newsletter-signup';
const TOKEN = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

/** Requests one client address may make in `IP_WINDOW_SECONDS`, to any school. */
export const SIGNUPS_PER_IP = 10;
export const IP_WINDOW_SECONDS = 60 * 60;
/** Confirmation messages one address may be sent by one school in `ADDRESS_WINDOW_SECONDS`. */
export const SIGNUPS_PER_ADDRESS = 3;
export const ADDRESS_WINDOW_SECONDS = 24 * 60 * 60;
/** Requests are forgotten after a week (the rate limits look back a day at most). */
export const SIGNUP_KEEP_SECONDS = 7 * 24 * 60 * 60;
const LINK_SECONDS = SIGNUP_LINK_HOURS * 60 * 60;
const MAX_IP_LENGTH = 64;

export interface SignupSchool {
  id: number;
  label: string;
  name: string;
}

/** The school whose public site offers the sign-up: it has both a website and the newsletter; else null (a 404). */
export async function findSignupSchool(db: Db, label: string): Promise<SignupSchool | null> {
  const school = await findSchoolByLabel(db, label);
  return school && school.products.website && school.products.newsletter ? { id: school.id, label: school.label, name: school.name } : null;
}

export type SignupOutcome = { ok: true } | { ok: false; status: 400 | 429; message: string };

/**
 * The form's post: `fields` as the form sent them, `siteUrl` the configured absolute address of
 * the school's site (the emailed link goes there), `ip` the client's address. `mailLinks` false (a
 * request that reached the server under a name its links do not use, http/link-addresses.ts): the
 * same answer and the same limits, but no mail.
 */
export async function requestSignup(
  db: Db,
  school: SignupSchool,
  fields: Record<string, unknown>,
  client: { ip: string; siteUrl: string; mailLinks: boolean },
  now: number,
): Promise<SignupOutcome> {
  const parsed = signupFormSchema.safeParse(fields);
  // The schema's texts are written for visitors: shown as they are, without the field's name.
  if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? SIGNUP_FIELDS_REQUIRED };
  // Bots fill in every field; people never see this one. They are told it worked.
  if (parsed.data.website) return { ok: true };
  const ip = client.ip.slice(0, MAX_IP_LENGTH);
  const key = emailKey(parsed.data.email);
  return db.transaction().execute(async (trx): Promise<SignupOutcome> => {
    if ((await repo.countSignupsFromIp(trx, ip, now - IP_WINDOW_SECONDS)) >= SIGNUPS_PER_IP) return { ok: false, status: 429, message: SIGNUP_LIMITED };
    if ((await repo.countSignupsForAddress(trx, school.id, key, now - ADDRESS_WINDOW_SECONDS)) >= SIGNUPS_PER_ADDRESS) {
      return { ok: false, status: 429, message: SIGNUP_LIMITED };
    }
    const member = await findMemberByKey(trx, school.id, key);
    const signupId = await repo.insertSignup(trx, { domainId: school.id, email: parsed.data.email, key, name: parsed.data.name, ip, siteUrl: client.siteUrl, now });
    // A subscribed member needs no message; the request still counts for the limits.
    if (!member?.subscribed && client.mailLinks) {
      await enqueue(trx, { name: SIGNUP_MAIL_JOB, payload: { signupId, schoolName: school.name }, now, key: `${SIGNUP_MAIL_JOB}:${signupId}`, domainId: school.id });
    }
    return { ok: true };
  });
}

/** The page's POST as the browser sent it: the fields as typed (shown again), and the outcome. */
export async function submitSignup(
  runtime: Runtime,
  school: SignupSchool,
  request: Request,
  ip: string,
): Promise<{ typed: { name: string; email: string }; outcome: SignupOutcome | { ok: false; status: 413; message: string } }> {
  const read = await readFormLimited(request, PAGE_FORM_MAX_BYTES);
  const form = read instanceof FormData ? read : new FormData();
  const typed = { name: String(form.get('name') ?? '').slice(0, 400), email: String(form.get('email') ?? '').slice(0, 400) };
  if (read === 'too-large') return { typed, outcome: { ok: false, status: 413, message: 'This form is too large.' } };
  const fields = Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  const client = { ip, siteUrl: schoolSiteAddress(runtime.config, school.label), mailLinks: mayEmailLinks(runtime.config, request.url) };
  return { typed, outcome: await requestSignup(runtime.db, school, fields, client, runtime.clock()) };
}

export async function signupToken(db: Db, signup: { id: number; domain_id: number }): Promise<string> {
  return `${signup.id}.${await sign(db, PURPOSE, [signup.domain_id, signup.id])}`;
}

export function confirmUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/newsletter/confirm/${token}`;
}

export type SignupLink =
  | { state: 'ask' | 'done'; email: string; name: string; signup: repo.SignupRow }
  | { state: 'expired' }
  | { state: 'invalid' };

/** What a confirmation link of the school `school` stands for: forged, altered, another school's or purged links are 'invalid'. */
export async function readSignupLink(db: Db, school: SignupSchool, token: string, now: number): Promise<SignupLink> {
  const match = TOKEN.exec(token);
  if (!match) return { state: 'invalid' };
  const signup = await repo.findSignup(db, Number(match[1]));
  if (!signup || signup.domain_id !== school.id) return { state: 'invalid' };
  if (!(await verify(db, PURPOSE, [signup.domain_id, signup.id], match[2]!))) return { state: 'invalid' };
  if (signup.confirmed_at !== null) return { state: 'done', email: signup.email, name: signup.name, signup };
  if (now >= signup.created_at + LINK_SECONDS) return { state: 'expired' };
  return { state: 'ask', email: signup.email, name: signup.name, signup };
}

/**
 * The link's button: the address joins the list (or, listed but unsubscribed, is subscribed
 * again: its owner asked, the one case where the suppression list is lifted). Confirming twice is
 * the same as once.
 */
export async function confirmSignup(db: Db, school: SignupSchool, token: string, now: number): Promise<SignupLink> {
  const link = await readSignupLink(db, school, token, now);
  if (link.state !== 'ask') return link;
  const { signup } = link;
  await db.transaction().execute(async (trx) => {
    const listed = await repo.resubscribe(trx, signup.domain_id, signup.email_key);
    if (!listed) await insertMember(trx, signup.domain_id, { email: signup.email, key: signup.email_key, name: signup.name, createdAt: now });
    await repo.markConfirmed(trx, signup.id, now);
  });
  return { ...link, state: 'done' };
}

/** The schedule's upkeep: requests older than a week are forgotten. */
export function purgeOldSignups(db: Db, now: number): Promise<number> {
  return repo.purgeSignups(db, now - SIGNUP_KEEP_SECONDS);
}
