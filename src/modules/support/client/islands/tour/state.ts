/**
 * A guided tour under way in this tab: which tour and which step, kept in sessionStorage so it
 * survives the tour's moves between pages (and a reload), and ends with the tab. The page a tour
 * moves to carries `?tour=<id>`, which tells the server to add the tour's script to that page only.
 */
import { TOUR_ID_PATTERN, TOUR_QUERY } from '../../../rules';

const KEY = 'staff-portal.tour';

export interface TourState {
  id: string;
  step: number;
}

export function readTourState(): TourState | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<TourState> | null;
    if (value && typeof value.id === 'string' && TOUR_ID_PATTERN.test(value.id) && Number.isSafeInteger(value.step) && (value.step ?? -1) >= 0) {
      return { id: value.id, step: value.step as number };
    }
  } catch {
    // Unreadable (storage off, a hand-edited value): no tour.
  }
  return null;
}

export function writeTourState(state: TourState): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(state));
  } catch {
    // Storage unavailable: the tour still runs on this page.
  }
}

export function clearTourState(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

/** A page's address with `?tour=<id>` (a page may carry its own query, e.g. /website/posts/edit?new). */
export function tourAddress(page: string, id: string): string {
  return `${page}${page.includes('?') ? '&' : '?'}${TOUR_QUERY}=${encodeURIComponent(id)}`;
}

/** The address bar without `?tour=` (the tour ended: a reload should not look for it). */
export function forgetTourInAddress(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(TOUR_QUERY)) return;
  url.searchParams.delete(TOUR_QUERY);
  // `?new` stays `?new` rather than becoming `?new=`.
  const search = url.search.replace(/=(?=&|$)/g, '');
  window.history.replaceState(window.history.state, '', `${url.pathname}${search}${url.hash}`);
}
