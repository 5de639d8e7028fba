import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import '../../../../ui/islands/ui.css';
import type { Column } from '../../../../ui/islands/list/DataTable';
import { SearchableListCard } from '../../../../ui/islands/list/SearchableListCard';
import { DeleteButton, DeleteConfirm, EditOrLocked, ViewLink } from './RowLinks';
import { createPagesStore, PAGES_PATH, type PagesStoreInit } from '../stores/pages';
import type { PageRow } from '../../lists';
import { showFlash } from '../../../../lib/browser/flash';
import { MAX_QUERY_LENGTH } from '../../rules';

export interface PagesTableProps extends PagesStoreInit {
  /** Delete on each row (the backend's 'website.delete-pages'); shown unless false. */
  deletable?: boolean;
  /** View of a page not published yet opens its signed preview (the backend's 'website.preview'); unless false. */
  previews?: boolean;
}

/** View of a page the public cannot see yet: its signed preview, in a new tab (the public address would say 'Page not found'). */
function PreviewButton({ row, busy, open }: { row: PageRow; busy: boolean; open: (tab: Window | null) => Promise<void> }) {
  return (
    <button
      type="button"
      className={`btn btn-sm${busy ? ' disabled-look' : ''}`}
      aria-disabled={busy || undefined}
      aria-label={`View ${row.title} (a preview, opens in a new tab)`}
      title="Opens the page as the public site will show it, at a private link"
      onClick={() => {
        if (busy) return;
        // Opened now, while the click still counts as the user's (a tab opened after an await is blocked).
        const tab = window.open('', '_blank');
        if (tab) tab.opener = null;
        void open(tab);
      }}
    >
      View
    </button>
  );
}

/** Manage Pages: a card with search and New Page over the paged table; Delete asks first. */
export default function PagesTable({ deletable = true, previews = true, ...props }: PagesTableProps) {
  const [store] = useState(() => createPagesStore(props));
  const list = useStore(store.$list);
  const busy = useStore(store.$busy);
  const [confirming, setConfirming] = useState<PageRow | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  useEffect(() => store.listenToHistory(), [store]);
  // The editor's 'Success! …' (or an unknown id's failure) arrives with the navigation back here.
  useEffect(() => showFlash(), []);

  const confirmDelete = async () => {
    const row = confirming;
    setConfirming(null);
    if (!row) return;
    // The row (and its Delete button) leaves the page: focus the table so keyboard users stay here.
    if (await store.remove(row)) tableRef.current?.focus();
  };

  const openPreview = async (row: PageRow, tab: Window | null) => {
    const url = await store.previewUrl(row);
    if (url === null) tab?.close();
    else if (tab) tab.location.replace(url);
    else window.open(url, '_blank', 'noopener');
  };

  const columns: Column<PageRow>[] = [
    {
      id: 'title',
      header: 'Title',
      rowHeader: true,
      // A page the public cannot see yet says so, and when it will be.
      cell: (row) =>
        row.state ? (
          <>
            <span>{row.title}</span> <span className="badge badge-pending">{row.state}</span>
          </>
        ) : (
          row.title
        ),
    },
    {
      id: 'modified',
      header: 'Last Modified',
      className: 'text-nowrap',
      cell: (row) => <time dateTime={row.modified.iso}>{row.modified.text}</time>,
    },
    {
      id: 'actions',
      header: 'Actions',
      className: 'text-end',
      cell: (row) => {
        const working = busy.has(row.id);
        return (
          <div className="row-actions">
            <EditOrLocked title={row.title} locked={row.locked} editHref={`/website/pages/edit?id=${row.id}`} />
            {deletable && <DeleteButton title={row.title} busy={working} onClick={() => setConfirming(row)} />}
            {previews && row.state ? (
              <PreviewButton row={row} busy={working} open={(tab) => openPreview(row, tab)} />
            ) : (
              <ViewLink title={row.title} url={row.url} />
            )}
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
        path={PAGES_PATH}
        noun="page"
        caption="Pages"
        newHref="/website/pages/edit?new"
        newLabel="New Page"
        columns={columns}
        rowKey={(row) => row.id}
        id="pages-table"
        tableRef={tableRef}
      />
      <DeleteConfirm
        noun="page"
        title={confirming?.title ?? null}
        what="will be deleted from your website, with its revisions. Pages under it move to the top level. This cannot be undone."
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(null)}
        fallbackFocus={() => tableRef.current}
      />
    </>
  );
}
