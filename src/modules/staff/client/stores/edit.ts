/**
 * The staff edit screen (/app/managestaff/edit, /website/managestaff/edit): New Staff or Edit
 * Details of one entry, for either list. The fields are checked here by the contract's own rules
 * before the call; a refusal keeps what the user typed and says which field. Upload photo fills
 * Image URL. After a save the list shows 'Your staff list has been updated.' at the entry's page.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import { send } from '../../../../lib/browser/send';
import { showToast } from '../../../../lib/browser/toast';
import { setFlash } from '../../../../lib/browser/flash';
import { GENERIC_FAILURE } from '../../../../lib/browser/api-client';
import type { Failure } from '../../../../lib/contract/envelope';
import { STAFF_LIST_ENDPOINTS } from '../../calls';
import {
  NAME_REQUIRED,
  STAFF_FIELDS,
  STAFF_SCREENS,
  STAFF_STALE_CODE,
  STAFF_UPDATED,
  staffFieldOf,
  staffFieldProblem,
  staffListHref,
  staffPageOf,
  type StaffField,
  type StaffFields,
  type StaffListKind,
} from '../../rules';
import type { StaffEntry } from '../../contract';
import { createFormError } from '../../../../ui/stores/form-error';

export interface StaffEditInit {
  kind: StaffListKind;
  /** The entry to edit; null for New Staff. */
  entry: StaffEntry | null;
}

/** What is wrong, and with which field when it is one field's. */
export interface StaffProblem {
  message: string;
  field?: StaffField;
}

export interface StaffEditStore {
  kind: StaffListKind;
  $values: ReadableAtom<StaffFields>;
  $problem: ReadableAtom<StaffProblem | null>;
  $saving: ReadableAtom<boolean>;
  $uploading: ReadableAtom<boolean>;
  set(field: StaffField, value: string): void;
  isDirty(): boolean;
  /** Saves and leaves for the list ('saved'), or says what is wrong ('invalid': checked here; 'failed': refused). */
  save(navigate: (href: string) => void): Promise<'invalid' | 'failed' | 'saved'>;
  /** Uploads a photo; its address fills Image URL. */
  upload(file: File): Promise<boolean>;
}

function fieldsOf(entry: StaffEntry | null): StaffFields {
  return Object.fromEntries(STAFF_FIELDS.map((field) => [field, entry?.[field] ?? ''])) as StaffFields;
}

export function createStaffEditStore({ kind, entry }: StaffEditInit): StaffEditStore {
  const endpoints = STAFF_LIST_ENDPOINTS[kind];
  const start = fieldsOf(entry);
  const $values = atom<StaffFields>(start);
  // The name is the one required field; a problem goes (its toast too) once its field is fixed.
  const problem = createFormError<StaffField>(['name'], NAME_REQUIRED);
  const $problem = computed(problem.$error, (error): StaffProblem | null =>
    error.message ? (error.field ? { message: error.message, field: error.field } : { message: error.message }) : null,
  );
  const show = (shown: StaffProblem) => problem.fail(shown.message, shown.field);
  const $saving = atom(false);
  const $uploading = atom(false);
  let saved = false;
  // Where the entry was when the screen opened; moved on when the list changed meanwhile (see save).
  let index = entry?.index ?? 0;

  /** A refusal: its message toasted (as every failure is) and kept for the form, with its field. */
  const refusal = () => {
    let problem: StaffProblem = { message: GENERIC_FAILURE };
    let stale = false;
    return {
      onFailure: (failure: Failure) => {
        const message = failure.message ?? GENERIC_FAILURE;
        const field = staffFieldOf(message);
        problem = field ? { message, field } : { message };
        stale = failure.code === STAFF_STALE_CODE;
        void showToast(message, { type: 'error' });
      },
      problem: () => problem,
      stale: () => stale,
    };
  };

  /**
   * The list changed while the user typed (someone moved or removed others): the entry is found
   * again by its id, so Save, pressed again, saves what they typed to the same person. Nothing
   * is saved without that second press.
   */
  const relocate = async (id: number) => {
    const res = await send(endpoints.list, {}, { onFailure: 'silent' });
    const now = res?.staff.find((candidate) => candidate.id === id);
    if (now) index = now.index;
  };

  return {
    kind,
    $values,
    $problem,
    $saving,
    $uploading,
    set(field, value) {
      $values.set({ ...$values.get(), [field]: value });
      problem.edited(field, $values.get());
    },
    isDirty() {
      if (saved) return false;
      const values = $values.get();
      return STAFF_FIELDS.some((field) => values[field] !== start[field]);
    },
    async save(navigate) {
      if ($saving.get()) return 'failed';
      const values = $values.get();
      const invalid = staffFieldProblem(values);
      if (invalid) {
        show(invalid);
        return 'invalid';
      }
      problem.clear();
      $saving.set(true);
      const refused = refusal();
      const res = entry
        ? await send(endpoints.update, { body: { ...values, id: entry.id, index } }, { onFailure: refused.onFailure })
        : await send(endpoints.create, { body: values }, { onFailure: refused.onFailure });
      if (!res) {
        if (entry && refused.stale()) await relocate(entry.id);
        $saving.set(false);
        show(refused.problem());
        return 'failed';
      }
      // The page is leaving: Save stays disabled, and the guard lets it go.
      saved = true;
      setFlash(STAFF_SCREENS[kind].list, STAFF_UPDATED);
      navigate(staffListHref(kind, staffPageOf(res.entry.index)));
      return 'saved';
    },
    async upload(file) {
      if ($uploading.get()) return false;
      $uploading.set(true);
      const refused = refusal();
      try {
        const res = await send(endpoints.upload, { form: { file } }, { onFailure: refused.onFailure });
        if (!res) {
          show({ message: refused.problem().message, field: 'imageURL' });
          return false;
        }
        $values.set({ ...$values.get(), imageURL: res.url });
        problem.edited('imageURL', $values.get());
        return true;
      } finally {
        $uploading.set(false);
      }
    },
  };
}
