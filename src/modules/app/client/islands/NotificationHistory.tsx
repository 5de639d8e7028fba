import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import '../../../../ui/islands/ui.css';
import './app.css';
import { ListStatus } from '../../../../ui/islands/list/ListStatus';
import { Pagination } from '../../../../ui/islands/list/Pagination';
import { NotificationsTable } from './NotificationsTable';
import { createHistoryStore, type HistoryStoreInit } from '../stores/history';
import { SEND_PATH } from '../../notifications';

export type NotificationHistoryProps = HistoryStoreInit;

/** Every notification the school sent, newest first, a page at a time, with how many devices each reached. */
export default function NotificationHistory(props: NotificationHistoryProps) {
  const [store] = useState(() => createHistoryStore(props));
  const list = useStore(store.$list);

  useEffect(() => store.listenToHistory(), [store]);
  useEffect(() => store.followSending(), [store]);

  return (
    <div className="card">
      <div className="card-header list-toolbar">
        <a className="btn btn-primary list-toolbar-end" href={SEND_PATH}>
          Send Notification
        </a>
      </div>
      <NotificationsTable rows={list.rows} caption="Sent notifications, newest first" loading={list.loading} id="notifications-table" />
      <div className="card-footer list-footer">
        <ListStatus
          loading={list.loading}
          loadingText="Loading notifications..."
          page={list.page}
          pageSize={list.pageSize}
          total={list.total}
          count={list.rows.length}
          noun="notification"
          query=""
        />
        <Pagination
          page={list.page}
          totalPages={list.totalPages}
          label="Sent notifications pagination"
          hrefFor={(page) => store.hrefFor({ page, query: '' })}
          onPage={(page) => void store.goToPage(page)}
        />
      </div>
    </div>
  );
}
