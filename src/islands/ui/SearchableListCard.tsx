import type { RefObject } from 'react';
import { useStore } from '@nanostores/react';
import type { ListStore } from '../../stores/website-list';
import { DataTable, type Column } from './DataTable';
import { Pagination } from './Pagination';
import { SearchBox } from './SearchBox';
import { EmptyState } from './EmptyState';
import { ListStatus } from './ListStatus';

export interface SearchableListCardProps<Row> {
  store: ListStore<Row>;
  /** The list's path (the search form's action without JavaScript). */
  path: string;
  /** Singular noun of a row, e.g. 'post'. */
  noun: string;
  /** Plural with a capital, e.g. 'Posts': the table's caption. */
  caption: string;
  newHref: string;
  newLabel: string;
  columns: Column<Row>[];
  rowKey: (row: Row) => number;
  id: string;
  tableRef?: RefObject<HTMLTableElement | null>;
}

/** A card with search and a New button over a server-paged table (Manage Posts, Manage Pages). */
export function SearchableListCard<Row>({ store, path, noun, caption, newHref, newLabel, columns, rowKey, id, tableRef }: SearchableListCardProps<Row>) {
  const list = useStore(store.$list);
  const plural = `${noun}s`;
  return (
    <div className="card">
      <div className="card-header list-toolbar">
        <SearchBox label={`Search ${plural} by title`} action={path} value={list.query} onSearch={(q) => void store.search(q)} />
        <a className="btn btn-primary list-toolbar-end" href={newHref}>
          {newLabel}
        </a>
      </div>
      <DataTable
        caption={caption}
        columns={columns}
        rows={list.rows}
        rowKey={rowKey}
        loading={list.loading}
        {...(tableRef ? { tableRef } : {})}
        id={id}
        empty={
          <EmptyState title={list.query ? `No ${plural} match your search` : `No ${plural} yet`}>
            {list.query ? 'Try other words, or clear the search.' : `Use ${newLabel} to add the first one.`}
          </EmptyState>
        }
      />
      <div className="card-footer list-footer">
        <ListStatus
          loading={list.loading}
          loadingText={`Loading ${plural}...`}
          page={list.page}
          totalPages={list.totalPages}
          count={list.rows.length}
          noun={noun}
          query={list.query}
        />
        <Pagination
          page={list.page}
          totalPages={list.totalPages}
          label={`${caption} pagination`}
          hrefFor={(page) => store.hrefFor({ page, query: list.query })}
          onPage={(page) => void store.goToPage(page)}
        />
      </div>
    </div>
  );
}
