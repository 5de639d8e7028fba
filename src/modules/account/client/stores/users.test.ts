import { describe, expect, it, vi } from 'vitest';
import { LOGIN_URL, toastTexts, useFakeBrowser } from '../../../../ui/stores/test-support';
import { accountApi } from '../../calls';
import type { AccountUser } from '../../contract';
import { ALREADY_AUTHORISED, FIELDS_REQUIRED, INVALID_NAME, INVITATION_SENT, LAST_USER, RESEND_TOO_SOON, USER_ADDED, USER_DELETED } from '../../rules';
import { createManageUsersStore } from './users';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

const me: AccountUser = { email: 'head@school.test', name: 'Head', status: 'active', self: true };
const clerk: AccountUser = { email: 'clerk@school.test', name: 'Clerk', status: 'invited', self: false };
const newcomer: AccountUser = { email: 'beth@school.test', name: 'Beth', status: 'invited', self: false };

describe('Manage Users', () => {
  const browser = useFakeBrowser('/account/users');

  it('authorises a user: posts email and name, shows them in address order, then the list as the server has it', async () => {
    const colleague: AccountUser = { email: 'zed@school.test', name: 'Zed', status: 'active', self: false };
    browser.api.answer(accountApi.addUser, { user: newcomer }).answer(accountApi.users, { users: [newcomer, clerk, me, colleague] });
    const store = createManageUsersStore([clerk, me]);

    expect(await store.add('beth@school.test', 'Beth')).toEqual({ ok: true });

    expect(browser.api.sentTo(accountApi.addUser).map((c) => c.body)).toEqual([{ email: 'beth@school.test', name: 'Beth' }]);
    expect(toastTexts()).toEqual([`success: ${USER_ADDED}`]);
    expect(store.$users.get()).toEqual([newcomer, clerk, me, colleague]);
    expect(store.addError.$error.get().message).toBe('');
    expect(store.$adding.get()).toBe(false);
  });

  it('keeps the new user in the list, sorted, when the refresh after the add fails', async () => {
    browser.api.answer(accountApi.addUser, { user: newcomer }).refuse(accountApi.users);
    const store = createManageUsersStore([clerk, me]);

    await store.add('beth@school.test', 'Beth');

    expect(store.$users.get().map((u) => u.email)).toEqual(['beth@school.test', 'clerk@school.test', 'head@school.test']);
    // The refresh is quiet: only the add's toast.
    expect(toastTexts()).toEqual([`success: ${USER_ADDED}`]);
  });

  it('says why an add was refused, under the row and in a toast, and names the field to fix', async () => {
    const store = createManageUsersStore([me]);

    browser.api.refuse(accountApi.addUser, { message: ALREADY_AUTHORISED });
    expect(await store.add('head@school.test', 'Head')).toEqual({ ok: false, field: 'email' });
    expect(store.addError.$error.get()).toEqual({ message: ALREADY_AUTHORISED, field: 'email' });
    expect(toastTexts()).toEqual([`error: ${ALREADY_AUTHORISED}`]);

    browser.api.refuse(accountApi.addUser, { message: INVALID_NAME });
    expect(await store.add('x@school.test', 'Bad\nname')).toEqual({ ok: false, field: 'name' });

    // Both fields are required: the empty one is the one to fix.
    browser.api.refuse(accountApi.addUser, { message: FIELDS_REQUIRED });
    expect(await store.add('x@school.test', '')).toEqual({ ok: false, field: 'name' });
    expect(await store.add(' ', 'Someone')).toEqual({ ok: false, field: 'email' });
    expect(store.$users.get()).toEqual([me]);
  });

  it('shows the generic failure when the add gets no answer at all', async () => {
    browser.api.dropConnection(accountApi.addUser);
    const store = createManageUsersStore([me]);

    expect(await store.add('x@school.test', 'X')).toEqual({ ok: false });
    expect(store.addError.$error.get()).toEqual({ message: 'Failed! Please try again!', field: null });
    expect(toastTexts()).toEqual(['error: Failed! Please try again!']);
  });

  it('sends one add at a time', async () => {
    const held = browser.api.hold(accountApi.addUser);
    browser.api.answer(accountApi.users, { users: [newcomer, me] });
    const store = createManageUsersStore([me]);

    const first = store.add('beth@school.test', 'Beth');
    expect(store.$adding.get()).toBe(true);
    expect(await store.add('beth@school.test', 'Beth')).toEqual({ ok: false });
    held.answer({ user: newcomer });
    expect(await first).toEqual({ ok: true });
    expect(browser.api.sentTo(accountApi.addUser)).toHaveLength(1);
  });

  it('sends an invitation again and shows the row as the server answers it; a refusal says why', async () => {
    const resent: AccountUser = { ...clerk, status: 'invited', name: 'Clerk (again)' };
    browser.api.answer(accountApi.resendInvitation, { user: resent });
    const store = createManageUsersStore([clerk, me]);

    expect(await store.resend(clerk)).toBe(true);
    expect(browser.api.sentTo(accountApi.resendInvitation)[0]?.body).toEqual({ email: 'clerk@school.test' });
    expect(store.$users.get()).toEqual([resent, me]);
    expect(toastTexts()).toEqual([`success: ${INVITATION_SENT}`]);

    browser.api.refuse(accountApi.resendInvitation, { message: RESEND_TOO_SOON });
    expect(await store.resend(resent)).toBe(false);
    expect(toastTexts()).toEqual([`success: ${INVITATION_SENT}`, `error: ${RESEND_TOO_SOON}`]);
    expect(store.$users.get()).toEqual([resent, me]);
  });

  it('unauthorises a user: the row goes and the list is read again', async () => {
    browser.api.answer(accountApi.deleteUser, { signedOut: false }).answer(accountApi.users, { users: [me] });
    const store = createManageUsersStore([clerk, me]);

    const removal = store.remove(clerk);
    // The row's buttons wait while its call is on its way.
    expect(store.$busy.get().has('clerk@school.test')).toBe(true);
    expect(await removal).toBe(true);

    expect(browser.api.sentTo(accountApi.deleteUser).map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/account/users/clerk%40school.test/delete']);
    expect(store.$users.get()).toEqual([me]);
    expect(store.$busy.get().size).toBe(0);
    expect(toastTexts()).toEqual([`success: ${USER_DELETED}`]);
  });

  it('keeps the row and says why when the server refuses (the last user)', async () => {
    browser.api.refuse(accountApi.deleteUser, { message: LAST_USER });
    const store = createManageUsersStore([me]);

    expect(await store.remove(me)).toBe(false);
    expect(store.$users.get()).toEqual([me]);
    expect(toastTexts()).toEqual([`error: ${LAST_USER}`]);
    expect(browser.window.assigned).toEqual([]);
  });

  it('goes to the sign-in when the signed-in user removed themself', async () => {
    browser.api.answer(accountApi.deleteUser, { signedOut: true });
    const store = createManageUsersStore([me, clerk]);

    expect(await store.remove(me)).toBe(true);
    expect(browser.window.assigned).toEqual([LOGIN_URL]);
    expect(toastTexts()).toEqual([]);
  });
});
