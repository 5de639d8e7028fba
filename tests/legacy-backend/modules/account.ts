/**
 * The account calls of the reference legacy backend (README.md): the school's authorised users.
 * The backend authorises at once (no invitations, no status) and writes its keys capitalised.
 *
 *   GET  /api/account/users -> {success: "true", isAuthFailed: 0, users: {"0": {Email, Name}, ...}}
 *        (the list as an object keyed by index, as PHP's json_encode writes a sparse array)
 *   POST /api/account/users/add {email, name} -> the envelope; a duplicate or bad address is refused
 *   GET  /api/account/users/{email}/delete -> the envelope; removing yourself ends your session
 *
 * The slice (GET /__test/slice/<school>/account) is `{users: LegacyAccountUser[]}` as stored. It is
 * the list of authorised users only: the login accounts (seed.ts) are left alone, so one test's
 * delete never locks the others out.
 */
import { legacyFail, legacyOk, type LegacyRequest, type LegacyRouter } from '../router';
import type { LegacyStore, School } from '../store';
import { LEGACY_SCHOOL } from '../seed';

export interface LegacyAccountUser {
  Email: string;
  Name: string | null;
}

export interface AccountSlice {
  users: LegacyAccountUser[];
}

function seedUsers(store: LegacyStore, school: School): AccountSlice {
  const logins = [...store.users.values()].filter((user) => user.school === school.label).map((user) => ({ Email: user.email, Name: user.name }));
  const extra =
    school.label === LEGACY_SCHOOL
      ? [
          { Email: 'office@legacy.school', Name: 'School Office' },
          { Email: 'head@legacy.school', Name: null },
        ]
      : [];
  return { users: [...logins, ...extra] };
}

function sliceOf(request: LegacyRequest, store: LegacyStore): AccountSlice {
  const school = request.school as School;
  return store.slice(school, 'account', () => seedUsers(store, school));
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function registerAccount(router: LegacyRouter): void {
  router.on('GET', '/api/account/users', (request, store) =>
    legacyOk({ users: Object.fromEntries(sliceOf(request, store).users.map((u, i) => [String(i), u])) }),
  );

  router.on('POST', '/api/account/users/add', async (request, store) => {
    const input = ((await request.json().catch(() => null)) ?? {}) as Record<string, unknown>;
    const email = text(input.email).toLowerCase();
    const name = text(input.name);
    if (!email || !name) return legacyFail('Please fill in all fields');
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return legacyFail('Invalid email address');
    const slice = sliceOf(request, store);
    if (slice.users.some((u) => u.Email.toLowerCase() === email)) return legacyFail('This user is already authorised');
    slice.users.push({ Email: email, Name: name });
    return legacyOk();
  });

  router.on('GET', '/api/account/users/{email}/delete', (request, store) => {
    const email = (request.params.email ?? '').trim().toLowerCase();
    const slice = sliceOf(request, store);
    const index = slice.users.findIndex((u) => u.Email.toLowerCase() === email);
    if (index < 0) return legacyFail('User not found');
    slice.users.splice(index, 1);
    if (email === request.user?.email.toLowerCase()) {
      for (const [token, owner] of store.sessions) if (owner.toLowerCase() === email) store.sessions.delete(token);
    }
    return legacyOk();
  });
}
