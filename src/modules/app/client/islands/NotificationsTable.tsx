import type { RefObject } from 'react';
import { DataTable, type Column } from '../../../../ui/islands/list/DataTable';
import { EmptyState } from '../../../../ui/islands/list/EmptyState';
import type { NotificationRow } from '../../notifications';

export interface NotificationsTableProps {
  rows: readonly NotificationRow[];
  caption: string;
  loading?: boolean;
  id: string;
  tableRef?: RefObject<HTMLTableElement | null>;
}

const COLUMNS: Column<NotificationRow>[] = [
  {
    id: 'sent',
    header: 'Sent',
    className: 'text-nowrap',
    cell: (row) => <time dateTime={row.sent.iso}>{row.sent.text}</time>,
  },
  {
    id: 'notification',
    header: 'Notification',
    rowHeader: true,
    cell: (row) => (
      <>
        <span className="notification-title">{row.title}</span>
        <span className="notification-message text-secondary">{row.message}</span>
      </>
    ),
  },
  {
    id: 'post',
    header: 'Post',
    cell: (row) => (
      <a href={row.url} target="_blank" rel="noopener noreferrer">
        {row.postTitle.trim() || '(no title)'}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    ),
  },
  {
    id: 'devices',
    header: 'Devices',
    className: 'text-nowrap',
    // Sending figures move while pushes go out: the cell says so as they do.
    cell: (row) => <span aria-live={row.status === 'sending' ? 'polite' : undefined}>{row.reach}</span>,
  },
];

/** Sent notifications: when, what it said, the post it opens, and how many devices it reached. */
export function NotificationsTable({ rows, caption, loading = false, id, tableRef }: NotificationsTableProps) {
  return (
    <DataTable
      caption={caption}
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => row.id}
      loading={loading}
      id={id}
      {...(tableRef ? { tableRef } : {})}
      empty={<EmptyState title="No notifications sent yet">Use Send Notification on a post to send the first one.</EmptyState>}
    />
  );
}
