/**
 * What both newsletter send screens (Simple Newsletter, the builder's Send Email) hold and check:
 * From and Subject (the display name defaults to the school's), Reply-to (optional; it starts with
 * the address the school's last send used), the website categories of the
 * newsletter's post ('Newsletters' ticked), one attachment, the error to show (and the field it
 * is about), and whether anything was touched (leaving asks first).
 */
import { atom, computed, map, type MapStore, type ReadableAtom } from 'nanostores';
import { showToast } from '../../../../lib/browser/toast';
import { checkTestAddresses, REPLY_TO_INVALID, SEND_FIELDS_REQUIRED } from '../../rules';
import { replyToField } from '../../contract';
import { NEWSLETTER_CATEGORY, type Category } from '../../../website';
import { createFormError } from '../../../../ui/stores/form-error';

export interface SendFields {
  from: string;
  subject: string;
  replyTo: string;
  /** Where a test goes: up to five addresses, as typed (kept as typed when refused). */
  testTo: string;
}

/** The form's field a call's refusal names (its `field`, as the API spells it), if any. */
export function sendFieldOf(field: string | undefined): keyof SendFields | undefined {
  if (field === 'from' || field === 'subject') return field;
  if (field === 'test_to') return 'testTo';
  return field === 'reply_to' ? 'replyTo' : undefined;
}

export interface SendFormError {
  text: string;
  field?: keyof SendFields;
}

export interface SendFormState {
  $form: MapStore<SendFields>;
  $ticked: ReadableAtom<ReadonlySet<number>>;
  $attachment: ReadableAtom<File | null>;
  /** What is wrong ('' when nothing), and which field to fix. */
  $error: ReadableAtom<SendFormError>;
  /** Something was typed or chosen: leaving asks first. */
  $dirty: ReadableAtom<boolean>;
  touched(): void;
  /** The form was sent: nothing is left to lose. */
  markSent(): void;
  toggleCategory(id: number, ticked: boolean): void;
  setAttachment(file: File | null): void;
  /** Shows `text` (toast and under the form), about `field` when given. */
  fail(text: string, field?: keyof SendFields): void;
  clearError(): void;
  /** Spec section 5: from and subject are required; a reply-to must be an address. True when the form may be sent. */
  check(): boolean;
  /** check(), and the test addresses (1 to 5 email addresses): true when a test may be sent. */
  checkTest(): boolean;
  /** The test addresses as the calls take them, once checkTest() passed. */
  testToField(): { test_to: string };
  /** The test addresses as typed, one each (for the toast). */
  testAddresses(): string[];
  /** The reply-to as the calls take it: omitted when empty. */
  replyToField(): { reply_to?: string };
  /** The ticked categories as the calls take them: a JSON map of id to name. */
  categoryJson(): string;
}

/** 'Newsletters' (spec section 9) is ticked to start with. */
export function initialTicked(categories: readonly Category[]): Set<number> {
  return new Set(categories.filter((c) => c.name.trim().toLowerCase() === NEWSLETTER_CATEGORY.toLowerCase()).map((c) => c.id));
}

export interface SendFormInit {
  categories: readonly Category[];
  schoolName: string;
  replyTo?: string | undefined;
  /** Where the user's tests go (those they used last, or their own address). */
  testAddresses?: readonly string[] | undefined;
}

export function createSendFormState(init: SendFormInit): SendFormState {
  const $form = map<SendFields>({ from: init.schoolName, subject: '', replyTo: init.replyTo ?? '', testTo: (init.testAddresses ?? []).join(', ') });
  const $ticked = atom<ReadonlySet<number>>(initialTicked(init.categories));
  const $attachment = atom<File | null>(null);
  // From and Subject are required; an error goes (its toast too) once the user fixes its field.
  const formError = createFormError<keyof SendFields>(['from', 'subject'], SEND_FIELDS_REQUIRED);
  const $error = computed(formError.$error, (error): SendFormError => (error.field ? { text: error.message, field: error.field } : { text: error.message }));
  const $dirty = atom(false);
  const touched = () => $dirty.set(true);
  $form.listen((values, _old, changed) => {
    touched();
    if (changed) formError.edited(changed, values);
  });
  $attachment.listen(touched);
  $ticked.listen(touched);

  const state: SendFormState = {
    $form,
    $ticked,
    $attachment,
    $error,
    $dirty,
    touched,
    markSent: () => $dirty.set(false),
    toggleCategory(id, ticked) {
      const next = new Set($ticked.get());
      if (ticked) next.add(id);
      else next.delete(id);
      $ticked.set(next);
    },
    setAttachment: (file) => $attachment.set(file),
    fail(text, field) {
      formError.fail(text, field);
      void showToast(text, { type: 'error' });
    },
    clearError: () => formError.clear(),
    check() {
      const { from, subject, replyTo } = $form.get();
      if (!from.trim() || !subject.trim()) {
        state.fail(SEND_FIELDS_REQUIRED, from.trim() ? 'subject' : 'from');
        return false;
      }
      if (!replyToField.safeParse(replyTo).success) {
        state.fail(REPLY_TO_INVALID, 'replyTo');
        return false;
      }
      state.clearError();
      return true;
    },
    checkTest() {
      if (!state.check()) return false;
      const addresses = checkTestAddresses($form.get().testTo);
      if (!addresses.ok) {
        state.fail(addresses.error, 'testTo');
        return false;
      }
      return true;
    },
    testToField: () => ({ test_to: $form.get().testTo }),
    testAddresses() {
      const addresses = checkTestAddresses($form.get().testTo);
      return addresses.ok ? addresses.addresses : [];
    },
    replyToField() {
      const replyTo = $form.get().replyTo.trim();
      return replyTo ? { reply_to: replyTo } : {};
    },
    categoryJson() {
      const category: Record<string, string> = {};
      for (const c of init.categories) if ($ticked.get().has(c.id)) category[String(c.id)] = c.name;
      return JSON.stringify(category);
    },
  };
  return state;
}
