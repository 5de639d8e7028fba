/**
 * 'In the outbox' on one sent newsletter (/newsletter/sent/view?id=): the send's copies kept in
 * the outbox (no MAIL_URL), a page at a time; the page is in the address (&page=N) so a reload
 * or Back shows the same one.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { send } from '../../../../lib/browser/send';
import { formatDayMonthYearTime } from '../../../../lib/dates';
import { newsletterApi } from '../../calls';
import type { SendMessage } from '../../contract';

/** A copy as the table shows it: its local time, and the address of its message page when it is in the outbox. */
export interface OutboxRow extends SendMessage {
  href: string | null;
  kept: { iso: string; text: string } | null;
}

export interface OutboxView {
  rows: OutboxRow[];
  page: number;
  totalPages: number;
  total: number;
  loading: boolean;
}

export interface SendOutboxInit {
  sendId: number;
  messages: SendMessage[];
  page: number;
  totalPages: number;
  total: number;
  timeZone: string;
}

export const outboxMessageHref = (id: number) => `/newsletter/sent/message?id=${id}`;

export function toOutboxRow(message: SendMessage, timeZone: string): OutboxRow {
  const kept = message.created_at === null ? null : new Date(message.created_at * 1000);
  return {
    ...message,
    href: message.outbox_id === null ? null : outboxMessageHref(message.outbox_id),
    kept: kept && { iso: kept.toISOString(), text: formatDayMonthYearTime(kept, timeZone) },
  };
}

export interface SendOutboxStore {
  $view: ReadableAtom<OutboxView>;
  goToPage(page: number): Promise<boolean>;
  hrefFor(page: number): string;
  /** Follows Back and Forward between pages; returns the unsubscribe. */
  listenToHistory(): () => void;
}

function pageOf(search: string): number {
  const raw = new URLSearchParams(search).get('page') ?? '';
  return /^\d{1,6}$/.test(raw) ? Math.max(1, Number(raw)) : 1;
}

export function createSendOutboxStore(init: SendOutboxInit): SendOutboxStore {
  const $view = atom<OutboxView>({ rows: init.messages.map((m) => toOutboxRow(m, init.timeZone)), page: init.page, totalPages: init.totalPages, total: init.total, loading: false });
  let ticket = 0;
  const hrefFor = (page: number) => `/newsletter/sent/view?id=${init.sendId}${page > 1 ? `&page=${page}` : ''}`;

  async function load(page: number, history: 'push' | 'none'): Promise<boolean> {
    const mine = ++ticket;
    // The address follows each click as it is made (two quick clicks are two Back steps).
    const before = $view.get().page;
    if (history === 'push' && page !== before) window.history.pushState(null, '', hrefFor(page));
    $view.set({ ...$view.get(), loading: true });
    const res = await send(newsletterApi.sendMessages, { params: { id: init.sendId }, query: { page } });
    if (mine !== ticket) return false; // a newer page owns the table now
    if (!res) {
      $view.set({ ...$view.get(), loading: false });
      if (history === 'push') window.history.replaceState(null, '', hrefFor($view.get().page));
      return false;
    }
    $view.set({ rows: res.messages.map((m) => toOutboxRow(m, init.timeZone)), page, totalPages: res.total_pages, total: res.total, loading: false });
    return true;
  }

  return {
    $view,
    goToPage: (page) => load(Math.max(1, page), 'push'),
    hrefFor,
    listenToHistory() {
      const onPopState = () => {
        const page = pageOf(window.location.search);
        if (page !== $view.get().page) void load(page, 'none');
      };
      window.addEventListener('popstate', onPopState);
      return () => window.removeEventListener('popstate', onPopState);
    },
  };
}
