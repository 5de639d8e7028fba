import { afterEach, describe, expect, it } from 'vitest';
import { useUpstream } from '../factories/upstream';
import { LEGACY_ADMIN, LEGACY_OTHER_ADMIN, LEGACY_OTHER_SCHOOL, LEGACY_SCHOOL } from '../legacy-backend/seed';
import type { AccountSlice } from '../legacy-backend/modules/account';
import { addUserResponseSchema, deleteUserResponseSchema, usersResponseSchema } from '../../src/modules/account/contract';
import { legacyUsersAnswer } from '../../src/modules/account/server/upstream/legacy';

const USERS = '/api/account/users';
const deletePath = (email: string) => `${USERS}/${encodeURIComponent(email)}/delete`;

describe('upstream mode: Manage Users', () => {
  const up = useUpstream();
  const slice = (school = LEGACY_SCHOOL) => up().backend.store.schools.get(school)?.slices.get('account') as AccountSlice;
  afterEach(() => up().backend.store.faults.clear());

  it('lists the legacy users by email, all active, the signed-in one marked, in the contract shape only', async () => {
    const res = await up().call(USERS, { cookie: up().signIn() });
    expect(res.status).toBe(200);
    const body = usersResponseSchema.strict().parse(await res.json());
    expect(body.users).toEqual([
      { email: LEGACY_ADMIN.email, name: LEGACY_ADMIN.name, status: 'active', self: true },
      { email: 'head@legacy.school', name: '', status: 'active', self: false },
      { email: 'office@legacy.school', name: 'School Office', status: 'active', self: false },
    ]);
  });

  it('authorises a user with {email, name} and answers the contract user', async () => {
    const res = await up().call(`${USERS}/add`, { cookie: up().signIn(), json: { email: ' New.Teacher@legacy.school ', name: 'New Teacher' } });
    expect(res.status).toBe(200);
    expect(addUserResponseSchema.parse(await res.json()).user).toEqual({
      email: 'new.teacher@legacy.school',
      name: 'New Teacher',
      status: 'active',
      self: false,
    });
    expect(slice().users).toContainEqual({ Email: 'new.teacher@legacy.school', Name: 'New Teacher' });
    const again = await up().call(`${USERS}/add`, { cookie: up().signIn(), json: { email: 'new.teacher@legacy.school', name: 'Again' } });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ success: false, isAuthFailed: false, message: 'This user is already authorised' });
  });

  it('unauthorises a user (the state-changing GET, from the portal’s scripts only)', async () => {
    await up().call(`${USERS}/add`, { cookie: up().signIn(), json: { email: 'leaver@legacy.school', name: 'Leaver' } });
    const fromLink = await up().call(deletePath('leaver@legacy.school'), {
      cookie: up().signIn(),
      headers: { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' },
    });
    expect(fromLink.status).toBe(403);
    expect(slice().users.some((u) => u.Email === 'leaver@legacy.school')).toBe(true);
    const res = await up().call(deletePath('Leaver@legacy.school'), { cookie: up().signIn() });
    expect(res.status).toBe(200);
    expect(deleteUserResponseSchema.parse(await res.json())).toMatchObject({ signedOut: false });
    expect(slice().users.some((u) => u.Email === 'leaver@legacy.school')).toBe(false);
  });

  it('says signedOut when the user removed themself', async () => {
    const res = await up().call(deletePath(LEGACY_OTHER_ADMIN.email), { cookie: up().signIn(LEGACY_OTHER_ADMIN.email) });
    expect(deleteUserResponseSchema.parse(await res.json())).toMatchObject({ signedOut: true });
  });

  it('never shows or changes another school’s users', async () => {
    const cookie = up().signIn(LEGACY_OTHER_ADMIN.email);
    const body = usersResponseSchema.parse(await (await up().call(USERS, { cookie })).json());
    expect(body.users.map((u) => u.email)).not.toContain(LEGACY_ADMIN.email);
    const res = await up().call(deletePath('office@legacy.school'), { cookie });
    expect(res.status).toBe(400);
    expect(slice().users.some((u) => u.Email === 'office@legacy.school')).toBe(true);
    expect(slice(LEGACY_OTHER_SCHOOL).users.some((u) => u.Email === 'office@legacy.school')).toBe(false);
  });

  it('answers a malformed legacy list with a 502 and logs the path and problem, never the body', async () => {
    up().backend.store.faults.set(USERS, { kind: 'malformed', body: { success: 'true', isAuthFailed: 0, users: [{ Name: 'Secret Person' }] } });
    const res = await up().call(USERS, { cookie: up().signIn() });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ success: false, isAuthFailed: false });
    const line = up().logs.find((l) => l.includes(USERS));
    expect(line).toMatch(/answer unreadable/);
    expect(line).not.toContain('Secret Person');
  });
});

describe('the legacy users schema', () => {
  it('reads users as a list, an object keyed by index or missing, with either key case', () => {
    expect(legacyUsersAnswer.parse({ users: [{ email: 'a@x.example', name: 'A' }] }).users).toHaveLength(1);
    expect(legacyUsersAnswer.parse({ users: { 0: { Email: 'a@x.example', Name: null }, 3: { email: 'b@x.example', fullname: 'B' } } }).users).toMatchObject([
      { Email: 'a@x.example', Name: '' },
      { email: 'b@x.example', fullname: 'B' },
    ]);
    expect(legacyUsersAnswer.parse({ success: 1 }).users).toEqual([]);
    expect(legacyUsersAnswer.parse({ users: false }).users).toEqual([]);
  });

  it('refuses a user without an email', () => {
    expect(legacyUsersAnswer.safeParse({ users: [{ name: 'A' }] }).success).toBe(false);
    expect(legacyUsersAnswer.safeParse({ users: [{ email: '  ' }] }).success).toBe(false);
  });
});
