/**
 * Account > My Profile (/account/profile): the signed-in user's name, their password (the current
 * one asked for; the server says what is wrong with the new one) and their other sign-ins, which
 * a password change or 'Sign out other sessions' ends. A refusal is shown on its form, under its
 * field when it names one, and clears as soon as that field (or, without one, the form) is edited.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { send } from '../../../../lib/browser/send';
import { showToast } from '../../../../lib/browser/toast';
import { GENERIC_FAILURE } from '../../../../lib/browser/api-client';
import type { Failure } from '../../../../lib/contract/envelope';
import { accountApi } from '../../calls';
import { NAME_CHANGED, PASSWORD_CHANGED, otherSessionsEndedText } from '../../rules';
import type { Profile } from '../../contract';

export type ProfileForm = 'name' | 'password';
export type ProfileField = 'name' | 'current' | 'password' | 'confirm';

/** What is wrong with one of the page's forms: under `field` when it is about one. */
export interface ProfileProblem {
  form: ProfileForm;
  field?: ProfileField;
  message: string;
}

const FIELDS: Record<ProfileForm, readonly ProfileField[]> = { name: ['name'], password: ['current', 'password', 'confirm'] };

/**
 * A refusal as the form shows it. A zod 400 puts its field's name in front of its message
 * (`password: A password must be…`, for clients that show only the message): the form, which
 * marks the field, shows the words after it.
 */
export function problemOf(form: ProfileForm, failure: Failure): ProfileProblem {
  const message = failure.message ?? GENERIC_FAILURE;
  const field = FIELDS[form].find((name) => name === failure.field);
  if (field === undefined) return { form, message };
  return { form, field, message: message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message };
}

export interface ProfileStore {
  $profile: ReadableAtom<Profile>;
  $problem: ReadableAtom<ProfileProblem | null>;
  /** The call on its way (its button waits), or null. */
  $busy: ReadableAtom<ProfileForm | 'sessions' | null>;
  /** A field was edited: its problem (or its form's, when the problem names no field) goes. */
  edited(form: ProfileForm, field: ProfileField): void;
  rename(name: string): Promise<boolean>;
  changePassword(fields: { current: string; password: string; confirm: string }): Promise<boolean>;
  endOtherSessions(): Promise<boolean>;
}

export function createProfileStore(initial: Profile): ProfileStore {
  const $profile = atom<Profile>(initial);
  const $problem = atom<ProfileProblem | null>(null);
  const $busy = atom<ProfileForm | 'sessions' | null>(null);

  /** Runs one call at a time; a refusal becomes the form's problem instead of a toast. */
  async function run<T>(busy: ProfileForm | 'sessions', call: (onFailure: (failure: Failure) => void) => Promise<T | null>): Promise<T | null> {
    if ($busy.get() !== null) return null;
    $busy.set(busy);
    try {
      return await call((failure) => {
        if (busy === 'sessions') void showToast(failure.message ?? GENERIC_FAILURE, { type: 'error' });
        else $problem.set(problemOf(busy, failure));
      });
    } finally {
      $busy.set(null);
    }
  }

  return {
    $profile,
    $problem,
    $busy,
    edited(form, field) {
      const problem = $problem.get();
      if (problem && problem.form === form && (problem.field === undefined || problem.field === field)) $problem.set(null);
    },
    async rename(name) {
      if ($problem.get()?.form === 'name') $problem.set(null);
      const res = await run('name', (onFailure) => send(accountApi.renameSelf, { body: { name } }, { onFailure }));
      if (!res) return false;
      $profile.set(res.profile);
      void showToast(NAME_CHANGED, { type: 'success' });
      return true;
    },
    async changePassword(fields) {
      if ($problem.get()?.form === 'password') $problem.set(null);
      const res = await run('password', (onFailure) => send(accountApi.changePassword, { body: fields }, { onFailure }));
      if (!res) return false;
      $profile.set(res.profile);
      void showToast(PASSWORD_CHANGED, { type: 'success' });
      return true;
    },
    async endOtherSessions() {
      const res = await run('sessions', (onFailure) => send(accountApi.endOtherSessions, undefined, { onFailure }));
      if (!res) return false;
      $profile.set(res.profile);
      void showToast(otherSessionsEndedText(res.ended), { type: res.ended > 0 ? 'success' : 'info' });
      return true;
    },
  };
}
