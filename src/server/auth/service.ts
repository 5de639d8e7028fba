import type { Db } from '../db';
import { findUserByEmail } from '../account/repository';
import { DUMMY_HASH_PROMISE, verifyPassword } from './passwords';
import { clearLoginFailures, isLoginLimited, recordLoginFailure } from './rate-limit';
import { createSession, loadSession, type SessionContext } from './sessions';

export const LOGIN_FAILED_MESSAGE = 'Email or password is incorrect.';
export const LOGIN_LIMITED_MESSAGE = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

export type LoginResult =
  | { ok: true; token: string; session: SessionContext }
  | { ok: false; reason: 'invalid' | 'limited'; message: string };

/**
 * Checks credentials under the rate limit. A limited email or address is refused before the
 * password is checked, so guessing cannot continue while the limit holds.
 */
export async function login(
  db: Db,
  input: { email: string; password: string; ip: string; now: number; sessionSeconds: number },
): Promise<LoginResult> {
  const key = { email: input.email, ip: input.ip };
  if (await isLoginLimited(db, key, input.now)) return { ok: false, reason: 'limited', message: LOGIN_LIMITED_MESSAGE };

  const user = await findUserByEmail(db, input.email);
  const valid = await verifyPassword(input.password, user?.password_hash ?? (await DUMMY_HASH_PROMISE));
  if (!user || !valid) {
    await recordLoginFailure(db, key, input.now);
    return { ok: false, reason: 'invalid', message: LOGIN_FAILED_MESSAGE };
  }

  await clearLoginFailures(db, input.email);
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

/** Where to go after signing in: only a same-site path, never another host. */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/')) return '/home';
  // Resolve it as a browser would (which drops tabs and newlines, so '/\t/evil.com' is '//evil.com'):
  // only a path that stays on this origin is followed.
  const base = 'http://portal.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return '/home';
  }
  if (url.origin !== base || /[\u0000-\u001f\u007f]/.test(next)) return '/home';
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path.startsWith('/api/') || url.pathname === '/login') return '/home';
  return path;
}
