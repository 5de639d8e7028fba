import { useEffect, useRef, type ReactNode, type Ref } from 'react';

export interface Column<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The cell that names the row: rendered as <th scope="row">. */
  rowHeader?: boolean;
  className?: string;
}

/** Rows the user can tick for an action on several at once: a checkbox per row and one for the whole page. */
export interface RowSelection<Row> {
  /** Keys (rowKey) of the ticked rows. */
  selected: ReadonlySet<string | number>;
  onSelect: (row: Row, ticked: boolean) => void;
  /** The header's checkbox: every row of this page, or none. */
  onSelectAll: (ticked: boolean) => void;
  /** A row checkbox's accessible name, e.g. 'Select Sports day'. */
  rowLabel: (row: Row) => string;
  /** The header checkbox's accessible name, e.g. 'Select all posts on this page'. */
  allLabel: string;
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
  /** Adds a first column of checkboxes (and one in the header) when the list has actions on several rows. */
  selection?: RowSelection<Row>;
}

/** The header's checkbox: ticked when every row is, mixed when some are. */
function SelectAll({ count, total, label, onChange }: { count: number; total: number; label: string; onChange: (ticked: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  const mixed = count > 0 && count < total;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <label className="select-all">
      <input
        ref={ref}
        type="checkbox"
        className="form-check-input m-0"
        aria-label={label}
        checked={total > 0 && count === total}
        disabled={total === 0}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    </label>
  );
}

/**
 * A Tabler card table of one page of rows; paging and status live beside it. Under the phone
 * breakpoint each row becomes a card of 'Header: value' lines with its actions in a row of
 * buttons (ui.css, from each cell's `data-label`), so no list scrolls sideways on a phone. With a
 * `selection`, each row (card) starts with its checkbox and the header keeps a 'Select all' line.
 */
export function DataTable<Row>({ caption, showCaption = false, columns, rows, rowKey, loading = false, empty, tableRef, id, selection }: DataTableProps<Row>) {
  const ticked = selection ? rows.filter((row) => selection.selected.has(rowKey(row))).length : 0;
  return (
    <div className={`table-responsive data-table${selection ? ' has-selection' : ''}${loading ? ' is-loading' : ''}`}>
      <table className="table table-vcenter card-table" aria-busy={loading || undefined} ref={tableRef} tabIndex={-1} id={id}>
        <caption className={showCaption ? undefined : 'visually-hidden'}>{caption}</caption>
        <thead>
          <tr>
            {selection && (
              <th scope="col" className="select-cell">
                <SelectAll count={ticked} total={rows.length} label={selection.allLabel} onChange={selection.onSelectAll} />
              </th>
            )}
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
              <td colSpan={columns.length + (selection ? 1 : 0)}>{empty}</td>
            </tr>
          ) : (
            rows.map((row) => {
              const key = rowKey(row);
              const isTicked = selection?.selected.has(key) ?? false;
              return (
                <tr key={key} data-row-id={key} className={isTicked ? 'is-selected' : undefined}>
                  {selection && (
                    <td className="select-cell" data-label="">
                      <label className="select-row">
                        <input
                          type="checkbox"
                          className="form-check-input m-0"
                          aria-label={selection.rowLabel(row)}
                          checked={isTicked}
                          onChange={(event) => selection.onSelect(row, event.currentTarget.checked)}
                        />
                      </label>
                    </td>
                  )}
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
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
