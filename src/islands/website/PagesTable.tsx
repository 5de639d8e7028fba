import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import '../ui/ui.css';
import { DataTable, type Column } from '../ui/DataTable';
import { Pagination } from '../ui/Pagination';
import { SearchBox } from '../ui/SearchBox';
import { EmptyState } from '../ui/EmptyState';
import { ListStatus } from '../ui/ListStatus';
import { createPagesStore, PAGES_PATH, type PagesStoreInit } from '../../stores/website-pages';
import type { PageRow } from '../../stores/website-rows';
import { showFlash } from '../../stores/website-flash';

export type PagesTableProps = PagesStoreInit;

const columns: Column<PageRow>[] = [
  { id: 'title', header: 'Title', rowHeader: true, cell: (row) => row.title },
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
    cell: (row) => (
      <div className="row-actions">
        {row.locked ? (
          <button
            type="button"
            className="btn btn-sm"
            disabled
            aria-label={`Locked: ${row.title} cannot be edited here`}
            title="Built with a page builder, table style or form plugin: it cannot be edited here."
          >
            Locked
          </button>
        ) : (
          <a className="btn btn-sm" href={`/website/pages/edit?id=${row.id}`} aria-label={`Edit ${row.title}`}>
            Edit
          </a>
        )}
        <a className="btn btn-sm" href={row.url} target="_blank" rel="noopener noreferrer" aria-label={`View ${row.title} (opens in a new tab)`}>
          View
        </a>
      </div>
    ),
  },
];

/** Manage Pages: a card with search and New Page over the paged table. */
export default function PagesTable(props: PagesTableProps) {
  const [store] = useState(() => createPagesStore(props));
  const list = useStore(store.$list);
  useEffect(() => store.listenToHistory(), [store]);
  // The editor's 'Success! …' (or an unknown id's failure) arrives with the navigation back here.
  useEffect(() => showFlash(), []);

  return (
    <div className="card">
      <div className="card-header list-toolbar">
        <SearchBox label="Search pages by title" action={PAGES_PATH} value={list.query} onSearch={(q) => void store.search(q)} />
        <a className="btn btn-primary list-toolbar-end" href="/website/pages/edit">
          New Page
        </a>
      </div>
      <DataTable
        caption="Pages"
        columns={columns}
        rows={list.rows}
        rowKey={(row) => row.id}
        loading={list.loading}
        id="pages-table"
        empty={
          <EmptyState title={list.query ? 'No pages match your search' : 'No pages yet'}>
            {list.query ? 'Try other words, or clear the search.' : 'Use New Page to add the first one.'}
          </EmptyState>
        }
      />
      <div className="card-footer list-footer">
        <ListStatus
          loading={list.loading}
          loadingText="Loading pages..."
          page={list.page}
          totalPages={list.totalPages}
          count={list.rows.length}
          noun="page"
          query={list.query}
        />
        <Pagination
          page={list.page}
          totalPages={list.totalPages}
          label="Pages pagination"
          hrefFor={(page) => store.hrefFor({ page, query: list.query })}
          onPage={(page) => void store.goToPage(page)}
        />
      </div>
    </div>
  );
}
