import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useStore } from '@nanostores/react';
import '../../../../ui/islands/ui.css';
import './support.css';
import { DataTable, type Column } from '../../../../ui/islands/list/DataTable';
import { Pagination } from '../../../../ui/islands/list/Pagination';
import { ListStatus } from '../../../../ui/islands/list/ListStatus';
import { EmptyState } from '../../../../ui/islands/list/EmptyState';
import { TicketBadge } from './Badge';
import { TicketDialog } from './TicketDialog';
import { createTicketsStore, type TicketsInit } from '../stores/tickets';
import { ticketFrameUrl } from '../stores/frame';
import { formatDayMonthYear, isoDay } from '../../../../lib/dates';
import { showFlash } from '../../../../lib/browser/flash';
import type { Ticket } from '../../helpdesk-contract';

export interface TicketsListProps extends TicketsInit {
  timeZone: string;
  /** A ticket's frame address with `{number}` in it. */
  ticketTemplate: string;
  /** The external helpdesk's origin; null for the portal's own. */
  helpdeskOrigin: string | null;
  /** Whether a ticket opens with its thread (a backend without the helpdesk only lists them). */
  threads: boolean;
  /** Whether New Support Ticket is a page of this portal (the empty list links it). */
  canCreate: boolean;
}

/**
 * My Tickets: #, Subject, Department, Priority, Status, Last Updated, ten a page, the most
 * recently updated first. A row (its subject's button, or a click anywhere on it) opens the
 * ticket's frame in a large dialog.
 */
export default function TicketsList(props: TicketsListProps) {
  const [store] = useState(() => createTicketsStore(props));
  const list = useStore(store.$list);
  const open = useStore(store.$open);
  const tableRef = useRef<HTMLTableElement>(null);
  useEffect(() => store.listenToHistory(), [store]);
  // 'Success! Ticket #N has been created.' after New Support Ticket.
  useEffect(() => showFlash(), []);

  // A click anywhere on a row opens its ticket, as its subject's button does (the keyboard's way
  // in); a link or button in the row keeps its own meaning, and selecting text is not a click.
  const onTableClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('a, button') || window.getSelection()?.toString()) return;
    const button = target.closest('tr')?.querySelector<HTMLButtonElement>('button.ticket-open');
    if (!button) return;
    button.focus();
    store.openTicket(Number(button.dataset.number));
  };

  const columns: Column<Ticket>[] = [
    { id: 'number', header: '#', cell: (t) => t.number },
    {
      id: 'subject',
      header: 'Subject',
      rowHeader: true,
      className: 'text-break',
      cell: (t) =>
        props.threads ? (
          <button type="button" className="ticket-open" data-number={t.number} onClick={() => store.openTicket(t.number)}>
            {t.subject}
          </button>
        ) : (
          t.subject
        ),
    },
    { id: 'department', header: 'Department', cell: (t) => t.department },
    { id: 'priority', header: 'Priority', cell: (t) => <TicketBadge badge={t.priority} /> },
    { id: 'status', header: 'Status', cell: (t) => <TicketBadge badge={t.status} /> },
    {
      id: 'updated',
      header: 'Last Updated',
      cell: (t) => <time dateTime={isoDay(t.date_updated, props.timeZone)}>{formatDayMonthYear(t.date_updated, props.timeZone)}</time>,
    },
  ];

  return (
    <>
      <div className="card tickets-card" onClick={onTableClick}>
        <DataTable
          caption="My tickets"
          columns={columns}
          rows={list.rows}
          rowKey={(t) => t.id}
          loading={list.loading}
          tableRef={tableRef}
          id="tickets-table"
          empty={
            <EmptyState title="No tickets yet">
              {props.canCreate ? (
                <>
                  When you need help, <a href="/support/new">open a support ticket</a>: it will be listed here.
                </>
              ) : (
                'Your support tickets will be listed here.'
              )}
            </EmptyState>
          }
        />
        <div className="card-footer d-flex flex-wrap align-items-center justify-content-between gap-2">
          <ListStatus
            loading={list.loading}
            loadingText="Loading tickets..."
            page={list.page}
            pageSize={list.pageSize}
            total={list.total}
            count={list.rows.length}
            noun="ticket"
          />
          <Pagination
            page={list.page}
            totalPages={list.totalPages}
            label="Ticket pages"
            hrefFor={(page) => store.hrefFor({ page, query: '' })}
            onPage={(page) => void store.goToPage(page)}
          />
        </div>
      </div>
      {open && props.threads ? (
        <TicketDialog
          key={open.number}
          number={open.number}
          subject={open.subject}
          src={ticketFrameUrl(props.ticketTemplate, open.number)}
          origin={props.helpdeskOrigin}
          onClose={() => store.closeTicket()}
          onChanged={() => void store.reload()}
          fallbackFocus={() => tableRef.current?.querySelector<HTMLButtonElement>(`button.ticket-open[data-number="${open.number}"]`) ?? tableRef.current}
        />
      ) : null}
    </>
  );
}
