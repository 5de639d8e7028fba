import { describe, expect, it } from 'vitest';
import { addTestUser, bodyOf, failure, get, post, signIn, signedInUser, useTestContext, type TestUser } from '../../../../tests/factories';
import { shellCalls } from '../../../lib/contract/shell';
import { listAuditPage } from '../../../platform/audit';
import { LOGIN_FAILURE_LIMIT } from '../../../platform/auth/rate-limit';
import { LOGIN_LIMITED_MESSAGE } from '../../../platform/auth/service';
import { accountCalls, FIELDS_REQUIRED, INVALID_NAME, PASSWORD_TOO_SHORT, PASSWORDS_DIFFER, WRONG_CURRENT_PASSWORD, type Profile } from '../contract';

/**
 * Account > My Profile's calls on both databases: the signed-in user's own name, their password
 * (the current one checked under the sign-in limits; the other sessions end, this one stays) and
 * 'Sign out other sessions'; each change in the activity log, none reaching another user or school.
 * Signed out and from another site: call-gates.test.ts, for every call.
 */

const NEW_PASSWORD = 'a-much-better-passphrase';

describe('My Profile calls', () => {
  const ctx = useTestContext();

  function call(path: string, body: unknown, cookie: string, clientAddress?: string): Promise<Response> {
    return post(ctx().app, path, JSON.stringify(body), { cookie, ...(clientAddress ? { clientAddress } : {}) });
  }
  const rename = (cookie: string, body: unknown) => call(accountCalls.renameSelf.path, body, cookie);
  const changePassword = (cookie: string, body: unknown, clientAddress?: string) => call(accountCalls.changePassword.path, body, cookie, clientAddress);
  const endOthers = (cookie: string) => call(accountCalls.endOtherSessions.path, {}, cookie);

  /** Whether a cookie still signs its browser in (GET /api/api/user), and as whom. */
  async function signedInAs(cookie: string): Promise<string | null> {
    const res = await get(ctx().app, shellCalls.user.path, { cookie });
    return res.status === 200 ? shellCalls.user.response.parse(await bodyOf(res)).user.name : null;
  }

  /** The school's activity log, newest first, as Account > Activity Log shows it. */
  async function activity(schoolId: number): Promise<Array<{ actor: string; action: string; detail: string }>> {
    const page = await listAuditPage(ctx().db, schoolId, 1, 50);
    return page.entries.map(({ actor, action, detail }) => ({ actor, action, detail }));
  }

  async function profileOf(res: Response): Promise<Profile> {
    expect(res.status, await res.clone().text()).toBe(200);
    return accountCalls.changePassword.response.parse(await bodyOf(res)).profile;
  }

  async function passwordHashOf(user: TestUser): Promise<string> {
    return (await ctx().db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow()).password_hash;
  }

  describe('POST /api/account/profile/name', () => {
    it('renames the signed-in user: the header (GET /api/api/user) shows it, the log records it', async () => {
      const { school, user, cookie } = await signedInUser(ctx());
      const profile = accountCalls.renameSelf.response.parse(await bodyOf(await rename(cookie, { name: '  Aroha  Ngata ' }))).profile;
      expect(profile).toEqual({ name: 'Aroha  Ngata', email: user.email, otherSessions: 0 });
      expect(await signedInAs(cookie)).toBe('Aroha  Ngata');
      expect(await activity(school.id)).toEqual([
        { actor: user.email, action: 'profile.rename', detail: `Changed their name from ${user.name} to Aroha  Ngata.` },
      ]);
    });

    it.each([
      ['an empty name', { name: '  ' }, FIELDS_REQUIRED],
      ['a name with a line break', { name: 'Pat\nBcc: x@example.org' }, INVALID_NAME],
      ['no name at all', {}, FIELDS_REQUIRED],
    ])('refuses %s (400), the name unchanged and nothing logged', async (_what, body, message) => {
      const { school, user, cookie } = await signedInUser(ctx());
      const refused = await failure(await rename(cookie, body));
      expect(refused).toEqual({ status: 400, message, isAuthFailed: false });
      expect(await signedInAs(cookie)).toBe(user.name);
      expect(await activity(school.id)).toEqual([]);
    });
  });

  describe('POST /api/account/profile/password', () => {
    it('sets the new password, signs out the other sessions and keeps this one', async () => {
      const { school, user, cookie } = await signedInUser(ctx());
      const phone = await signIn(ctx().app, user);
      const laptop = await signIn(ctx().app, user);
      const colleague = await addTestUser(ctx(), school);
      const colleagueCookie = await signIn(ctx().app, colleague);

      const profile = await profileOf(await changePassword(cookie, { current: user.password, password: NEW_PASSWORD, confirm: NEW_PASSWORD }));
      expect(profile.otherSessions).toBe(0);

      expect(await signedInAs(cookie)).toBe(user.name);
      expect(await signedInAs(phone)).toBeNull();
      expect(await signedInAs(laptop)).toBeNull();
      // A colleague's session is theirs: untouched.
      expect(await signedInAs(colleagueCookie)).toBe(colleague.name);

      // The new password signs in; the old one no longer does.
      await expect(signIn(ctx().app, { email: user.email, password: user.password })).rejects.toThrow(/401/);
      await signIn(ctx().app, { email: user.email, password: NEW_PASSWORD });
      expect(await activity(school.id)).toEqual([{ actor: user.email, action: 'profile.password', detail: 'Changed their password; 2 other sessions signed out.' }]);
    });

    it('refuses a wrong current password (400 on the current field, not a sign-out): nothing changes', async () => {
      const { school, user, cookie } = await signedInUser(ctx());
      const phone = await signIn(ctx().app, user);
      const before = await passwordHashOf(user);

      const res = await changePassword(cookie, { current: 'not-my-password', password: NEW_PASSWORD, confirm: NEW_PASSWORD });
      expect(res.status).toBe(400);
      expect(await bodyOf(res)).toMatchObject({ success: false, isAuthFailed: false, message: WRONG_CURRENT_PASSWORD, code: 'wrong_password', field: 'current' });

      expect(await passwordHashOf(user)).toBe(before);
      expect(await signedInAs(cookie)).toBe(user.name);
      expect(await signedInAs(phone)).toBe(user.name);
      expect(await activity(school.id)).toEqual([]);
      await signIn(ctx().app, user);
    });

    it.each([
      ['too short', { password: 'short', confirm: 'short' }, PASSWORD_TOO_SHORT, 'password'],
      ['typed differently the second time', { password: NEW_PASSWORD, confirm: `${NEW_PASSWORD}!` }, PASSWORDS_DIFFER, 'confirm'],
    ])('refuses a new password %s (400 on its field), the old one still signing in', async (_what, fields, message, field) => {
      const { user, cookie } = await signedInUser(ctx());
      const before = await passwordHashOf(user);
      const res = await changePassword(cookie, { current: user.password, ...fields });
      expect(res.status).toBe(400);
      expect(await bodyOf(res)).toMatchObject({ success: false, message: `${field}: ${message}`, field });
      expect(await passwordHashOf(user)).toBe(before);
      await signIn(ctx().app, user);
    });

    it('counts wrong current passwords with failed sign-ins: past the limit even the right one is refused', async () => {
      const { user, cookie } = await signedInUser(ctx());
      const address = '198.51.100.77';
      // Failed sign-ins from this address first, then wrong current passwords up to the limit.
      for (let i = 0; i < LOGIN_FAILURE_LIMIT / 2; i += 1) {
        expect((await post(ctx().app, shellCalls.login.path, JSON.stringify({ email: user.email, password: 'wrong' }), { clientAddress: address })).status).toBe(401);
      }
      for (let i = 0; i < LOGIN_FAILURE_LIMIT / 2; i += 1) {
        expect((await changePassword(cookie, { current: 'wrong', password: NEW_PASSWORD, confirm: NEW_PASSWORD }, address)).status).toBe(400);
      }
      const before = await passwordHashOf(user);
      expect(await failure(await changePassword(cookie, { current: user.password, password: NEW_PASSWORD, confirm: NEW_PASSWORD }, address))).toEqual({
        status: 429,
        message: LOGIN_LIMITED_MESSAGE,
        isAuthFailed: false,
      });
      expect(await passwordHashOf(user)).toBe(before);
      // The sign-in form at that address is limited as well.
      expect((await post(ctx().app, shellCalls.login.path, JSON.stringify({ email: user.email, password: user.password }), { clientAddress: address })).status).toBe(429);
    });
  });

  describe('POST /api/account/profile/sessions/end-others', () => {
    it('signs out every other session of the user, keeps this one, and says how many', async () => {
      const { school, user, cookie } = await signedInUser(ctx());
      const others = [await signIn(ctx().app, user), await signIn(ctx().app, user), await signIn(ctx().app, user)];
      const res = await endOthers(cookie);
      expect(res.status).toBe(200);
      const body = accountCalls.endOtherSessions.response.parse(await bodyOf(res));
      expect(body).toMatchObject({ ended: 3, profile: { otherSessions: 0 } });
      expect(await signedInAs(cookie)).toBe(user.name);
      for (const other of others) expect(await signedInAs(other)).toBeNull();
      expect(await activity(school.id)).toEqual([{ actor: user.email, action: 'profile.sessions', detail: 'Signed out their 3 other sessions.' }]);

      // Nothing left to end: nothing recorded.
      expect(accountCalls.endOtherSessions.response.parse(await bodyOf(await endOthers(cookie))).ended).toBe(0);
      expect(await activity(school.id)).toHaveLength(1);
    });
  });

  describe('across schools', () => {
    it("acts only on the signed-in user: another school's user keeps their name, password and sessions", async () => {
      const a = await signedInUser(ctx());
      const aPhone = await signIn(ctx().app, a.user);
      const b = await signedInUser(ctx());
      const aHash = await passwordHashOf(a.user);

      // Another school's address in the body is not read: the calls take no user.
      await profileOf(await rename(b.cookie, { name: 'Renamed B', email: a.user.email }));
      await profileOf(await changePassword(b.cookie, { current: b.user.password, password: NEW_PASSWORD, confirm: NEW_PASSWORD, email: a.user.email }));
      expect((await endOthers(b.cookie)).status).toBe(200);

      expect(await signedInAs(a.cookie)).toBe(a.user.name);
      expect(await signedInAs(aPhone)).toBe(a.user.name);
      expect(await passwordHashOf(a.user)).toBe(aHash);
      expect(await activity(a.school.id)).toEqual([]);
      expect((await activity(b.school.id)).map((entry) => entry.action)).toEqual(['profile.password', 'profile.rename']);
    });
  });
});
