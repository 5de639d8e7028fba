/**
 * A server-paged list's place in the address (?page=2&query=x, plus the list's own choices such as
 * ?status=hidden&sort=title) and in the list call's query: any module's list, on the server (the
 * first screen) and in the browser (the list stores).
 */

/** A list's own choices beyond page and query: the value of each, by name. */
export type ListFilters = Readonly<Record<string, string>>;

/** The words each of a list's choices may take; the first is its default, which the address leaves out. */
export type ListFilterOptions = Readonly<Record<string, readonly string[]>>;

/** The list query that the address carries. */
export interface ListLocation {
  page: number;
  query: string;
  /** The list's own choices (Manage Posts: status, sort), only those away from their default. */
  filters?: ListFilters;
}

/**
 * ?page=&query= (and the choices `options` names) of an address; anything unusable falls back to
 * page 1, no query and each choice's default, and the query is cut to the contract's `maxQueryLength`.
 */
export function readLocation(search: string | URLSearchParams, maxQueryLength: number, options?: ListFilterOptions): ListLocation {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const rawPage = params.get('page') ?? '';
  const page = /^\d{1,6}$/.test(rawPage) ? Math.max(1, Number(rawPage)) : 1;
  const query = (params.get('query') ?? '').trim().slice(0, maxQueryLength);
  if (!options) return { page, query };
  let filters: ListFilters = {};
  for (const name of Object.keys(options)) filters = withFilter(filters, options, name, params.get(name) ?? '');
  return { page, query, filters };
}

/** `filters` with `name` set to `value`: a default or unknown value drops the name (the address leaves defaults out). */
export function withFilter(filters: ListFilters | undefined, options: ListFilterOptions, name: string, value: string): ListFilters {
  const rest = Object.fromEntries(Object.entries(filters ?? {}).filter(([key]) => key !== name));
  const words = options[name];
  return words && words.includes(value) && value !== words[0] ? { ...rest, [name]: value } : rest;
}

/** The address of a list location: page 1, an empty query and choices at their default are left out. */
export function listHref(path: string, location: ListLocation): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(location.filters ?? {})) params.set(name, value);
  if (location.page > 1) params.set('page', String(location.page));
  if (location.query) params.set('query', location.query);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The list call's query (`?page=&limit=&query=`) for a location; an empty query is left out. */
export function listQuery(location: ListLocation, limit: number): { page: number; limit: number; query?: string } {
  return location.query ? { page: location.page, limit, query: location.query } : { page: location.page, limit };
}
