import type { ReactNode, Ref } from 'react';

export interface Column<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The cell that names the row: rendered as <th scope="row">. */
  rowHeader?: boolean;
  className?: string;
}

export interface DataTableProps<Row> {
  /** Names the table for screen readers (a caption, visually hidden unless showCaption). */
  caption: string;
  showCaption?: boolean;
  columns: ReadonlyArray<Column<Row>>;
  rows: ReadonlyArray<Row>;
  rowKey: (row: Row) => string | number;
  /** A page is on its way: the rows dim and the table is marked busy. */
  loading?: boolean;
  /** Shown in the table body when there are no rows. */
  empty: ReactNode;
  /** The table takes focus after an action removes the focused row (tabIndex -1). */
  tableRef?: Ref<HTMLTableElement>;
  id?: string;
}

/**
 * A Tabler card table of one page of rows; paging and status live beside it. Under the phone
 * breakpoint each row becomes a card of 'Header: value' lines with its actions in a row of
 * buttons (ui.css, from each cell's `data-label`), so no list scrolls sideways on a phone.
 */
export function DataTable<Row>({ caption, showCaption = false, columns, rows, rowKey, loading = false, empty, tableRef, id }: DataTableProps<Row>) {
  return (
    <div className={`table-responsive data-table${loading ? ' is-loading' : ''}`}>
      <table className="table table-vcenter card-table" aria-busy={loading || undefined} ref={tableRef} tabIndex={-1} id={id}>
        <caption className={showCaption ? undefined : 'visually-hidden'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column.id} className={column.className}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} data-row-id={rowKey(row)}>
                {columns.map((column) =>
                  column.rowHeader ? (
                    <th scope="row" key={column.id} className={column.className} data-label={column.header}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.id} className={column.className} data-label={column.header}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
