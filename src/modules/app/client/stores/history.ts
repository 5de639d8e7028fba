/**
 * App > Send Notification's history (/app/send/history): every notification the school sent,
 * newest first, a page at a time (the shared list store: the page in the address), the page's
 * notifications followed while their pushes go out.
 */
import { send } from '../../../../lib/browser/send';
import { every } from '../../../../lib/browser/poll';
import { appApi } from '../../calls';
import { MAX_QUERY_LENGTH } from '../../../../lib/lists/paging';
import { createListStore, type ListStore, type ListView } from '../../../../ui/stores/list';
import { HISTORY_PATH, isSending, toNotificationRow, type NotificationRow } from '../../notifications';
import { FOLLOW_MS } from './send';

export interface HistoryStoreInit {
  initial: ListView<NotificationRow>;
  timeZone: string;
  pageSize: number;
}

export interface HistoryStore extends ListStore<NotificationRow> {
  /** Asks again about the page while a notification on it is still going out; returns the stop. */
  followSending(): () => void;
}

export function createHistoryStore({ initial, timeZone, pageSize }: HistoryStoreInit): HistoryStore {
  const list = createListStore<NotificationRow>(
    {
      path: HISTORY_PATH,
      maxQueryLength: MAX_QUERY_LENGTH,
      async fetchPage(location) {
        const res = await send(appApi.notifications, { query: { page: location.page, limit: pageSize } });
        if (!res) return null;
        return { rows: res.notifications.map((n) => toNotificationRow(n, timeZone)), totalPages: res.total_pages, total: res.total };
      },
    },
    initial,
  );
  return {
    ...list,
    followSending() {
      return every(FOLLOW_MS, async () => {
        const { page, rows } = list.$list.get();
        if (!rows.some(isSending)) return;
        // Quietly: a missed refresh is asked again.
        const res = await send(appApi.notifications, { query: { page, limit: pageSize } }, { onFailure: 'silent' });
        if (!res) return;
        const fresh = new Map(res.notifications.map((n) => [n.id, toNotificationRow(n, timeZone)]));
        list.updateRows(
          (row) => fresh.has(row.id),
          (row) => fresh.get(row.id) ?? row,
        );
      });
    },
  };
}
