import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import '../../../../ui/islands/ui.css';
import './newsletter.css';
import { DataTable, type Column } from '../../../../ui/islands/list/DataTable';
import { EmptyState } from '../../../../ui/islands/list/EmptyState';
import { ListStatus } from '../../../../ui/islands/list/ListStatus';
import { Pagination } from '../../../../ui/islands/list/Pagination';
import { createSendOutboxStore, type OutboxRow, type SendOutboxInit } from '../stores/send-outbox';

export interface OutboxMessagesProps extends SendOutboxInit {
  pageSize: number;
}

const columns: Column<OutboxRow>[] = [
  {
    id: 'recipient',
    header: 'Recipient',
    rowHeader: true,
    className: 'text-break',
    cell: (row) => (
      <>
        {row.href ? <a href={row.href}>{row.recipient}</a> : row.recipient}
        {row.name ? <div className="text-secondary small">{row.name}</div> : null}
      </>
    ),
  },
  { id: 'subject', header: 'Subject', className: 'text-break', cell: (row) => row.subject },
  {
    id: 'kept',
    header: 'Kept',
    className: 'text-nowrap',
    cell: (row) => (row.kept ? <time dateTime={row.kept.iso}>{row.kept.text}</time> : 'Not in the outbox (sent through the mail server)'),
  },
];

/** 'In the outbox': every copy of the send as it would have gone out, each opening its message. */
export default function OutboxMessages(props: OutboxMessagesProps) {
  const [store] = useState(() => createSendOutboxStore(props));
  const view = useStore(store.$view);
  useEffect(() => store.listenToHistory(), [store]);

  return (
    <section className="card mb-3" aria-labelledby="outbox-messages-title">
      <div className="card-header">
        <h2 className="card-title" id="outbox-messages-title">
          In the outbox
        </h2>
      </div>
      <DataTable
        caption="Messages kept in the outbox"
        columns={columns}
        rows={view.rows}
        rowKey={(row) => `${row.recipient}:${row.outbox_id ?? ''}`}
        loading={view.loading}
        id="outbox-messages"
        empty={<EmptyState title="Nothing in the outbox yet">Each recipient’s copy appears here as it is kept.</EmptyState>}
      />
      <div className="card-footer list-footer">
        <ListStatus loading={view.loading} loadingText="Loading messages..." page={view.page} pageSize={props.pageSize} total={view.total} count={view.rows.length} noun="message" />
        <Pagination page={view.page} totalPages={view.totalPages} label="Outbox pages" hrefFor={store.hrefFor} onPage={(page) => void store.goToPage(page)} />
      </div>
    </section>
  );
}
