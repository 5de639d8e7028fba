import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import '../../../../ui/islands/ui.css';
import './students.css';
import type { Column } from '../../../../ui/islands/list/DataTable';
import { SearchableListCard } from '../../../../ui/islands/list/SearchableListCard';
import { ConfirmDialog } from '../../../../ui/islands/ConfirmDialog';
import { AddStudentForm } from './AddStudentForm';
import { EditStudentDialog } from './EditStudentDialog';
import { createStudentListStore, isChangeable, STUDENT_LIST_PATH, type StudentListInit, type StudentListRow } from '../stores/students';
import { PENDING_VERIFICATION, STUDENTS_LOADING, type PendingKind } from '../../rules';
import { STUDENTS_DOWNLOAD_PATH } from '../../calls';
import { MAX_QUERY_LENGTH } from '../../../../lib/lists/paging';

export type StudentListProps = StudentListInit;

/** What a pending badge says to screen readers after 'Pending verification'. */
const PENDING_WORDS: Readonly<Record<PendingKind, string>> = { add: 'new student', edit: 'changes', delete: 'deletion' };

function PendingBadge({ kind }: { kind: PendingKind }) {
  return (
    <span className="badge badge-pending student-pending">
      {PENDING_VERIFICATION}
      <span className="visually-hidden">: {PENDING_WORDS[kind]}</span>
    </span>
  );
}

/**
 * Manage Students: the paged, filterable student list (First Name, Last Name, Class, Email,
 * Manage) with Export CSV and Add New Student, and Edit Details and Delete per row. Every change
 * waits for the provider: its row shows 'Pending verification' and cannot be changed again.
 */
export default function StudentList(props: StudentListProps) {
  const [store] = useState(() => createStudentListStore(props));
  const list = useStore(store.$list);
  const busy = useStore(store.$busy);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<StudentListRow | null>(null);
  const [deleting, setDeleting] = useState<StudentListRow | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  useEffect(() => store.listenToHistory(), [store]);

  const confirmDelete = async () => {
    const row = deleting;
    setDeleting(null);
    // The row's buttons are disabled once the deletion waits: keyboard users stay on the table.
    if (row && (await store.remove(row))) tableRef.current?.focus();
  };

  const name = (row: StudentListRow) => `${row.firstname} ${row.lastname}`;
  const columns: Column<StudentListRow>[] = [
    {
      id: 'firstname',
      header: 'First Name',
      rowHeader: true,
      className: 'text-break',
      cell: (row) => (
        <>
          {row.firstname}
          {row.pending ? <PendingBadge kind={row.pending} /> : null}
        </>
      ),
    },
    { id: 'lastname', header: 'Last Name', className: 'text-break', cell: (row) => row.lastname },
    { id: 'class', header: 'Class', cell: (row) => row.class },
    { id: 'email', header: 'Email', className: 'text-break', cell: (row) => row.email },
    {
      id: 'manage',
      header: 'Manage',
      className: 'text-end',
      cell: (row) => {
        // A change waiting for verification (or a new student without an index yet) cannot be changed again.
        const locked = !isChangeable(row);
        const working = busy.has(row.key);
        return (
          <div className="row-actions">
            <button
              type="button"
              className={`btn btn-sm btn-outline-primary${working ? ' disabled-look' : ''}`}
              disabled={locked}
              aria-disabled={working || undefined}
              aria-label={`Edit Details for ${name(row)}`}
              onClick={() => {
                if (!working) setEditing(row);
              }}
            >
              Edit Details
            </button>
            <button
              type="button"
              className={`btn btn-sm btn-outline-danger${working ? ' disabled-look' : ''}`}
              disabled={locked}
              aria-disabled={working || undefined}
              aria-label={`Delete ${name(row)}`}
              onClick={() => {
                if (!working) setDeleting(row);
              }}
            >
              Delete
            </button>
          </div>
        );
      },
    },
  ];

  return (
    <>
      <SearchableListCard
        list={list}
        onSearch={(query) => void store.search(query)}
        queryMaxLength={MAX_QUERY_LENGTH}
        onPage={(page) => void store.goToPage(page)}
        pageHref={(page) => store.hrefFor({ page, query: list.query })}
        path={STUDENT_LIST_PATH}
        noun="student"
        caption="Students"
        newLabel="Add New Student"
        searchLabel="Filter students by name, class or email"
        searchPlaceholder="Filter by name, class or email…"
        loadingText={STUDENTS_LOADING}
        actions={
          <div className="student-actions">
            {/* A file, not a screen: the browser downloads it from a tab of its own. */}
            <a className="btn" href={STUDENTS_DOWNLOAD_PATH} target="_blank" rel="noopener">
              Export CSV
            </a>
            <button type="button" className="btn btn-primary" ref={addRef} onClick={() => setAdding(true)}>
              Add New Student
            </button>
          </div>
        }
        columns={columns}
        rowKey={(row) => row.key}
        id="students-table"
        tableRef={tableRef}
      />
      {adding ? <AddStudentForm store={store} fields={props.fields} onClose={() => setAdding(false)} fallbackFocus={() => addRef.current} /> : null}
      {editing ? <EditStudentDialog store={store} row={editing} onClose={() => setEditing(null)} fallbackFocus={() => tableRef.current} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this student?"
        confirmLabel="Delete"
        danger
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
        fallbackFocus={() => tableRef.current}
      >
        {deleting ? `${name(deleting)} (${deleting.email}) will be removed once your provider has verified the deletion. You will be notified by email.` : null}
      </ConfirmDialog>
    </>
  );
}
