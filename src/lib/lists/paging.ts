/**
 * What every server-paged list shares (zod-free, both sides): its page size, the limits of its
 * call's `?limit=` and `?query=`, and how many pages a total makes. The list query's schema is
 * lib/contract/params.ts; a list's place in the address is ./location.ts.
 */

/** Spec section 9: a table shows 10 rows a page (the list calls' `?limit=` when none is given). */
export const LIST_PAGE_SIZE = 10;
/** The most rows one list call answers. */
export const MAX_PAGE_LIMIT = 100;
/** A list's search text (`?query=`). */
export const MAX_QUERY_LENGTH = 200;

/**
 * Pages in a list: ceil(total / limit), but at least 1 so that page 1 always exists (an empty
 * list is "page 1 of 1"); a page past the end answers an empty list with the same total_pages.
 */
export function totalPages(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}
