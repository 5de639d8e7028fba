import { useId, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import '../../../../ui/islands/ui.css';
import './hapara.css';
import { DataTable, type Column } from '../../../../ui/islands/list/DataTable';
import { EmptyState } from '../../../../ui/islands/list/EmptyState';
import { useLeaveGuard } from '../../../../ui/islands/useLeaveGuard';
import { TeacherInput } from './TeacherInput';
import { FolderSelect } from './FolderSelect';
import { createClassListStore, invalidKey, type ClassField, type ClassListData } from '../stores/classes';
import { CLASSES_ALREADY_PENDING, MAX_CLASS_NAME_LENGTH, PENDING_VERIFICATION } from '../../rules';
import type { ClassRow } from '../../contract';

export interface ClassListProps {
  initial: ClassListData;
}

/**
 * Manage Classes: every class of the school (Class Code, Class Name, Teachers, Folders) editable
 * in place, and 'Save Changes', which sends the list for the provider to verify. A class whose
 * change waits shows 'Pending verification'.
 */
export default function ClassList({ initial }: ClassListProps) {
  const [store] = useState(() => createClassListStore(initial));
  const rows = useStore(store.$rows);
  const changed = useStore(store.$changed);
  const invalid = useStore(store.$invalid);
  const saving = useStore(store.$saving);
  const guard = useLeaveGuard(() => store.isDirty());
  const id = useId();
  const suggestionsId = `${id}-teachers`;
  const names = useMemo(() => new Map(store.teachers.map((t) => [t.username, t.name])), [store]);
  const index = useMemo(() => new Map(initial.classes.map((c, i) => [c.mailbox, i])), [initial]);
  const fieldId = (mailbox: string, field: ClassField) => `${id}-${index.get(mailbox) ?? encodeURIComponent(mailbox)}-${field}`;
  const pendingCount = rows.filter((row) => row.pending).length;

  const save = async () => {
    const outcome = await store.save();
    // The first empty field takes focus, so keyboard users land where the fix is.
    if (!outcome.ok && outcome.empty) document.getElementById(fieldId(outcome.empty.mailbox, outcome.empty.field))?.focus();
  };

  const columns: Column<ClassRow>[] = [
    {
      id: 'code',
      header: 'Class Code',
      rowHeader: true,
      cell: (row) => (
        <>
          <span className="class-code">{row.mailbox}</span>
          {row.pending && <span className="badge class-pending">{PENDING_VERIFICATION}</span>}
          {changed.has(row.mailbox) && <span className="badge class-unsaved">Not saved</span>}
        </>
      ),
    },
    {
      id: 'name',
      header: 'Class Name',
      cell: (row) => {
        const bad = invalid.has(invalidKey(row.mailbox, 'name'));
        return (
          <input
            id={fieldId(row.mailbox, 'name')}
            className={`form-control form-control-sm${bad ? ' is-invalid' : ''}`}
            type="text"
            autoComplete="off"
            maxLength={MAX_CLASS_NAME_LENGTH}
            aria-label={`Class name of ${row.mailbox}`}
            aria-invalid={bad || undefined}
            value={row.name}
            onChange={(event) => store.setName(row.mailbox, event.currentTarget.value)}
            onKeyDown={(event) => {
              // Enter saves, as in a form.
              if (event.key === 'Enter') {
                event.preventDefault();
                void save();
              }
            }}
          />
        );
      },
    },
    {
      id: 'teachers',
      header: 'Teachers',
      cell: (row) => (
        <TeacherInput
          mailbox={row.mailbox}
          teachers={row.teachers}
          names={names}
          suggestionsId={suggestionsId}
          inputId={fieldId(row.mailbox, 'teachers')}
          invalid={invalid.has(invalidKey(row.mailbox, 'teachers'))}
          onAdd={(username) => store.addTeacher(row.mailbox, username)}
          onRemove={(username) => store.removeTeacher(row.mailbox, username)}
        />
      ),
    },
    {
      id: 'folders',
      header: 'Folders',
      cell: (row) => (
        <FolderSelect
          mailbox={row.mailbox}
          options={store.folders}
          chosen={row.folders}
          buttonId={fieldId(row.mailbox, 'folders')}
          invalid={invalid.has(invalidKey(row.mailbox, 'folders'))}
          onChange={(folder, chosen) => store.setFolder(row.mailbox, folder, chosen)}
        />
      ),
    },
  ];

  return (
    <div className="card class-list">
      {pendingCount > 0 && (
        <div className="card-body pb-0">
          <div className="alert alert-info m-0" role="note">
            {CLASSES_ALREADY_PENDING}
          </div>
        </div>
      )}
      <datalist id={suggestionsId}>
        {store.teachers.map((teacher) => (
          <option key={teacher.username} value={teacher.username}>
            {teacher.name}
          </option>
        ))}
      </datalist>
      <DataTable
        caption="Classes"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.mailbox}
        empty={<EmptyState title="No classes yet">Your provider sets up your school’s classes.</EmptyState>}
        id="classes-table"
      />
      <div className="card-footer class-list-footer">
        <p className="m-0 text-secondary" role="status" aria-live="polite">
          {changed.size === 0 ? 'No unsaved changes.' : `${changed.size} ${changed.size === 1 ? 'class' : 'classes'} changed, not saved yet.`}
        </p>
        {/* aria-disabled, not disabled, while the save runs: a disabled button would drop keyboard focus. */}
        <button
          type="button"
          className={`btn btn-primary${saving ? ' disabled-look' : ''}`}
          aria-disabled={saving || undefined}
          aria-busy={saving || undefined}
          onClick={() => {
            if (!saving) void save();
          }}
        >
          Save Changes
        </button>
      </div>
      {guard.dialog}
    </div>
  );
}
