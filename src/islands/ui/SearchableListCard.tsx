import type { RefObject } from 'react';
import { DataTable, type Column } from './DataTable';
import { Pagination } from './Pagination';
import { SearchBox } from './SearchBox';
import { EmptyState } from './EmptyState';
import { ListStatus } from './ListStatus';

/** What the card shows of a server-paged, searchable list (the island's store state). */
export interface SearchableListState<Row> {
  rows: Row[];
  page: number;
  totalPages: number;
  /** Items in the whole list, search applied. */
  total: number;
  pageSize: number;
  query: string;
  /** A page is on its way. */
  loading: boolean;
}

export interface SearchableListCardProps<Row> {
  list: SearchableListState<Row>;
  /** A search was submitted. */
  onSearch: (query: string) => void;
  /** The longest query the list's call accepts. */
  queryMaxLength: number;
  /** A page link was followed (the link's address is `pageHref`'s, for opening in a new tab). */
  onPage: (page: number) => void;
  /** The address of a page of the current search. */
  pageHref: (page: number) => string;
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
export function SearchableListCard<Row>({
  list,
  onSearch,
  queryMaxLength,
  onPage,
  pageHref,
  path,
  noun,
  caption,
  newHref,
  newLabel,
  columns,
  rowKey,
  id,
  tableRef,
}: SearchableListCardProps<Row>) {
  const plural = `${noun}s`;
  return (
    <div className="card">
      <div className="card-header list-toolbar">
        <SearchBox label={`Search ${plural} by title`} action={path} value={list.query} onSearch={onSearch} maxLength={queryMaxLength} />
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
          pageSize={list.pageSize}
          total={list.total}
          count={list.rows.length}
          noun={noun}
          query={list.query}
        />
        <Pagination
          page={list.page}
          totalPages={list.totalPages}
          label={`${caption} pagination`}
          hrefFor={pageHref}
          onPage={onPage}
        />
      </div>
    </div>
  );
}
