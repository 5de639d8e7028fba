import { describe, expect, it, vi } from 'vitest';
import { toastTexts, useFakeBrowser } from '../../../../ui/stores/test-support';
import { appApi } from '../../calls';
import type { Notification } from '../../contract';
import { toNotificationRow } from '../../notifications';
import { createHistoryStore } from './history';
import { FOLLOW_MS } from './send';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

const TZ = 'Europe/London';

const notification = (id: number, status: Notification['status'], delivered = 4): Notification => ({
  id,
  sentAt: 1_740_000_000 + id * 60,
  title: `Title ${id}`,
  message: `Message ${id}`,
  postId: 7,
  postTitle: 'Sports day',
  url: 'https://school.test/?p=7',
  devices: 4,
  delivered,
  status,
});

function createStore(page: number, notifications: Notification[]) {
  return createHistoryStore({
    initial: { rows: notifications.map((n) => toNotificationRow(n, TZ)), page, query: '', totalPages: 3, total: 25, pageSize: 10 },
    timeZone: TZ,
    pageSize: 10,
  });
}

describe('App > Send Notification > History', () => {
  const browser = useFakeBrowser('/app/send/history');

  it('shows another page of the sent notifications, and Back shows the one before', async () => {
    browser.api
      .answer(appApi.notifications, { notifications: [notification(11, 'done')], total_pages: 3, total: 25 })
      .answer(appApi.notifications, { notifications: [notification(1, 'done')], total_pages: 3, total: 25 });
    const store = createStore(1, [notification(1, 'done')]);
    const stopListening = store.listenToHistory();

    expect(await store.goToPage(2)).toBe(true);
    expect(store.$list.get().rows.map((r) => [r.title, r.reach])).toEqual([['Title 11', '4 of 4 devices']]);
    expect(browser.window.steps).toEqual(['push /app/send/history?page=2']);

    browser.window.popTo('/app/send/history');
    await vi.waitFor(() => expect(store.$list.get().page).toBe(1));
    stopListening();

    expect(browser.api.sentTo(appApi.notifications).map((c) => c.url)).toEqual([
      '/api/app/send/notifications?page=2&limit=10',
      '/api/app/send/notifications?page=1&limit=10',
    ]);
    expect(store.$list.get().rows.map((r) => r.id)).toEqual([1]);
  });

  it('keeps the page shown, with the generic toast, when another cannot be loaded', async () => {
    browser.api.refuse(appApi.notifications);
    const store = createStore(1, [notification(1, 'done')]);

    expect(await store.goToPage(3)).toBe(false);
    expect(store.$list.get()).toMatchObject({ page: 1, loading: false });
    expect(toastTexts()).toEqual(['error: Failed! Please try again!']);
  });

  it('follows the page’s notifications still going out, row by row, and stops when none is', async () => {
    vi.useFakeTimers();
    browser.api
      .answer(appApi.notifications, { notifications: [notification(12, 'sending', 3), notification(11, 'done')], total_pages: 3, total: 25 })
      .answer(appApi.notifications, { notifications: [notification(12, 'done', 4), notification(11, 'done')], total_pages: 3, total: 25 });
    const store = createStore(2, [notification(12, 'sending', 1), notification(11, 'done')]);

    const stop = store.followSending();
    await vi.advanceTimersByTimeAsync(FOLLOW_MS);
    expect(store.$list.get().rows.map((r) => r.reach)).toEqual(['Sending… 3 of 4', '4 of 4 devices']);
    await vi.advanceTimersByTimeAsync(FOLLOW_MS);
    expect(store.$list.get().rows.map((r) => r.reach)).toEqual(['4 of 4 devices', '4 of 4 devices']);
    await vi.advanceTimersByTimeAsync(FOLLOW_MS * 3);
    stop();

    expect(browser.api.sentTo(appApi.notifications).map((c) => c.url)).toEqual(Array(2).fill('/api/app/send/notifications?page=2&limit=10'));
  });
});
