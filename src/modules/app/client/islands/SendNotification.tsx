import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import '../../../../ui/islands/ui.css';
import './app.css';
import type { Column } from '../../../../ui/islands/list/DataTable';
import { SearchableListCard } from '../../../../ui/islands/list/SearchableListCard';
import { PostListChoices, postColumns } from '../../../website/client';
import { NotificationsTable } from './NotificationsTable';
import { SendNotificationDialog } from './SendNotificationDialog';
import { createSendStore, type SendStoreInit } from '../stores/send';
import { postListChoice } from '../../../website';
import { HISTORY_PATH, SEND_PATH, type SendPostRow } from '../../notifications';
import { MAX_QUERY_LENGTH } from '../../../../lib/lists/paging';

export type SendNotificationProps = SendStoreInit;

/** Why a row's Send Notification does nothing: said by its description, for every user. */
const NOT_PUBLIC_REASON = 'Only a published post can be sent as a notification: it opens the post on your website.';

/** One post's Send Notification: a button for a post on the public site, else a described, inert one. */
function SendButton({ row, onSend }: { row: SendPostRow; onSend: (row: SendPostRow) => void }) {
  const reasonId = useId();
  const sendable = row.state === 'public';
  return sendable ? (
    <button type="button" className="btn btn-sm btn-primary" aria-label={`Send Notification: ${row.title}`} onClick={() => onSend(row)}>
      Send Notification
    </button>
  ) : (
    <>
      {/* aria-disabled, not disabled: keyboard and screen-reader users reach it and hear why. */}
      <button
        type="button"
        className="btn btn-sm disabled"
        aria-disabled="true"
        aria-label={`Send Notification: ${row.title}`}
        aria-describedby={reasonId}
        title={NOT_PUBLIC_REASON}
        onClick={(event) => event.preventDefault()}
      >
        Send Notification
      </button>
      <span id={reasonId} className="visually-hidden">
        {NOT_PUBLIC_REASON}
      </span>
    </>
  );
}

/**
 * App > Send Notification: the website's posts (Manage Posts' list: its search, choices, columns
 * and paging), each with Send Notification, and the notifications sent lately with how many
 * devices each reached (followed while they go out).
 */
export default function SendNotification(props: SendNotificationProps) {
  const [store] = useState(() => createSendStore(props));
  const list = useStore(store.$list);
  const recent = useStore(store.$recent);
  const [sending, setSending] = useState<SendPostRow | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const choice = postListChoice(list);

  useEffect(() => store.listenToHistory(), [store]);
  useEffect(() => store.followRecent(), [store]);

  const columns: Column<SendPostRow>[] = [
    ...postColumns<SendPostRow>(),
    {
      id: 'actions',
      header: 'Actions',
      className: 'text-end',
      cell: (row) => (
        <div className="row-actions">
          <SendButton row={row} onSend={setSending} />
        </div>
      ),
    },
  ];

  return (
    <>
      <SearchableListCard
        list={list}
        onSearch={(query) => void store.search(query)}
        queryMaxLength={MAX_QUERY_LENGTH}
        onPage={(page) => void store.goToPage(page)}
        pageHref={(page) => store.hrefFor({ page, query: list.query, filters: list.filters })}
        path={SEND_PATH}
        noun="post"
        caption="Posts"
        newHref="/website/posts/edit?new"
        newLabel="New Post"
        filtered={choice.status !== 'all'}
        controls={<PostListChoices choice={choice} onChange={(name, value) => void store.setFilter(name, value)} />}
        columns={columns}
        rowKey={(row) => row.id}
        id="send-posts-table"
        tableRef={tableRef}
      />
      <section className="card mt-4 recent-notifications" aria-labelledby="recent-notifications-title">
        <div className="card-header">
          <h2 className="card-title" id="recent-notifications-title">
            Sent notifications
          </h2>
        </div>
        <NotificationsTable rows={recent} caption="Notifications sent lately, newest first" id="recent-notifications-table" />
        <div className="card-footer">
          <a href={HISTORY_PATH}>All sent notifications</a>
        </div>
      </section>
      {sending ? <SendNotificationDialog store={store} row={sending} onClose={() => setSending(null)} fallbackFocus={() => tableRef.current} /> : null}
    </>
  );
}
