import type { Db } from '../db';
import { findUserByEmail } from './users';
import { DUMMY_HASH_PROMISE, verifyPassword } from './passwords';
import { clearLoginFailures, releaseLoginAttempt, reserveLoginAttempt } from './rate-limit';
import { createSession, loadSession, type SessionContext } from './sessions';

export const LOGIN_FAILED_MESSAGE = 'Email or password is incorrect.';
export const LOGIN_LIMITED_MESSAGE = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
export const LOGIN_SLOWED_MESSAGE = 'Too many failed sign-in attempts for this email today. Please wait a few seconds and try again.';

export type LoginResult =
  | { ok: true; token: string; session: SessionContext }
  | { ok: false; reason: 'invalid' | 'limited'; message: string };

/** A password checked under the sign-in limits: right (for `user`), wrong, or not checked at all (limited). */
export type PasswordCheck<U> = { ok: true; user: U } | { ok: false; reason: 'invalid' | 'limited'; message: string };

/**
 * Checks `password` under the sign-in rate limit (see `reserveLoginAttempt`), for the sign-in and
 * for anything else that asks a signed-in user for their password (the profile's password change):
 * both count towards the same limits, per email and per client address. The attempt is reserved
 * before its password is checked, so guessing cannot continue while the limit holds, not even by
 * a burst of attempts at once; a right password clears the reservation, a wrong one leaves it as
 * the failure. Every reserved attempt checks a hash, the dummy one when `find` finds nobody, so
 * timing does not tell which emails exist. A Refusal (429) when too many passwords wait to be
 * hashed: the attempt then counts for nothing.
 */
export async function checkPasswordUnderLimits<U extends { password_hash: string }>(
  db: Db,
  input: { email: string; password: string; ip: string; now: number },
  find: () => Promise<U | undefined>,
): Promise<PasswordCheck<U>> {
  const key = { email: input.email, ip: input.ip };
  const reservation = await reserveLoginAttempt(db, key, input.now);
  if ('refused' in reservation) {
    return { ok: false, reason: 'limited', message: reservation.refused === 'slowed' ? LOGIN_SLOWED_MESSAGE : LOGIN_LIMITED_MESSAGE };
  }

  let user: U | undefined;
  let valid: boolean;
  try {
    user = await find();
    valid = await verifyPassword(input.password, user?.password_hash ?? (await DUMMY_HASH_PROMISE));
  } catch (err) {
    await releaseLoginAttempt(db, reservation.id);
    throw err;
  }
  if (!user || !valid) return { ok: false, reason: 'invalid', message: LOGIN_FAILED_MESSAGE };
  await clearLoginFailures(db, key);
  return { ok: true, user };
}

/** Signs in: the password checked under the rate limit (`checkPasswordUnderLimits`), then a new session. */
export async function login(
  db: Db,
  input: { email: string; password: string; ip: string; now: number; sessionSeconds: number },
): Promise<LoginResult> {
  const checked = await checkPasswordUnderLimits(db, input, () => findUserByEmail(db, input.email));
  if (!checked.ok) return checked;
  const { user } = checked;
  const token = await createSession(db, {
    userId: user.id,
    domainId: user.domain_id,
    now: input.now,
    lifetimeSeconds: input.sessionSeconds,
  });
  const session = await loadSession(db, token, input.now);
  if (!session) throw new Error('A session just created could not be read back.');
  return { ok: true, token, session };
}

const NEXT_BASE = 'http://portal.invalid';

/**
 * Where to go after signing in: '/home', or a path of this origin that no parser can read as
 * another host. The browser resolves the Location header again, and proxies may decode it, so
 * the result is checked after resolving ('/.//evil.com' and '/home/..//evil.com' become
 * '//evil.com'), not just the input.
 */
export function safeNextPath(next: string | null | undefined): string {
  // Browsers drop tabs and newlines from URLs ('/\t/evil.com' is '//evil.com'): refuse them outright.
  if (!next || !next.startsWith('/') || /[\u0000-\u001f\u007f]/.test(next)) return '/home';
  const path = resolvedPath(next);
  if (path === null || !isSingleSlashPath(path) || resolvedPath(path) !== path) return '/home';
  if (path.startsWith('/api/') || new URL(path, NEXT_BASE).pathname === '/login') return '/home';
  return path;
}

/** The path, query and fragment a browser would request for `next` here, or null for another origin. */
function resolvedPath(next: string): string | null {
  let url: URL;
  try {
    url = new URL(next, NEXT_BASE);
  } catch {
    return null;
  }
  return url.origin === NEXT_BASE ? `${url.pathname}${url.search}${url.hash}` : null;
}

/**
 * '/' or '/x...' where x is neither slash nor backslash, and a first segment without encoded
 * slashes: a server or proxy that decodes '%2f' or '%5c' would otherwise see '//evil.com'.
 */
function isSingleSlashPath(path: string): boolean {
  if (path !== '/' && !/^\/[^/\\]/.test(path)) return false;
  const firstSegment = path.slice(1).split(/[/?#]/, 1)[0] ?? '';
  return !/\\|%2f|%5c/i.test(firstSegment);
}
