/**
 * Account > Manage Users (/account/users): the school's users and invitations, authorising a new
 * user by email and name (both required: the server says so, spec section 5), Send again for an
 * invitation, and unauthorising (a user's sessions end at once; removing yourself signs you out).
 */
import { atom, type ReadableAtom } from 'nanostores';
import { send } from '../../../../lib/browser/send';
import { showToast } from '../../../../lib/browser/toast';
import { GENERIC_FAILURE, loginUrl } from '../../../../lib/browser/api-client';
import { accountApi } from '../../calls';
import { FIELDS_REQUIRED, INVITATION_SENT, INVALID_NAME, NAME_TOO_LONG, USER_ADDED, USER_DELETED } from '../../rules';
import type { AccountUser } from '../../contract';
import type { Failure } from '../../../../lib/contract/envelope';
import { createFormError, type FormErrorStore } from '../../../../ui/stores/form-error';

/** Which field of the last row a refusal is about, so the row can mark it and move focus there. */
export type UserField = 'email' | 'name';

export interface AddOutcome {
  ok: boolean;
  field?: UserField;
}

export interface ManageUsersStore {
  $users: ReadableAtom<readonly AccountUser[]>;
  /** What is wrong with the last row, and its field; it goes once the user fixes that field. */
  addError: FormErrorStore<UserField>;
  $adding: ReadableAtom<boolean>;
  /** Addresses with a call on its way (their buttons wait). */
  $busy: ReadableAtom<ReadonlySet<string>>;
  add(email: string, name: string): Promise<AddOutcome>;
  resend(user: AccountUser): Promise<boolean>;
  /** Unauthorises; the page goes to the sign-in when it was the signed-in user. */
  remove(user: AccountUser): Promise<boolean>;
}

/** The field a refusal of the add names: the name's own problems, an empty field, else the address. */
function fieldOf(message: string, email: string): UserField {
  if (message === INVALID_NAME || message === NAME_TOO_LONG) return 'name';
  if (message === FIELDS_REQUIRED) return email.trim() ? 'name' : 'email';
  return 'email';
}

export function createManageUsersStore(initial: readonly AccountUser[]): ManageUsersStore {
  const $users = atom<readonly AccountUser[]>(initial);
  const addError = createFormError<UserField>(['email', 'name']);
  const $adding = atom(false);
  const $busy = atom<ReadonlySet<string>>(new Set());

  const setBusy = (email: string, busy: boolean) => {
    const next = new Set($busy.get());
    if (busy) next.add(email);
    else next.delete(email);
    $busy.set(next);
  };

  /** The list as the server has it now (a colleague may have changed it too); quiet when it cannot be read. */
  async function reload(): Promise<void> {
    const res = await send(accountApi.users, undefined, { onFailure: 'silent' });
    if (res) $users.set(res.users);
  }

  /** The server's reason (the last user, a resend too soon): clearer than the generic toast. */
  const sayWhy = { onFailure: (failure: Failure) => void showToast(failure.message ?? GENERIC_FAILURE, { type: 'error' }) };

  /** Runs a row's call once at a time. */
  async function withRow<T>(email: string, work: () => Promise<T>): Promise<T | null> {
    if ($busy.get().has(email)) return null;
    setBusy(email, true);
    try {
      return await work();
    } finally {
      setBusy(email, false);
    }
  }

  return {
    $users,
    addError,
    $adding,
    $busy,
    async add(email, name) {
      if ($adding.get()) return { ok: false };
      addError.clear();
      $adding.set(true);
      let refusal = '';
      const res = await send(
        accountApi.addUser,
        { body: { email, name } },
        {
          onFailure: (failure) => {
            // No reason (a cut connection, a proxy's error page) is about no field.
            refusal = failure.message ?? '';
            void showToast(failure.message ?? GENERIC_FAILURE, { type: 'error' });
          },
        },
      );
      $adding.set(false);
      if (!res) {
        const field = refusal ? fieldOf(refusal, email) : null;
        addError.fail(refusal || GENERIC_FAILURE, field);
        return field ? { ok: false, field } : { ok: false };
      }
      void showToast(USER_ADDED, { type: 'success' });
      $users.set(
        [...$users.get().filter((user) => user.email !== res.user.email), res.user].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0)),
      );
      await reload();
      return { ok: true };
    },
    async resend(user) {
      const res = await withRow(user.email, () => send(accountApi.resendInvitation, { body: { email: user.email } }, sayWhy));
      if (!res) return false;
      void showToast(INVITATION_SENT, { type: 'success' });
      $users.set($users.get().map((row) => (row.email === res.user.email ? res.user : row)));
      return true;
    },
    async remove(user) {
      const res = await withRow(user.email, () => send(accountApi.deleteUser, { params: { email: user.email } }, sayWhy));
      if (!res) return false;
      if (res.signedOut) {
        // Their own account: the session ended with it.
        window.location.assign(loginUrl());
        return true;
      }
      void showToast(USER_DELETED, { type: 'success' });
      $users.set($users.get().filter((row) => row.email !== user.email));
      await reload();
      return true;
    },
  };
}
