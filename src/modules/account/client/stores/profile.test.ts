import { describe, expect, it, vi } from 'vitest';
import { toastTexts, useFakeBrowser } from '../../../../ui/stores/test-support';
import { accountApi } from '../../calls';
import type { Profile } from '../../contract';
import { NAME_CHANGED, PASSWORD_CHANGED, PASSWORD_TOO_SHORT, WRONG_CURRENT_PASSWORD } from '../../rules';
import { createProfileStore } from './profile';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

const me: Profile = { name: 'Pia', email: 'pia@school.test', otherSessions: 2 };
const passwords = { current: 'old-password', password: 'new-password', confirm: 'new-password' };

describe('My Profile', () => {
  const browser = useFakeBrowser('/account/profile');

  it('renames: posts the name, shows the saved one and says so', async () => {
    browser.api.answer(accountApi.renameSelf, { profile: { ...me, name: 'Pia Ngata' } });
    const store = createProfileStore(me);
    expect(await store.rename(' Pia Ngata ')).toBe(true);
    expect(browser.api.sentTo(accountApi.renameSelf).map((c) => c.body)).toEqual([{ name: ' Pia Ngata ' }]);
    expect(store.$profile.get().name).toBe('Pia Ngata');
    expect(toastTexts()).toEqual([`success: ${NAME_CHANGED}`]);
  });

  it('changes the password: the other sessions are gone from the count', async () => {
    browser.api.answer(accountApi.changePassword, { profile: { ...me, otherSessions: 0 } });
    const store = createProfileStore(me);
    expect(await store.changePassword(passwords)).toBe(true);
    expect(browser.api.sentTo(accountApi.changePassword).map((c) => c.body)).toEqual([passwords]);
    expect(store.$profile.get().otherSessions).toBe(0);
    expect(toastTexts()).toEqual([`success: ${PASSWORD_CHANGED}`]);
  });

  it('shows a refusal under its field, without its field-name prefix, and clears it when that field is edited', async () => {
    const store = createProfileStore(me);
    browser.api.refuse(accountApi.changePassword, { status: 400, message: WRONG_CURRENT_PASSWORD, field: 'current', code: 'wrong_password' });
    expect(await store.changePassword(passwords)).toBe(false);
    expect(store.$problem.get()).toEqual({ form: 'password', field: 'current', message: WRONG_CURRENT_PASSWORD });
    // Said on the form, not in a toast too.
    expect(toastTexts()).toEqual([]);
    store.edited('password', 'password');
    expect(store.$problem.get()).not.toBeNull();
    store.edited('password', 'current');
    expect(store.$problem.get()).toBeNull();

    browser.api.refuse(accountApi.changePassword, { status: 400, message: `password: ${PASSWORD_TOO_SHORT}`, field: 'password' });
    await store.changePassword({ ...passwords, password: 'short', confirm: 'short' });
    expect(store.$problem.get()).toEqual({ form: 'password', field: 'password', message: PASSWORD_TOO_SHORT });
    expect(store.$profile.get()).toEqual(me);
  });

  it('signs out the other sessions and says how many', async () => {
    browser.api.answer(accountApi.endOtherSessions, { profile: { ...me, otherSessions: 0 }, ended: 2 });
    const store = createProfileStore(me);
    expect(await store.endOtherSessions()).toBe(true);
    expect(store.$profile.get().otherSessions).toBe(0);
    expect(toastTexts()).toEqual(['success: Success! Signed out of 2 other sessions.']);
  });
});
