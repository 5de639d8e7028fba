/**
 * Sent newsletters (/newsletter/sent): the paged list of sends, and their live progress: while a
 * send on the page is still sending, the page's rows are asked for again every few seconds.
 */
import { send } from '../../../../lib/browser/send';
import { newsletterApi } from '../../calls';
import { MAX_QUERY_LENGTH } from '../../../../lib/lists/paging';
import { listQuery } from '../../../../lib/lists/location';
import { every } from '../../../../lib/browser/poll';
import { isLive, SENT_PATH, toSendRow, type SendRow } from '../../sends';
import { createListStore, type ListStore, type ListView } from '../../../../ui/stores/list';

export const PROGRESS_POLL_MS = 3000;

export interface SendsStoreInit {
  initial: ListView<SendRow>;
  timeZone: string;
  pageSize: number;
}

export interface SendsStore extends ListStore<SendRow> {
  /** Refreshes the page's rows every few seconds while one is sending; returns the stop. */
  followProgress(): () => void;
}

export function createSendsStore({ initial, timeZone, pageSize }: SendsStoreInit): SendsStore {
  const list = createListStore<SendRow>(
    {
      path: SENT_PATH,
      maxQueryLength: MAX_QUERY_LENGTH,
      async fetchPage(location) {
        const res = await send(newsletterApi.sends, { query: listQuery(location, pageSize) });
        if (!res) return null;
        return { rows: res.sends.map((s) => toSendRow(s, timeZone)), totalPages: res.total_pages, total: res.total };
      },
    },
    initial,
  );

  return {
    ...list,
    followProgress() {
      return every(PROGRESS_POLL_MS, async (stopped) => {
        const { rows, page } = list.$list.get();
        if (!rows.some(isLive)) return;
        // Quietly: a failed refresh is tried again at the next tick, without a toast.
        const res = await send(newsletterApi.sends, { query: listQuery({ page, query: '' }, pageSize) }, { onFailure: 'silent' });
        if (!res || stopped()) return;
        const fresh = new Map(res.sends.map((s) => [s.id, toSendRow(s, timeZone)]));
        list.updateRows((row) => fresh.has(row.id), (row) => fresh.get(row.id) ?? row);
      });
    },
  };
}
