import { useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { StudentListStore } from '../stores/students';
import { createFormError } from '../../../../ui/stores/form-error';
import { MAX_FIELD_LENGTH, MAX_STUDENT_NAME_LENGTH } from '../../rules';
import { StudentDialog } from './StudentDialog';
import { ClassSelect, TextField } from './StudentFields';

export interface AddStudentFormProps {
  store: StudentListStore;
  /** The extra fields the school asks for (their names are the payload's keys and the labels). */
  fields: readonly string[];
  onClose: () => void;
  fallbackFocus: () => HTMLElement | null;
}

/**
 * 'Add New Student' (spec section 3's payload): first name, last name, class and each extra field
 * the school names, all required; what was typed stays on a refusal. The addition is a request:
 * the dialog closes on success and the row shows it pending.
 */
export function AddStudentForm({ store, fields, onClose, fallbackFocus }: AddStudentFormProps) {
  const id = useId();
  const adding = useStore(store.$adding);
  const [values, setValues] = useState<Record<string, string>>({});
  const [formError] = useState(() => createFormError<string>(store.addKeys));
  const { message: error, field: invalid } = useStore(formError.$error);
  const form = useRef<HTMLDivElement>(null);
  const errorId = `${id}-error`;
  const fieldId = (key: string) => `${id}-f${store.addKeys.indexOf(key)}`;

  const submit = async () => {
    const outcome = await store.add(values);
    if (outcome.ok) {
      onClose();
      return;
    }
    if (!outcome.message) return; // a call already on its way
    formError.fail(outcome.message, outcome.field);
    if (outcome.field) form.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(outcome.field))}`)?.focus();
  };

  const field = (key: string) => ({
    id: fieldId(key),
    name: key,
    value: values[key] ?? '',
    invalid: invalid === key,
    errorId,
    onChange: (value: string) => {
      const next = { ...values, [key]: value };
      setValues(next);
      // A fixed field's error goes at once (not at the next submit).
      formError.edited(key, next);
    },
  });

  return (
    <StudentDialog
      title="Add New Student"
      intro="Every field is required. The new student is sent to your provider for verification; you will be notified by email."
      submitLabel="Add New Student"
      busy={adding}
      error={error}
      errorId={errorId}
      dirty={Object.values(values).some((value) => value.trim() !== '')}
      onSubmit={() => void submit()}
      onClose={onClose}
      fallbackFocus={fallbackFocus}
    >
      <div ref={form}>
        <TextField label="First Name" maxLength={MAX_STUDENT_NAME_LENGTH} {...field('publicfirstname')} />
        <TextField label="Last Name" maxLength={MAX_STUDENT_NAME_LENGTH} {...field('publiclastname')} />
        <ClassSelect label="Class" classes={store.classes} {...field('class')} />
        {fields.map((name) => (
          <TextField key={name} label={name} maxLength={MAX_FIELD_LENGTH} {...field(name)} />
        ))}
      </div>
    </StudentDialog>
  );
}
