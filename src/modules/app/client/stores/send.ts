/**
 * App > Send Notification: the website's post list (the shared list store: the same paging,
 * search and choices as Manage Posts, through the app's own call so the App product alone opens
 * it), sending a notification for a post, and the notifications sent lately, followed while their
 * pushes go out.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { send } from '../../../../lib/browser/send';
import { GENERIC_FAILURE } from '../../../../lib/browser/api-client';
import { showToast } from '../../../../lib/browser/toast';
import { every } from '../../../../lib/browser/poll';
import { appApi } from '../../calls';
import { NOTIFICATION_FIELDS_REQUIRED, NOTIFICATION_NO_DEVICES, notificationSent } from '../../rules';
import { MAX_QUERY_LENGTH } from '../../../../lib/lists/paging';
import { createListStore, type ListStore, type ListView } from '../../../../ui/stores/list';
import { POSTS_FAILURE, postsQuery, POSTS_LIST_FILTERS } from '../../../website';
import { isSending, RECENT_COUNT, SEND_PATH, toNotificationRow, toSendPostRow, type NotificationRow, type SendPostRow } from '../../notifications';

/** How often a notification still going out is asked about. */
export const FOLLOW_MS = 2000;

export interface SendStoreInit {
  initial: ListView<SendPostRow>;
  recent: NotificationRow[];
  timeZone: string;
  pageSize: number;
}

/** What became of a send: on failure, the server's reason for the dialog (none when the toast already said it). */
export type SendOutcome = { ok: true } | { ok: false; message?: string };

export interface SendStore extends ListStore<SendPostRow> {
  /** The latest notifications sent, newest first. */
  $recent: ReadableAtom<NotificationRow[]>;
  /** A send is on its way. */
  $sending: ReadableAtom<boolean>;
  /** Sends a notification that opens the post; the recent list shows it at once. */
  send(row: SendPostRow, text: { title: string; message: string }): Promise<SendOutcome>;
  /** Asks again about notifications still going out, while there are any; returns the stop. */
  followRecent(): () => void;
}

export function createSendStore({ initial, recent, timeZone, pageSize }: SendStoreInit): SendStore {
  const list = createListStore<SendPostRow>(
    {
      path: SEND_PATH,
      maxQueryLength: MAX_QUERY_LENGTH,
      filters: POSTS_LIST_FILTERS,
      async fetchPage(location) {
        const res = await send(appApi.posts, { query: postsQuery(location, pageSize) }, { onFailure: POSTS_FAILURE });
        if (!res) return null;
        return { rows: res.posts.map((post) => toSendPostRow(post, timeZone)), totalPages: res.total_pages, total: res.total };
      },
    },
    initial,
  );
  const $recent = atom<NotificationRow[]>(recent);
  const $sending = atom(false);

  async function refreshRecent(): Promise<void> {
    // Quietly: a missed refresh is asked again, and a toast every two seconds would help nobody.
    const res = await send(appApi.notifications, { query: { page: 1, limit: RECENT_COUNT } }, { onFailure: 'silent' });
    if (res) $recent.set(res.notifications.map((n) => toNotificationRow(n, timeZone)));
  }

  return {
    ...list,
    $recent,
    $sending,
    async send(row, text) {
      const title = text.title.trim();
      const message = text.message.trim();
      if (!title || !message) return { ok: false, message: NOTIFICATION_FIELDS_REQUIRED };
      if ($sending.get()) return { ok: false };
      $sending.set(true);
      try {
        let reason: string | undefined;
        // The server's reason (a hidden post, a field too long) is said in the dialog, next to what to change.
        const res = await send(
          appApi.sendNotification,
          { body: { postId: row.id, title, message } },
          {
            onFailure: (failure) => {
              reason = failure.message;
            },
          },
        );
        if (!res) return { ok: false, message: reason ?? GENERIC_FAILURE };
        $recent.set([toNotificationRow(res.notification, timeZone), ...$recent.get().filter((n) => n.id !== res.notification.id)].slice(0, RECENT_COUNT));
        const { devices } = res.notification;
        void (devices > 0 ? showToast(notificationSent(devices), { type: 'success' }) : showToast(NOTIFICATION_NO_DEVICES, { type: 'info' }));
        return { ok: true };
      } finally {
        $sending.set(false);
      }
    },
    followRecent() {
      return every(FOLLOW_MS, async () => {
        if ($recent.get().some(isSending)) await refreshRecent();
      });
    },
  };
}
