import { useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { EditField, StudentEdit, StudentListRow, StudentListStore } from '../stores/students';
import { createFormError } from '../../../../ui/stores/form-error';
import { MAX_STUDENT_NAME_LENGTH } from '../../rules';
import { MAX_EMAIL_LENGTH } from '../../../../lib/forms';
import { StudentDialog } from './StudentDialog';
import { ClassSelect, TextField } from './StudentFields';

export interface EditStudentDialogProps {
  store: StudentListStore;
  row: StudentListRow;
  onClose: () => void;
  fallbackFocus: () => HTMLElement | null;
}

const FIELDS: readonly EditField[] = ['firstname', 'lastname', 'class', 'email'];

/**
 * 'Edit Details' of one student (spec section 3: firstname, lastname, class, email, all
 * required). The change is a request: on success the dialog closes and the row shows it pending.
 */
export function EditStudentDialog({ store, row, onClose, fallbackFocus }: EditStudentDialogProps) {
  const id = useId();
  const busy = useStore(store.$busy).has(row.key);
  const start: StudentEdit = { firstname: row.firstname, lastname: row.lastname, class: row.class, email: row.email };
  const [values, setValues] = useState<StudentEdit>(start);
  const [formError] = useState(() => createFormError<string>(FIELDS));
  const { message: error, field: invalid } = useStore(formError.$error);
  const body = useRef<HTMLDivElement>(null);
  const errorId = `${id}-error`;
  const fieldId = (key: EditField) => `${id}-${key}`;

  const submit = async () => {
    const outcome = await store.update(row, values);
    if (outcome.ok) {
      onClose();
      return;
    }
    if (!outcome.message) return;
    formError.fail(outcome.message, outcome.field);
    const field = FIELDS.find((key) => key === outcome.field);
    if (field) body.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(field))}`)?.focus();
  };

  const field = (key: EditField) => ({
    id: fieldId(key),
    name: key,
    value: values[key],
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
      title={`Edit Details: ${row.firstname} ${row.lastname}`}
      intro="Every field is required. The changes are sent to your provider for verification; you will be notified by email."
      submitLabel="Save Changes"
      busy={busy}
      error={error}
      errorId={errorId}
      dirty={FIELDS.some((key) => values[key] !== start[key])}
      onSubmit={() => void submit()}
      onClose={onClose}
      fallbackFocus={fallbackFocus}
    >
      <div ref={body}>
        <TextField label="First Name" maxLength={MAX_STUDENT_NAME_LENGTH} {...field('firstname')} />
        <TextField label="Last Name" maxLength={MAX_STUDENT_NAME_LENGTH} {...field('lastname')} />
        <ClassSelect label="Class" classes={store.classes} {...field('class')} />
        <TextField label="Email" type="email" maxLength={MAX_EMAIL_LENGTH} {...field('email')} />
      </div>
    </StudentDialog>
  );
}
