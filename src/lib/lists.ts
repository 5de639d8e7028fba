/**
 * A server-paged list's place in the address (?page=2&query=x) and in the list call's query:
 * any module's list, on the server (the first screen) and in the browser (the list stores).
 */

/** The list query that the address carries. */
export interface ListLocation {
  page: number;
  query: string;
}

/**
 * ?page=&query= of an address; anything unusable falls back to page 1 and no query, and the query
 * is cut to the contract's `maxQueryLength`.
 */
export function readLocation(search: string | URLSearchParams, maxQueryLength: number): ListLocation {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const rawPage = params.get('page') ?? '';
  const page = /^\d{1,6}$/.test(rawPage) ? Math.max(1, Number(rawPage)) : 1;
  const query = (params.get('query') ?? '').trim().slice(0, maxQueryLength);
  return { page, query };
}

/** The address of a list location: page 1 and an empty query are left out. */
export function listHref(path: string, location: ListLocation): string {
  const params = new URLSearchParams();
  if (location.page > 1) params.set('page', String(location.page));
  if (location.query) params.set('query', location.query);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The list call's query (`?page=&limit=&query=`) for a location; an empty query is left out. */
export function listQuery(location: ListLocation, limit: number): { page: number; limit: number; query?: string } {
  return location.query ? { page: location.page, limit, query: location.query } : { page: location.page, limit };
}
