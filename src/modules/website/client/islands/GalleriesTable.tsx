import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import '../../../../ui/islands/ui.css';
import { DataTable, type Column } from '../../../../ui/islands/list/DataTable';
import { Pagination } from '../../../../ui/islands/list/Pagination';
import { EmptyState } from '../../../../ui/islands/list/EmptyState';
import { ListStatus } from '../../../../ui/islands/list/ListStatus';
import { createGalleriesStore, type GalleriesNotice, type GalleriesStoreInit } from '../stores/galleries';
import type { GalleryRow } from '../../lists';

export interface GalleriesTableProps extends GalleriesStoreInit {
  /** Set when the edit screen sent the user back (unknown gallery): the generic failure toast. */
  notice?: GalleriesNotice;
}

const columns: Column<GalleryRow>[] = [
  { id: 'title', header: 'Title', rowHeader: true, cell: (row) => row.title },
  { id: 'photos', header: 'Photos', cell: (row) => row.photos },
  {
    id: 'created',
    header: 'Created',
    className: 'text-nowrap',
    cell: (row) => <time dateTime={row.created.iso}>{row.created.text}</time>,
  },
  {
    id: 'actions',
    header: 'Actions',
    className: 'text-end',
    cell: (row) => (
      <div className="row-actions">
        <a className="btn btn-sm" href={`/website/galleries/edit?id=${row.id}`} aria-label={`Edit ${row.title}`}>
          Edit
        </a>
      </div>
    ),
  },
];

/** Manage Galleries: New Gallery over the paged table. */
export default function GalleriesTable({ notice = null, ...props }: GalleriesTableProps) {
  const [store] = useState(() => createGalleriesStore(props));
  const list = useStore(store.$list);
  useEffect(() => store.listenToHistory(), [store]);
  useEffect(() => store.showNotice(notice), [store, notice]);

  return (
    <div className="card">
      <div className="card-header list-toolbar">
        <a className="btn btn-primary list-toolbar-end" href="/website/galleries/new">
          New Gallery
        </a>
      </div>
      <DataTable
        caption="Galleries"
        columns={columns}
        rows={list.rows}
        rowKey={(row) => row.id}
        loading={list.loading}
        id="galleries-table"
        empty={<EmptyState title="No galleries yet">Use New Gallery to make the first one.</EmptyState>}
      />
      <div className="card-footer list-footer">
        <ListStatus
          loading={list.loading}
          loadingText="Loading galleries..."
          page={list.page}
          pageSize={list.pageSize}
          total={list.total}
          count={list.rows.length}
          noun="gallery"
          nounPlural="galleries"
        />
        <Pagination
          page={list.page}
          totalPages={list.totalPages}
          label="Galleries pagination"
          hrefFor={(page) => store.hrefFor({ page, query: '' })}
          onPage={(page) => void store.goToPage(page)}
        />
      </div>
    </div>
  );
}
