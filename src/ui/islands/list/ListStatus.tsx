export interface ListStatusProps {
  loading: boolean;
  /** Shown while a page loads, e.g. 'Loading pages...'. */
  loadingText: string;
  page: number;
  /** Rows a page holds. */
  pageSize: number;
  /** Items in the whole list, search applied. */
  total: number;
  /** Rows on the page. */
  count: number;
  /** The noun of one row, e.g. 'post'. */
  noun: string;
  /** Its plural when not noun + 's'. */
  nounPlural?: string;
  query?: string;
}

/**
 * What the list shows right now, in a polite live region (so paging and searching are
 * announced): 'Showing 11–20 of 58 posts', which rows of how many, never a page's count alone.
 */
export function listSummary({ page, pageSize, total, count, noun, nounPlural = `${noun}s`, query }: Omit<ListStatusProps, 'loading' | 'loadingText'>): string {
  const matching = query ? ` matching “${query}”` : '';
  if (count === 0) return `No ${nounPlural}${matching}.`;
  const first = (page - 1) * pageSize + 1;
  const last = first + count - 1;
  const of = Math.max(total, last);
  return `Showing ${first === last ? first : `${first}–${last}`} of ${of} ${of === 1 ? noun : nounPlural}${matching}.`;
}

export function ListStatus(props: ListStatusProps) {
  return (
    <p className="list-status text-secondary m-0" role="status" aria-live="polite" aria-atomic="true">
      {props.loading ? (
        <>
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {props.loadingText}
        </>
      ) : (
        listSummary(props)
      )}
    </p>
  );
}
