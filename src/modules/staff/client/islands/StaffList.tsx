import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import '../../../../ui/islands/ui.css';
import './staff.css';
import { DataTable, type Column } from '../../../../ui/islands/list/DataTable';
import { Pagination } from '../../../../ui/islands/list/Pagination';
import { EmptyState } from '../../../../ui/islands/list/EmptyState';
import { ListStatus } from '../../../../ui/islands/list/ListStatus';
import { ConfirmDialog } from '../../../../ui/islands/ConfirmDialog';
import { showFlash } from '../../../../lib/browser/flash';
import { createStaffListStore, pageRows, type MoveDirection, type StaffListInit } from '../stores/list';
import { STAFF_LOAD_FAILED, STAFF_PAGE_SIZE, staffEditHref, staffPageCount } from '../../rules';
import type { StaffRow } from '../../contract';

export type StaffListProps = StaffListInit;

const LIST_NAMES = { app: 'app', website: 'website' } as const;

/**
 * Manage Staff List, for the app's list or the website's: Name, Email, Move up / Move down,
 * Edit Details and Delete (after a confirm) per row, New Staff above, 10 a page. While the list
 * cannot be loaded, the spec's message shows with Try again, and nothing can be changed.
 */
export default function StaffList(props: StaffListProps) {
  const [store] = useState(() => createStaffListStore(props));
  const state = useStore(store.$state);
  const [deleting, setDeleting] = useState<StaffRow | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  // After a move, the moved row's button keeps focus (its row may have changed page).
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: number; direction: MoveDirection } | null>(null);
  useEffect(() => store.listenToHistory(), [store]);
  useEffect(() => showFlash(), []);

  useEffect(() => {
    if (!focusAfterMove) return;
    setFocusAfterMove(null);
    const row = tableRef.current?.querySelector(`tr[data-row-id="${focusAfterMove.id}"]`);
    const same = row?.querySelector<HTMLButtonElement>(`button[data-move="${focusAfterMove.direction}"]:not([disabled])`);
    // At an end its button is disabled: the other one takes focus.
    const other = row?.querySelector<HTMLButtonElement>('button[data-move]:not([disabled])');
    (same ?? other ?? tableRef.current)?.focus();
  }, [focusAfterMove, state]);

  const disabled = state.failed || state.busy;
  const last = state.rows.length - 1;
  const listName = LIST_NAMES[store.kind];

  const move = async (row: StaffRow, direction: MoveDirection) => {
    const index = await store.move(row, direction);
    if (index !== null) setFocusAfterMove({ id: row.id, direction });
  };

  const confirmDelete = async () => {
    const row = deleting;
    setDeleting(null);
    if (row && (await store.remove(row))) tableRef.current?.focus();
  };

  const columns: Column<StaffRow>[] = [
    { id: 'name', header: 'Name', rowHeader: true, className: 'text-break', cell: (row) => row.name },
    { id: 'email', header: 'Email', className: 'text-break', cell: (row) => row.email },
    {
      id: 'order',
      header: 'Order',
      className: 'text-nowrap',
      cell: (row) => (
        <div className="row-actions staff-order">
          <button type="button" className="btn btn-sm" data-move="up" disabled={disabled || row.index === 0} onClick={() => void move(row, 'up')}>
            {/* Its name says whom it moves; what it shows stays part of it. One inline run: a flex button drops the spaces between its children. */}
            <span>
              <span aria-hidden="true">↑</span> Move <span className="visually-hidden">{row.name} </span>up
            </span>
          </button>
          <button type="button" className="btn btn-sm" data-move="down" disabled={disabled || row.index === last} onClick={() => void move(row, 'down')}>
            <span>
              <span aria-hidden="true">↓</span> Move <span className="visually-hidden">{row.name} </span>down
            </span>
          </button>
        </div>
      ),
    },
    {
      id: 'manage',
      header: 'Manage',
      className: 'text-end',
      cell: (row) => (
        <div className="row-actions">
          {disabled ? (
            <button type="button" className="btn btn-sm btn-outline-primary" disabled aria-label={`Edit Details for ${row.name}`}>
              Edit Details
            </button>
          ) : (
            <a className="btn btn-sm btn-outline-primary" href={staffEditHref(store.kind, row.id)} aria-label={`Edit Details for ${row.name}`}>
              Edit Details
            </a>
          )}
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            disabled={disabled}
            aria-label={`Delete ${row.name}`}
            onClick={() => setDeleting(row)}
          >
            Delete
          </button>
        </div>
      ),
    },
  ];

  return (
    <>
      {state.failed ? (
        <div className="alert alert-danger staff-alert staff-failed" role="alert">
          <p className="m-0">{STAFF_LOAD_FAILED}</p>
          <button type="button" className="btn btn-sm" disabled={state.loading} onClick={() => void store.reload()}>
            {state.loading ? 'Loading…' : 'Try again'}
          </button>
        </div>
      ) : null}
      <div className="card">
        <div className="card-header list-toolbar">
          {state.failed ? (
            <button type="button" className="btn btn-primary list-toolbar-end" disabled>
              New Staff
            </button>
          ) : (
            <a className="btn btn-primary list-toolbar-end" href={staffEditHref(store.kind)}>
              New Staff
            </a>
          )}
        </div>
        <DataTable
          caption="Staff"
          columns={columns}
          rows={pageRows(state)}
          rowKey={(row) => row.id}
          loading={state.loading}
          tableRef={tableRef}
          id="staff-table"
          empty={
            state.failed ? (
              <EmptyState title="The staff list could not be loaded" />
            ) : (
              <EmptyState title="No staff yet">{`Use New Staff to add the first person to your ${listName} staff list.`}</EmptyState>
            )
          }
        />
        <div className="card-footer list-footer">
          <ListStatus
            loading={state.loading}
            loadingText="Loading staff..."
            page={state.page}
            pageSize={STAFF_PAGE_SIZE}
            total={state.rows.length}
            count={pageRows(state).length}
            noun="person"
            nounPlural="people"
          />
          <Pagination
            page={state.page}
            totalPages={staffPageCount(state.rows.length)}
            label="Staff pagination"
            hrefFor={(page) => store.hrefFor(page)}
            onPage={(page) => store.goToPage(page)}
          />
        </div>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this person?"
        confirmLabel="Delete"
        danger
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
        fallbackFocus={() => tableRef.current}
      >
        {deleting ? `${deleting.name} will be removed from your ${listName} staff list.` : null}
      </ConfirmDialog>
    </>
  );
}
