/**
 * Manage Users' upstream service: the spec's account calls sent to the legacy backend, its answers
 * mapped to the contract's users. The legacy backend authorises people at once (no invitations):
 * every user it lists is 'active'; the signed-in user's row is known by their email.
 */
import type { AccountUser, AddUserRequest } from '../../contract';
import type { UpstreamScope } from '../../../../platform/upstream/client';
import { upstreamSession } from '../../../../platform/upstream/session';
import { legacyEnvelopeOnly, legacyUsersAnswer, type LegacyUser } from './legacy';

/** The signed-in user's address, lowercased (null when the backend does not say it): asked once per request. */
async function selfEmail(up: UpstreamScope): Promise<string | null> {
  return (await upstreamSession(up))?.user.email?.trim().toLowerCase() ?? null;
}

function toAccountUser(user: LegacyUser, self: string | null): AccountUser {
  const email = (user.email || user.Email || '').trim().toLowerCase();
  return { email, name: user.name || user.Name || user.fullname || '', status: 'active', self: email === self };
}

/** GET /api/account/users: the school's users by email, as the embedded service lists them. */
export async function listUsers(up: UpstreamScope): Promise<AccountUser[]> {
  const [answer, self] = await Promise.all([up.json({ method: 'GET', path: '/api/account/users' }, legacyUsersAnswer), selfEmail(up)]);
  return answer.users.map((user) => toAccountUser(user, self)).sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
}

/** POST /api/account/users/add {email, name}: the user as sent (the legacy answer says nothing more). */
export async function authoriseUser(up: UpstreamScope, input: AddUserRequest): Promise<AccountUser> {
  await up.json({ method: 'POST', path: '/api/account/users/add', json: { email: input.email, name: input.name } }, legacyEnvelopeOnly);
  return { email: input.email, name: input.name, status: 'active', self: input.email === (await selfEmail(up)) };
}

/** GET /api/account/users/{email}/delete: `signedOut` when it was the caller's own account (the backend ends that session). */
export async function unauthoriseUser(up: UpstreamScope, email: string): Promise<{ signedOut: boolean }> {
  const address = email.trim().toLowerCase();
  const self = await selfEmail(up);
  await up.json({ method: 'GET', path: `/api/account/users/${encodeURIComponent(address)}/delete` }, legacyEnvelopeOnly);
  return { signedOut: address === self };
}
