export interface ListStatusProps {
  loading: boolean;
  /** Shown while a page loads, e.g. 'Loading pages...'. */
  loadingText: string;
  page: number;
  totalPages: number;
  /** Rows on the page. */
  count: number;
  /** The noun of one row, e.g. 'post'. */
  noun: string;
  /** Its plural when not noun + 's'. */
  nounPlural?: string;
  query?: string;
}

/** What the list shows right now, in a polite live region (so paging and searching are announced). */
export function listSummary({ page, totalPages, count, noun, nounPlural = `${noun}s`, query }: Omit<ListStatusProps, 'loading' | 'loadingText'>): string {
  const matching = query ? ` matching “${query}”` : '';
  if (count === 0) return `No ${nounPlural}${matching}.`;
  const rows = `${count} ${count === 1 ? noun : nounPlural}${matching}`;
  return totalPages > 1 ? `Page ${page} of ${totalPages}: ${rows}.` : `${rows.charAt(0).toUpperCase()}${rows.slice(1)}.`;
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
