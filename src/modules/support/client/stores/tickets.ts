/**
 * My Tickets (/support/tickets): the school's tickets, ten a page, last updated first (the page
 * in the address), and the ticket open in the large dialog (`?ticket=N`, the link of the reply
 * emails). A ticket changed in the dialog's frame (a reply, closed, reopened) refreshes the page.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { send } from '../../../../lib/browser/send';
import { helpdeskApi } from '../../helpdesk-calls';
import { SUPPORT_PATHS, TICKET_QUERY, TICKETS_PAGE_SIZE } from '../../rules';
import type { Ticket } from '../../helpdesk-contract';
import { createListStore, type ListStore } from '../../../../ui/stores/list';

/** The dialog's ticket: its number, and its subject when the list shows it. */
export interface OpenTicket {
  number: number;
  subject: string | null;
}

export interface TicketsInit {
  tickets: Ticket[];
  page: number;
  totalPages: number;
  total: number;
  /** `?ticket=N`: the ticket to open at once. */
  open: number | null;
}

export interface TicketsStore extends ListStore<Ticket> {
  $open: ReadableAtom<OpenTicket | null>;
  openTicket(number: number): void;
  closeTicket(): void;
}

function addressWithTicket(number: number | null): string {
  const url = new URL(window.location.href);
  if (number === null) url.searchParams.delete(TICKET_QUERY);
  else url.searchParams.set(TICKET_QUERY, String(number));
  return `${url.pathname}${url.search}`;
}

export function createTicketsStore(init: TicketsInit): TicketsStore {
  const list = createListStore<Ticket>(
    {
      path: SUPPORT_PATHS.tickets,
      maxQueryLength: 0,
      async fetchPage(location) {
        const res = await send(helpdeskApi.tickets, { query: { page: location.page } });
        return res ? { rows: res.tickets, totalPages: res.total_pages, total: res.total } : null;
      },
    },
    { rows: init.tickets, page: init.page, query: '', totalPages: init.totalPages, total: init.total, pageSize: TICKETS_PAGE_SIZE },
  );
  const subjectOf = (number: number) => list.$list.get().rows.find((t) => t.number === number)?.subject ?? null;
  const $open = atom<OpenTicket | null>(init.open === null ? null : { number: init.open, subject: subjectOf(init.open) });

  return {
    ...list,
    $open,
    openTicket(number) {
      $open.set({ number, subject: subjectOf(number) });
      // The address names the open ticket, so a reload (or the email's link) shows it again.
      window.history.replaceState(null, '', addressWithTicket(number));
    },
    closeTicket() {
      $open.set(null);
      window.history.replaceState(null, '', addressWithTicket(null));
    },
  };
}
