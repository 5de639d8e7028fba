/**
 * A form's error as the user sees it (the message under the form, its field marked invalid, the
 * error toast of the failed submit), cleared as soon as the user fixes what it was about: the one
 * way the portal's forms drop a stale error (issue 29 §5). The rule is `errorAfterEdit`
 * (lib/forms.ts); this store adds the toast, which goes with the error.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { dismissToast } from '../../lib/browser/toast';
import { errorAfterEdit, NO_FIELD_ERROR, type FieldError } from '../../lib/forms';

export interface FormErrorStore<F extends string> {
  $error: ReadableAtom<FieldError<F>>;
  /** Shows what is wrong, marking `field` when the error is one field's. */
  fail(message: string, field?: F | null): void;
  clear(): void;
  /** The user changed `field` (`values`: the form as it is now): the error goes once fixed, its toast too. */
  edited(field: F, values: Readonly<Partial<Record<F, string>>>): void;
}

/**
 * `required`: the form's required fields in order (the ones 'All fields must be filled in', or the
 * form's own `requiredMessage`, is about).
 */
export function createFormError<F extends string>(required: readonly F[], requiredMessage?: string): FormErrorStore<F> {
  const $error = atom<FieldError<F>>(NO_FIELD_ERROR);
  return {
    $error,
    fail: (message, field = null) => $error.set({ message, field }),
    clear: () => $error.set(NO_FIELD_ERROR),
    edited(field, values) {
      const current = $error.get();
      const next = errorAfterEdit(current, field, required, values, requiredMessage);
      if (next === current) return;
      $error.set(next);
      if (!next.message) dismissToast('error', current.message);
    },
  };
}
