import type { ReactNode, RefObject } from 'react';
import { DataTable, type Column, type RowSelection } from './DataTable';
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
  /** The list's own choices away from their defaults (filter, order). */
  filters?: Readonly<Record<string, string>> | undefined;
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
  /** The New button's address; without it the card has no New button (the screen adds another way). */
  newHref?: string;
  /** The New button's words, which the empty list also names. */
  newLabel: string;
  /** The search box's label (default 'Search <plural> by title'). */
  searchLabel?: string;
  /** What the empty search box suggests (default 'Search by title…'). */
  searchPlaceholder?: string;
  /** Shown while a page loads (default 'Loading <plural>...'). */
  loadingText?: string;
  /** The toolbar's own buttons, at its end, in place of the New button (e.g. Export CSV and Add New Student). */
  actions?: ReactNode;
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  id: string;
  tableRef?: RefObject<HTMLTableElement | null>;
  /** The list's own choices (filter, order), shown beside the search. */
  controls?: ReactNode;
  /** A choice narrows the list (not only the search): the empty state says so. */
  filtered?: boolean;
  /** Checkboxes on the rows, for actions on several at once. */
  selection?: RowSelection<Row>;
  /** Shown between the toolbar and the table (e.g. the bar of actions on the ticked rows). */
  actionBar?: ReactNode;
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
  searchLabel,
  searchPlaceholder,
  loadingText,
  actions,
  columns,
  rowKey,
  id,
  tableRef,
  controls,
  filtered = false,
  selection,
  actionBar,
}: SearchableListCardProps<Row>) {
  const plural = `${noun}s`;
  return (
    <div className="card">
      <div className="card-header list-toolbar">
        <SearchBox
          label={searchLabel ?? `Search ${plural} by title`}
          action={path}
          value={list.query}
          onSearch={onSearch}
          maxLength={queryMaxLength}
          keep={list.filters}
          placeholder={searchPlaceholder}
        />
        {controls}
        {actions ? (
          <div className="list-toolbar-end">{actions}</div>
        ) : newHref ? (
          <a className="btn btn-primary list-toolbar-end" href={newHref}>
            {newLabel}
          </a>
        ) : null}
      </div>
      {actionBar}
      <DataTable
        caption={caption}
        columns={columns}
        rows={list.rows}
        rowKey={rowKey}
        loading={list.loading}
        {...(tableRef ? { tableRef } : {})}
        id={id}
        {...(selection ? { selection } : {})}
        empty={
          list.query ? (
            <EmptyState title={`No ${plural} match your search`}>Try other words, or clear the search.</EmptyState>
          ) : filtered ? (
            <EmptyState title={`No ${plural} match this filter`}>Choose another filter to see more.</EmptyState>
          ) : (
            <EmptyState title={`No ${plural} yet`}>{`Use ${newLabel} to add the first one.`}</EmptyState>
          )
        }
      />
      <div className="card-footer list-footer">
        <ListStatus
          loading={list.loading}
          loadingText={loadingText ?? `Loading ${plural}...`}
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
