import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import '../../../../ui/islands/ui.css';
import type { Column } from '../../../../ui/islands/list/DataTable';
import { ConfirmDialog } from '../../../../ui/islands/ConfirmDialog';
import { SearchableListCard } from '../../../../ui/islands/list/SearchableListCard';
import { AddMemberForm } from './AddMemberForm';
import { ImportMembers } from './ImportMembers';
import { createMailingListStore, MAILING_LIST_PATH, type MailingListStoreInit } from '../stores/mailing-list';
import type { MemberRow } from '../../lists';
import { MAX_QUERY_LENGTH } from '../../../../lib/lists/paging';
import { STOPPED_LABELS } from '../../rules';

export interface MailingListProps extends MailingListStoreInit {
  /** What the backend can do beyond the spec's calls (CSV import and export): what it cannot is not shown. */
  canImport?: boolean;
  canExport?: boolean;
}

/** Manage Mailing List: Add New Member, the paged, filterable table of members with Delete per row, then CSV import and export. */
export default function MailingList({ canImport = true, canExport = true, ...props }: MailingListProps) {
  const [store] = useState(() => createMailingListStore(props));
  const list = useStore(store.$list);
  const busy = useStore(store.$busy);
  const [confirming, setConfirming] = useState<MemberRow | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  useEffect(() => store.listenToHistory(), [store]);

  const confirmDelete = async () => {
    const row = confirming;
    setConfirming(null);
    if (!row) return;
    // The row (and its Delete button) leaves the page: focus the table so keyboard users stay here.
    if (await store.remove(row)) tableRef.current?.focus();
  };

  const columns: Column<MemberRow>[] = [
    { id: 'email', header: 'Email', rowHeader: true, className: 'text-break', cell: (row) => row.address },
    { id: 'name', header: 'Name', cell: (row) => row.name },
    { id: 'subscribed', header: 'Subscribed', cell: (row) => (row.subscribed ? 'Yes' : row.stopped ? STOPPED_LABELS[row.stopped] : 'No') },
    {
      id: 'manage',
      header: 'Manage',
      className: 'text-end',
      cell: (row) => {
        const working = busy.has(row.address);
        return (
          <div className="row-actions">
            {/* aria-disabled, not disabled, while a call runs: a disabled button would drop keyboard focus. */}
            <button
              type="button"
              className={`btn btn-sm btn-outline-danger${working ? ' disabled-look' : ''}`}
              aria-disabled={working || undefined}
              aria-label={`Delete ${row.address}`}
              onClick={() => {
                if (!working) setConfirming(row);
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
      <AddMemberForm store={store} />
      <SearchableListCard
        list={list}
        onSearch={(query) => void store.search(query)}
        queryMaxLength={MAX_QUERY_LENGTH}
        onPage={(page) => void store.goToPage(page)}
        pageHref={(page) => store.hrefFor({ page, query: list.query })}
        path={MAILING_LIST_PATH}
        noun="member"
        caption="Members"
        newLabel="Add New Member"
        searchLabel="Filter members by email or name"
        searchPlaceholder="Filter by email or name…"
        columns={columns}
        rowKey={(row) => row.key}
        id="members-table"
        tableRef={tableRef}
      />
      {canImport || canExport ? (
        <ImportMembers canImport={canImport} canExport={canExport} onImported={() => void (list.query ? store.search('') : store.goToPage(1))} />
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title="Remove this member?"
        confirmLabel="Delete"
        danger
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(null)}
        fallbackFocus={() => tableRef.current}
      >
        {confirming ? `${confirming.address} will no longer receive your newsletters.` : null}
      </ConfirmDialog>
    </>
  );
}
