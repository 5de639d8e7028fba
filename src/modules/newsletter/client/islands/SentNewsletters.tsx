import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import '../../../../ui/islands/ui.css';
import './newsletter.css';
import { DataTable, type Column } from '../../../../ui/islands/list/DataTable';
import { EmptyState } from '../../../../ui/islands/list/EmptyState';
import { ListStatus } from '../../../../ui/islands/list/ListStatus';
import { Pagination } from '../../../../ui/islands/list/Pagination';
import { SendProgress } from './SendProgress';
import { createSendsStore, type SendsStoreInit } from '../stores/sends';
import { sendViewHref, type SendRow } from '../../sends';

export type SentNewslettersProps = SendsStoreInit;

const columns: Column<SendRow>[] = [
  { id: 'date', header: 'Date', className: 'text-nowrap', cell: (row) => <time dateTime={row.date.iso}>{row.date.text}</time> },
  {
    id: 'subject',
    header: 'Subject',
    rowHeader: true,
    cell: (row) => <a href={sendViewHref(row.id)}>{row.subject}</a>,
  },
  { id: 'from', header: 'From', cell: (row) => row.from },
  { id: 'recipients', header: 'Recipients', cell: (row) => row.total },
  { id: 'progress', header: 'Progress', className: 'send-progress-cell', cell: (row) => <SendProgress send={row} /> },
];

/** Sent newsletters: every send of the school, newest first, its progress live while it sends. */
export default function SentNewsletters(props: SentNewslettersProps) {
  const [store] = useState(() => createSendsStore(props));
  const list = useStore(store.$list);
  useEffect(() => store.listenToHistory(), [store]);
  useEffect(() => store.followProgress(), [store]);

  return (
    <div className="card">
      <DataTable
        caption="Sent newsletters"
        columns={columns}
        rows={list.rows}
        rowKey={(row) => row.id}
        loading={list.loading}
        id="sends-table"
        empty={
          <EmptyState title="No newsletters sent yet">
            Newsletters you send appear here, with how many reached their readers.{' '}
            <a href="/newsletter/send/simple">Send a newsletter</a>
          </EmptyState>
        }
      />
      <div className="card-footer list-footer">
        <ListStatus
          loading={list.loading}
          loadingText="Loading newsletters..."
          page={list.page}
          pageSize={list.pageSize}
          total={list.total}
          count={list.rows.length}
          noun="newsletter"
        />
        <Pagination page={list.page} totalPages={list.totalPages} label="Sent newsletters pagination" hrefFor={(page) => store.hrefFor({ page, query: '' })} onPage={(page) => void store.goToPage(page)} />
      </div>
    </div>
  );
}
