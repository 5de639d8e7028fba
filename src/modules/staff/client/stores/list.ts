/**
 * The staff list screen (/app/managestaff, /website/managestaff): one store for either list. The
 * whole list comes with the first HTML and pages 10 at a time here (?page=N in the address, so a
 * reload or Back shows the same page); Move up, Move down and Delete name the row the user sees
 * (its id at its index) and show the list as the server answers it. A change refused because the
 * list changed meanwhile loads it again; a list that fails to load disables management.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { send } from '../../../../lib/browser/send';
import { showToast } from '../../../../lib/browser/toast';
import { GENERIC_FAILURE } from '../../../../lib/browser/api-client';
import type { Failure } from '../../../../lib/contract/envelope';
import { STAFF_LIST_ENDPOINTS } from '../../calls';
import {
  STAFF_LOAD_FAILED,
  STAFF_NOT_FOUND_CODE,
  STAFF_PAGE_SIZE,
  STAFF_STALE_CODE,
  STAFF_UPDATED,
  staffListHref,
  staffPageCount,
  staffPageOf,
  STAFF_SCREENS,
  type StaffListKind,
} from '../../rules';
import type { StaffEntry, StaffRow } from '../../contract';

export interface StaffListInit {
  kind: StaffListKind;
  /** Every row in order, as the server rendered them; null when the list failed to load. */
  rows: StaffRow[] | null;
  /** The page the address asked for (1-based). */
  page: number;
}

export interface StaffListState {
  rows: StaffRow[];
  page: number;
  /** The list failed to load: management is disabled until it loads (spec sections 6 and 8). */
  failed: boolean;
  /** The list is being loaded again. */
  loading: boolean;
  /** A change is on its way: the other buttons wait for it (each change names the rows as they are now). */
  busy: boolean;
}

export type MoveDirection = 'up' | 'down';

export interface StaffListStore {
  kind: StaffListKind;
  $state: ReadableAtom<StaffListState>;
  goToPage(page: number): void;
  /** Loads the list again (Try again, or after a refusal that says it changed). */
  reload(): Promise<boolean>;
  /** Moves a row one place; answers where it is now (its index), or null when it did not move. */
  move(row: StaffRow, direction: MoveDirection): Promise<number | null>;
  remove(row: StaffRow): Promise<boolean>;
  /** Follows Back and Forward; returns the unsubscribe. */
  listenToHistory(): () => void;
  hrefFor(page: number): string;
}

export function pageRows(state: Pick<StaffListState, 'rows' | 'page'>): StaffRow[] {
  const start = (state.page - 1) * STAFF_PAGE_SIZE;
  return state.rows.slice(start, start + STAFF_PAGE_SIZE);
}

function toRows(staff: readonly StaffEntry[]): StaffRow[] {
  return staff.map(({ id, index, name, email }) => ({ id, index, name, email }));
}

function clampPage(page: number, count: number): number {
  return Math.min(Math.max(1, page), staffPageCount(count));
}

function pageOfAddress(): number {
  const raw = new URLSearchParams(window.location.search).get('page') ?? '';
  return /^\d{1,6}$/.test(raw) ? Math.max(1, Number(raw)) : 1;
}

export function createStaffListStore({ kind, rows, page }: StaffListInit): StaffListStore {
  const endpoints = STAFF_LIST_ENDPOINTS[kind];
  const $state = atom<StaffListState>({ rows: rows ?? [], page: clampPage(page, rows?.length ?? 0), failed: rows === null, loading: false, busy: false });
  const patch = (next: Partial<StaffListState>) => $state.set({ ...$state.get(), ...next });

  const showPage = (target: number, history: 'push' | 'replace' | 'none') => {
    const next = clampPage(target, $state.get().rows.length);
    patch({ page: next });
    if (history === 'none') return;
    const href = staffListHref(kind, next);
    if (href === `${window.location.pathname}${window.location.search}`) return;
    if (history === 'push') window.history.pushState(null, '', href);
    else window.history.replaceState(null, '', href);
  };

  /** The list as the server now has it; the page follows `follow` (a moved row) or stays, within the list's pages. */
  const showList = (staff: readonly StaffEntry[], follow?: number) => {
    const next = toRows(staff);
    patch({ rows: next, failed: false });
    showPage(follow === undefined ? $state.get().page : staffPageOf(follow), 'replace');
  };

  async function reload(): Promise<boolean> {
    patch({ loading: true });
    const res = await send(endpoints.list, {}, { onFailure: STAFF_LOAD_FAILED });
    if (!res) {
      patch({ loading: false, failed: true });
      return false;
    }
    patch({ loading: false });
    showList(res.staff);
    return true;
  }

  /**
   * Runs one change: the refusal's own message as the toast; when the list changed meanwhile
   * (the row is elsewhere or gone), the list is loaded again so the user sees it as it is.
   */
  async function change<T>(run: (onFailure: (failure: Failure) => void) => Promise<T | null>): Promise<T | null> {
    const state = $state.get();
    if (state.busy || state.failed) return null;
    patch({ busy: true });
    let outdated = false;
    try {
      const result = await run((failure) => {
        void showToast(failure.message ?? GENERIC_FAILURE, { type: 'error' });
        outdated = failure.code === STAFF_STALE_CODE || failure.code === STAFF_NOT_FOUND_CODE;
      });
      if (result !== null) void showToast(STAFF_UPDATED, { type: 'success' });
      return result;
    } finally {
      patch({ busy: false });
      if (outdated) await reload();
    }
  }

  return {
    kind,
    $state,
    goToPage(target) {
      showPage(target, 'push');
    },
    reload,
    move(row, direction) {
      return change(async (onFailure) => {
        const res = await send(endpoints.move, { body: { id: row.id, index: row.index, direction } }, { onFailure });
        if (!res) return null;
        const index = res.staff.findIndex((entry) => entry.id === row.id);
        // The moved row stays in view: a move across a page's edge turns the page with it.
        showList(res.staff, index);
        return index;
      });
    },
    async remove(row) {
      const done = await change(async (onFailure) => {
        const res = await send(endpoints.remove, { body: { id: row.id, index: row.index } }, { onFailure });
        if (!res) return null;
        showList(res.staff);
        return true;
      });
      return done === true;
    },
    listenToHistory() {
      const onPopState = () => {
        if (window.location.pathname === STAFF_SCREENS[kind].list) showPage(pageOfAddress(), 'none');
      };
      window.addEventListener('popstate', onPopState);
      return () => window.removeEventListener('popstate', onPopState);
    },
    hrefFor(target) {
      return staffListHref(kind, target);
    },
  };
}
