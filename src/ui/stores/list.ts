/**
 * A server-paged list whose page number, search and own choices (filters, order) live in the
 * address (?page=2&query=x&status=hidden), so a reload or Back shows the same list. The first screen comes from the server as the initial
 * view; later pages and searches come from the API. Any module's list: the module's store
 * supplies the fetch and its contract's search limit.
 *
 * Each island creates its own store (`createListStore`) from its props: a module-level store
 * would be shared by every request the server renders.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { listHref, readLocation, withFilter, type ListFilterOptions, type ListLocation } from '../../lib/lists/location';

/** What the list shows. */
export interface ListView<Row> extends ListLocation {
  rows: Row[];
  totalPages: number;
  /** Items in the whole list, search applied. */
  total: number;
  /** Rows a page holds (the first row's number is (page - 1) * pageSize + 1). */
  pageSize: number;
}

export interface ListState<Row> extends ListView<Row> {
  /** A page is on its way (the rows are the previous page's until it arrives). */
  loading: boolean;
}

export interface ListSource<Row> {
  /** The page's own path, e.g. /website/posts. */
  path: string;
  /** The contract's ceiling for `query`. */
  maxQueryLength: number;
  /** The list's own choices and their words (the first of each the default), when it has any. */
  filters?: ListFilterOptions;
  /** One page from the API, or null when the call failed (the caller has told the user). */
  fetchPage(location: ListLocation): Promise<{ rows: Row[]; totalPages: number; total: number } | null>;
}

type HistoryMode = 'push' | 'replace' | 'none';

export interface ListStore<Row> {
  $list: ReadableAtom<ListState<Row>>;
  goToPage(page: number): Promise<boolean>;
  search(query: string): Promise<boolean>;
  /** Sets one of the list's choices (a filter or the order) and shows its first page. */
  setFilter(name: string, value: string): Promise<boolean>;
  /** Loads the current page again (after a delete); steps back a page when it has emptied. */
  reload(): Promise<boolean>;
  /** Replaces the rows that `match` picks with `update(row)`. */
  updateRows(match: (row: Row) => boolean, update: (row: Row) => Row): void;
  /** Follows Back and Forward; returns the unsubscribe. */
  listenToHistory(): () => void;
  hrefFor(location: ListLocation): string;
}

export function createListStore<Row>(source: ListSource<Row>, initial: ListView<Row>): ListStore<Row> {
  const $list = atom<ListState<Row>>({ ...initial, loading: false });
  let ticket = 0;
  // Where the latest load is going while it is on its way: a choice made meanwhile (Show, then
  // Sort by before the first answer) builds on it, not on the list still shown.
  let wanted: ListLocation | null = null;
  const current = (): ListLocation => wanted ?? $list.get();

  const here = () => `${window.location.pathname}${window.location.search}`;

  // The address follows each choice as it is made, not when its page arrives: two quick choices
  // (Show, then Sort by) are two Back steps even though the first one's answer is dropped.
  function record(location: ListLocation, history: HistoryMode) {
    if (history === 'none') return;
    const href = listHref(source.path, location);
    // The same search again (Enter twice) must not add a Back step.
    if (history === 'push' && href !== here()) window.history.pushState(null, '', href);
    else window.history.replaceState(null, '', href);
  }

  async function load(location: ListLocation, history: HistoryMode): Promise<boolean> {
    const mine = ++ticket;
    wanted = location;
    record(location, history);
    $list.set({ ...$list.get(), loading: true });
    const result = await source.fetchPage(location);
    if (mine !== ticket) return false; // a newer request owns the list now
    wanted = null;
    if (!result) {
      const shown = $list.get();
      $list.set({ ...shown, loading: false });
      // The list still shows what it showed: so does the address (a reload asks for that, not the failed choice).
      if (history !== 'none') window.history.replaceState(null, '', listHref(source.path, shown));
      return false;
    }
    $list.set({ ...$list.get(), ...location, rows: result.rows, totalPages: result.totalPages, total: result.total, loading: false });
    return true;
  }

  return {
    $list,
    goToPage(page) {
      const { query, filters } = current();
      return load({ page: Math.max(1, page), query, filters }, 'push');
    },
    search(query) {
      return load({ page: 1, query: query.trim().slice(0, source.maxQueryLength), filters: current().filters }, 'push');
    },
    setFilter(name, value) {
      const { query, filters } = current();
      return load({ page: 1, query, filters: withFilter(filters, source.filters ?? {}, name, value) }, 'push');
    },
    async reload() {
      const { page, query, filters } = $list.get();
      const ok = await load({ page, query, filters }, 'none');
      const now = $list.get();
      if (ok && now.rows.length === 0 && page > 1) {
        return load({ page: Math.max(1, Math.min(page - 1, now.totalPages)), query, filters }, 'replace');
      }
      return ok;
    },
    updateRows(match, update) {
      const state = $list.get();
      $list.set({ ...state, rows: state.rows.map((row) => (match(row) ? update(row) : row)) });
    },
    listenToHistory() {
      const onPopState = () => {
        if (window.location.pathname !== source.path) return;
        void load(readLocation(window.location.search, source.maxQueryLength, source.filters), 'none');
      };
      window.addEventListener('popstate', onPopState);
      return () => window.removeEventListener('popstate', onPopState);
    },
    hrefFor(location) {
      return listHref(source.path, location);
    },
  };
}
