import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import '../../../../ui/islands/ui.css';
import type { Column } from '../../../../ui/islands/list/DataTable';
import { SearchableListCard } from '../../../../ui/islands/list/SearchableListCard';
import { EditOrLocked, ViewLink } from './RowLinks';
import { createPagesStore, PAGES_PATH, type PagesStoreInit } from '../stores/pages';
import type { PageRow } from '../../lists';
import { showFlash } from '../../../../lib/browser/flash';
import { MAX_QUERY_LENGTH } from '../../rules';

export type PagesTableProps = PagesStoreInit;

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
    cell: (row) => (
      <div className="row-actions">
        <EditOrLocked title={row.title} locked={row.locked} editHref={`/website/pages/edit?id=${row.id}`} />
        <ViewLink title={row.title} url={row.url} />
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
    />
  );
}
