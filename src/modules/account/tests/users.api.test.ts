import { describe, expect, it } from 'vitest';
import {
  addTestUser,
  bodyOf,
  createTestSchool,
  failure,
  get,
  post,
  postJson,
  signIn,
  signedInUser,
  useTestContext,
  type TestSchool,
  type TestUser,
} from '../../../../tests/factories';
import { findSchoolUser } from '../server/service';
import type { RequestContext, SchoolContext } from '../../../platform/context';
import {
  accountCalls,
  ALREADY_AUTHORISED,
  ALREADY_INVITED,
  FIELDS_REQUIRED,
  INVALID_EMAIL,
  INVALID_NAME,
  INVITATIONS_LIMITED,
  INVITATIONS_PER_HOUR,
  LAST_USER,
  NAME_TOO_LONG,
  NOT_INVITED,
  RESEND_COOLDOWN_SECONDS,
  RESEND_TOO_SOON,
  USER_NOT_FOUND,
  type AccountUser,
} from '../contract';
import { INVITATION_MAIL_JOB, unauthoriseUser } from '../server/embedded/users/service';
import { listAuditPage } from '../../../platform/audit';

/**
 * Account > Manage Users' calls (spec section 7, Account, and Send again) on both databases:
 * the list, authorising by email and name (both required, the address valid and no other
 * school's), unauthorising (sessions end at once, the last user stays, yourself signs you out,
 * only from the portal's own scripts) and Send again; never reaching another school's users.
 * Signed out and from another site: call-gates.test.ts, for every call.
 */

/** How the portal's fetch helper calls: with its own header (state-changing GETs need it). */
const FROM_PORTAL = { 'x-portal-client': '1' };

describe("a school's users", () => {
  const ctx = useTestContext();

  it("finds a user of the context's school by email, and never one of another school", async () => {
    const mine = await createTestSchool(ctx());
    const theirs = await createTestSchool(ctx());
    const colleague = await addTestUser(ctx(), mine);
    const stranger = await addTestUser(ctx(), theirs);
    const school: SchoolContext = { db: ctx().db, domain: { id: mine.id, label: mine.label }, now: ctx().clock.now };

    expect(await findSchoolUser(school, colleague.email)).toMatchObject({ email: colleague.email });
    expect(await findSchoolUser(school, colleague.email.toUpperCase())).toMatchObject({ email: colleague.email });
    expect(await findSchoolUser(school, stranger.email)).toBeNull();
    expect(await findSchoolUser(school, 'not an email')).toBeNull();
  });
});

describe('Manage Users calls', () => {
  const ctx = useTestContext();

  /** A school with no products (Manage Users needs none), its signed-in user and a colleague. */
  async function school(): Promise<{ school: TestSchool; me: TestUser; cookie: string; colleague: TestUser }> {
    const { school, user, cookie } = await signedInUser(ctx());
    const colleague = await addTestUser(ctx(), school, { name: 'Colleague Person' });
    return { school, me: user, cookie, colleague };
  }

  async function list(cookie: string): Promise<AccountUser[]> {
    const res = await get(ctx().app, '/api/account/users', { cookie });
    expect(res.status).toBe(200);
    return accountCalls.users.response.parse(await bodyOf(res)).users;
  }

  function add(cookie: string, body: unknown): Promise<Response> {
    return postJson(ctx().app, '/api/account/users/add', body, cookie);
  }

  function remove(cookie: string, email: string, headers: Record<string, string> = FROM_PORTAL): Promise<Response> {
    return get(ctx().app, `/api/account/users/${encodeURIComponent(email)}/delete`, { cookie, headers });
  }

  function resend(cookie: string, email: string): Promise<Response> {
    return postJson(ctx().app, '/api/account/users/resend', { email }, cookie);
  }

  async function invitationJobs(email: string): Promise<number> {
    const rows = await ctx().db.selectFrom('jobs').select('payload').where('name', '=', INVITATION_MAIL_JOB).execute();
    const invitation = await ctx().db.selectFrom('account_invitations').select('id').where('email', '=', email).executeTakeFirst();
    return rows.filter((row) => invitation && (JSON.parse(row.payload) as { invitationId: number }).invitationId === invitation.id).length;
  }

  describe('GET /api/account/users', () => {
    it("lists the school's users by email, the signed-in one marked, and no other school's", async () => {
      const { me, cookie, colleague } = await school();
      await signedInUser(ctx());
      const users = await list(cookie);
      expect(users).toEqual(
        [
          { email: me.email, name: me.name, status: 'active', self: true },
          { email: colleague.email, name: colleague.name, status: 'active', self: false },
        ].sort((a, b) => (a.email < b.email ? -1 : 1)),
      );
    });
  });

  describe('POST /api/account/users/add', () => {
    it("authorises a new user: listed as 'Invited', the invitation's mail job enqueued; the address kept lowercased", async () => {
      const { cookie } = await school();
      const res = await add(cookie, { email: '  New.Teacher@Example.ORG ', name: '  Aroha Ngata ' });
      expect(res.status).toBe(200);
      const user = { email: 'new.teacher@example.org', name: 'Aroha Ngata', status: 'invited', self: false };
      expect(accountCalls.addUser.response.parse(await bodyOf(res)).user).toEqual(user);
      expect(await list(cookie)).toContainEqual(user);
      expect(await invitationJobs('new.teacher@example.org')).toBe(1);
      // Not a user yet: nobody can sign in with the address until they choose a password.
      expect(await ctx().db.selectFrom('users').select('id').where('email', '=', 'new.teacher@example.org').executeTakeFirst()).toBeUndefined();
    });

    it.each([
      ['both fields empty', { email: '', name: '' }, FIELDS_REQUIRED],
      ['no email', { email: '   ', name: 'Pat' }, FIELDS_REQUIRED],
      ['no name', { email: 'pat@example.org', name: ' ' }, FIELDS_REQUIRED],
      ['no fields at all', {}, FIELDS_REQUIRED],
      ['an address that is not one', { email: 'not-an-address', name: 'Pat' }, INVALID_EMAIL],
      ['a name with a line break', { email: 'pat@example.org', name: 'Pat\r\nBcc: x@example.org' }, INVALID_NAME],
      ['a name too long', { email: 'pat@example.org', name: 'P'.repeat(201) }, NAME_TOO_LONG],
    ])('refuses %s with a clear message (400), adding nobody', async (_what, body, message) => {
      const { cookie } = await school();
      const before = await list(cookie);
      expect(await failure(await add(cookie, body))).toEqual({ status: 400, message, isAuthFailed: false });
      expect(await list(cookie)).toEqual(before);
    });

    it('refuses a user or an invitation of the same school, whatever its case', async () => {
      const { cookie, colleague } = await school();
      expect((await add(cookie, { email: 'invited@example.org', name: 'Invited' })).status).toBe(200);
      const before = await list(cookie);

      expect(await failure(await add(cookie, { email: colleague.email.toUpperCase(), name: 'Again' }))).toMatchObject({
        status: 409,
        message: ALREADY_AUTHORISED,
      });
      expect(await failure(await add(cookie, { email: 'Invited@example.org', name: 'Again' }))).toMatchObject({ status: 409, message: ALREADY_INVITED });
      expect(await list(cookie)).toEqual(before);
    });

    it("invites an address another school uses (a user, or invited) exactly as a fresh one: nothing tells the school, and neither school blocks the other", async () => {
      const mine = await school();
      const theirs = await school();
      const taken = (id: string) => `${id}.${theirs.school.id}@example.org`;
      expect((await add(theirs.cookie, { email: taken('invited'), name: 'Theirs' })).status).toBe(200);

      // The same status and body as for an address nobody uses, but for the address itself.
      const answer = async (email: string) => {
        const res = await add(mine.cookie, { email, name: 'Pat Teacher' });
        return { status: res.status, body: JSON.stringify(await bodyOf(res)).replace(email, '<address>') };
      };
      const fresh = await answer(`fresh.${mine.school.id}@example.org`);
      expect(fresh.status).toBe(200);
      expect(await answer(theirs.colleague.email)).toEqual(fresh);
      expect(await answer(taken('invited'))).toEqual(fresh);
      const listed = (await list(mine.cookie)).filter((u) => u.status === 'invited').map((u) => u.email);
      expect(listed.sort()).toEqual([`fresh.${mine.school.id}@example.org`, taken('invited'), theirs.colleague.email].sort());

      // The other school still has its invitation, and may invite our invitee too.
      expect((await list(theirs.cookie)).find((u) => u.email === taken('invited'))).toMatchObject({ status: 'invited' });
      expect((await add(theirs.cookie, { email: `fresh.${mine.school.id}@example.org`, name: 'Pat' })).status).toBe(200);
      const rows = await ctx().db.selectFrom('account_invitations').select('domain_id').where('email', '=', taken('invited')).execute();
      expect(rows.map((r) => r.domain_id).sort()).toEqual([mine.school.id, theirs.school.id].sort());
    });
  });

  describe('GET /api/account/users/{email}/delete', () => {
    it('unauthorises a colleague: their sessions end at once and they cannot sign in again', async () => {
      const { cookie, colleague } = await school();
      const theirs = await signIn(ctx().app, colleague);
      const res = await remove(cookie, colleague.email.toUpperCase());
      expect(res.status).toBe(200);
      expect(await bodyOf(res)).toEqual({ success: true, isAuthFailed: false, signedOut: false });
      expect((await list(cookie)).map((u) => u.email)).not.toContain(colleague.email);
      expect(await failure(await get(ctx().app, '/api/api/user', { cookie: theirs }))).toMatchObject({ status: 401, isAuthFailed: true });
      expect(await ctx().db.selectFrom('sessions').select('id_hash').where('user_id', '=', colleague.id).execute()).toEqual([]);
      const again = await post(ctx().app, '/api/login', JSON.stringify({ email: colleague.email, password: colleague.password }));
      expect(again.status).toBe(401);
      // Unauthorising is done once: the second time there is nobody to remove.
      expect(await failure(await remove(cookie, colleague.email))).toEqual({ status: 404, message: USER_NOT_FOUND, isAuthFailed: false });
    });

    it('withdraws an invitation', async () => {
      const { cookie } = await school();
      await add(cookie, { email: 'maybe@example.org', name: 'Maybe' });
      expect(await bodyOf(await remove(cookie, 'maybe@example.org'))).toMatchObject({ success: true, signedOut: false });
      expect((await list(cookie)).map((u) => u.email)).not.toContain('maybe@example.org');
      expect(await ctx().db.selectFrom('account_invitations').select('id').where('email', '=', 'maybe@example.org').executeTakeFirst()).toBeUndefined();
    });

    it('removes yourself: signed out at once (the cookie cleared too)', async () => {
      const { me, cookie, colleague } = await school();
      const otherDevice = await signIn(ctx().app, me);
      const res = await remove(cookie, me.email);
      expect(await bodyOf(res)).toEqual({ success: true, isAuthFailed: false, signedOut: true });
      expect(res.headers.getSetCookie().join('\n')).toMatch(/portal_session=;.*Max-Age=0/i);
      for (const session of [cookie, otherDevice]) expect((await get(ctx().app, '/api/api/user', { cookie: session })).status).toBe(401);
      // The colleague carries on.
      const theirs = await signIn(ctx().app, colleague);
      expect((await list(theirs)).map((u) => u.email)).toEqual([colleague.email]);
    });

    it("never removes a school's last user, and says why", async () => {
      const { school: s, user: me, cookie } = await signedInUser(ctx());
      await add(cookie, { email: 'not-yet@example.org', name: 'Not Yet' });
      // An invitation is not a user: the signed-in user is still the last.
      expect(await failure(await remove(cookie, me.email))).toEqual({ status: 409, message: LAST_USER, isAuthFailed: false });
      expect((await get(ctx().app, '/api/api/user', { cookie })).status).toBe(200);
      expect(await ctx().db.selectFrom('users').select('id').where('domain_id', '=', s.id).execute()).toHaveLength(1);
    });

    it('leaves one user when two remove each other at the same moment', async () => {
      const { school: s, me, colleague } = await school();
      const as = (user: TestUser): RequestContext => ({
        db: ctx().db,
        domain: { id: s.id, label: s.label },
        user: { id: user.id, email: user.email },
        now: ctx().clock.now,
      });
      const answers = await Promise.allSettled([unauthoriseUser(as(me), colleague.email), unauthoriseUser(as(colleague), me.email)]);
      expect(answers.map((a) => a.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(await ctx().db.selectFrom('users').select('id').where('domain_id', '=', s.id).execute()).toHaveLength(1);
    });

    it("refuses another school's user exactly as an unknown address, and leaves them be", async () => {
      const { cookie } = await school();
      const other = await school();
      const theirSession = await signIn(ctx().app, other.colleague);
      const theirs = await failure(await remove(cookie, other.colleague.email));
      const nobody = await failure(await remove(cookie, 'nobody@example.org'));
      expect(theirs).toEqual({ status: 404, message: USER_NOT_FOUND, isAuthFailed: false });
      expect(nobody).toEqual(theirs);
      await add(other.cookie, { email: 'their.invite@example.org', name: 'Invited There' });
      expect(await failure(await remove(cookie, 'their.invite@example.org'))).toEqual(theirs);
      expect((await get(ctx().app, '/api/api/user', { cookie: theirSession })).status).toBe(200);
      expect((await list(other.cookie)).map((u) => u.email)).toEqual(expect.arrayContaining([other.colleague.email, 'their.invite@example.org']));
      expect(await failure(await remove(cookie, 'not an address'))).toEqual(theirs);
    });

    it.each([
      ['an image of a same-origin page', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' }],
      ['a link followed on a same-origin page', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }],
      ['another site', { ...FROM_PORTAL, 'sec-fetch-site': 'cross-site' }],
      ['no Fetch Metadata and no portal header', {}],
    ])('refuses a request from %s (403) and removes nobody', async (_what, headers) => {
      const { cookie, colleague } = await school();
      const theirs = await signIn(ctx().app, colleague);
      expect(await failure(await remove(cookie, colleague.email, headers))).toMatchObject({ status: 403, isAuthFailed: false });
      expect((await get(ctx().app, '/api/api/user', { cookie: theirs })).status).toBe(200);
    });
  });

  describe("the school's invitations allowance", () => {
    it(`sends ${INVITATIONS_PER_HOUR} invitations an hour, new or sent again, then refuses more (429) and writes nothing, withdrawals or not`, async () => {
      const { cookie } = await school();
      for (let i = 0; i < INVITATIONS_PER_HOUR - 1; i += 1) expect((await add(cookie, { email: `allowance${i}@example.org`, name: `Person ${i}` })).status).toBe(200);
      ctx().clock.advance(RESEND_COOLDOWN_SECONDS);
      expect((await resend(cookie, 'allowance0@example.org')).status).toBe(200);
      // Withdrawing an invitation frees nothing: the audit log remembers what was sent.
      expect((await remove(cookie, 'allowance1@example.org')).status).toBe(200);
      const before = await list(cookie);

      const refused = { status: 429, message: INVITATIONS_LIMITED, isAuthFailed: false };
      expect(await failure(await add(cookie, { email: 'allowance-more@example.org', name: 'One More' }))).toEqual(refused);
      expect(await failure(await resend(cookie, 'allowance2@example.org'))).toEqual(refused);
      expect(await list(cookie)).toEqual(before);
      expect(await ctx().db.selectFrom('account_invitations').select('id').where('email', '=', 'allowance-more@example.org').executeTakeFirst()).toBeUndefined();
      expect(await invitationJobs('allowance2@example.org')).toBe(1);

      // Another school's allowance is its own.
      const other = await school();
      expect((await add(other.cookie, { email: 'allowance-theirs@example.org', name: 'Theirs' })).status).toBe(200);
      // An hour after the first ones were sent, there is room again.
      ctx().clock.advance(60 * 60);
      expect((await add(cookie, { email: 'allowance-more@example.org', name: 'One More' })).status).toBe(200);
    });

    it('records invitations, sending them again and removals in the activity log, by whom', async () => {
      const { school: mine, me, cookie, colleague } = await school();
      await add(cookie, { email: 'logged@example.org', name: 'Logged Person' });
      ctx().clock.advance(RESEND_COOLDOWN_SECONDS);
      await resend(cookie, 'logged@example.org');
      await remove(cookie, 'logged@example.org');
      await remove(cookie, colleague.email);
      const { entries } = await listAuditPage(ctx().db, mine.id, 1, 10);
      expect(entries.map((entry) => [entry.actor, entry.action, entry.detail])).toEqual([
        [me.email, 'users.remove', `Removed ${colleague.email}: they can no longer sign in.`],
        [me.email, 'users.remove', 'Withdrew the invitation of logged@example.org.'],
        [me.email, 'users.invite-again', 'Sent the invitation of logged@example.org again.'],
        [me.email, 'users.invite', 'Invited Logged Person (logged@example.org) to sign in.'],
      ]);
    });

    it('records removing yourself (the entry outlives the user it names)', async () => {
      const { school: mine, me, cookie } = await school();
      expect((await remove(cookie, me.email)).status).toBe(200);
      const { entries } = await listAuditPage(ctx().db, mine.id, 1, 10);
      expect(entries.map((entry) => [entry.actor, entry.detail])).toEqual([[me.email, `Removed ${me.email}: they can no longer sign in.`]]);
    });
  });

  describe('POST /api/account/users/resend', () => {
    it('sends an invitation again (a new mail job), not twice within a minute', async () => {
      const { cookie } = await school();
      await add(cookie, { email: 'again@example.org', name: 'Again' });
      expect(await failure(await resend(cookie, 'again@example.org'))).toEqual({ status: 429, message: RESEND_TOO_SOON, isAuthFailed: false });
      ctx().clock.advance(RESEND_COOLDOWN_SECONDS);
      const res = await resend(cookie, 'AGAIN@example.org');
      expect(res.status).toBe(200);
      expect(accountCalls.resendInvitation.response.parse(await bodyOf(res)).user).toEqual({
        email: 'again@example.org',
        name: 'Again',
        status: 'invited',
        self: false,
      });
      expect(await invitationJobs('again@example.org')).toBe(2);
    });

    it("refuses a user who has accepted (409), an unknown address and another school's invitation (404, alike), and bad input (400)", async () => {
      const { cookie, colleague } = await school();
      const other = await school();
      await add(other.cookie, { email: 'elsewhere@example.org', name: 'Elsewhere' });
      ctx().clock.advance(RESEND_COOLDOWN_SECONDS);
      expect(await failure(await resend(cookie, colleague.email))).toEqual({ status: 409, message: NOT_INVITED, isAuthFailed: false });
      const theirs = await failure(await resend(cookie, 'elsewhere@example.org'));
      expect(theirs).toEqual({ status: 404, message: USER_NOT_FOUND, isAuthFailed: false });
      expect(await failure(await resend(cookie, 'nobody@example.org'))).toEqual(theirs);
      expect(await failure(await resend(cookie, 'not-an-address'))).toMatchObject({ status: 400, message: INVALID_EMAIL });
      expect(await invitationJobs('elsewhere@example.org')).toBe(1);
    });
  });
});
