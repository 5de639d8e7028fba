import { describe, expect, it, vi } from 'vitest';
import { toastTexts, useFakeBrowser } from '../../../../ui/stores/test-support';
import { appApi } from '../../calls';
import type { AppPost, Notification } from '../../contract';
import { toNotificationRow, toSendPostRow } from '../../notifications';
import { NOTIFICATION_FIELDS_REQUIRED, NOTIFICATION_NO_DEVICES, NOTIFICATION_POST_NOT_PUBLIC } from '../../rules';
import { POSTS_FAILURE } from '../../../website';
import { createSendStore, FOLLOW_MS } from './send';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

const TZ = 'Europe/London';

const post = (id: number, title: string): AppPost => ({
  id,
  post_title: title,
  post_category: 'Newsflash',
  post_date: '2025-03-01T09:00:00.000Z',
  post_status: 'publish',
  post_url: `https://school.test/?p=${id}`,
  excerpt: `About ${title}`,
});

const notification = (id: number, status: Notification['status'], delivered = 3): Notification => ({
  id,
  sentAt: 1_740_000_000 + id,
  title: `Title ${id}`,
  message: `Message ${id}`,
  postId: 1,
  postTitle: 'Sports day',
  url: 'https://school.test/?p=1',
  devices: 3,
  delivered,
  status,
});

function createStore(recent: Notification[] = []) {
  const rows = [post(1, 'Sports day'), post(2, 'Trip')].map((p) => toSendPostRow(p, TZ));
  return createSendStore({
    initial: { rows, page: 1, query: '', filters: {}, totalPages: 3, total: 25, pageSize: 10 },
    recent: recent.map((n) => toNotificationRow(n, TZ)),
    timeZone: TZ,
    pageSize: 10,
  });
}

describe('App > Send Notification', () => {
  const browser = useFakeBrowser('/app/send');

  it('shows another page of posts, with the choice in the address', async () => {
    browser.api.answer(appApi.posts, { posts: [post(11, 'Concert')], total_pages: 3, total: 25 });
    const store = createStore();

    expect(await store.goToPage(2)).toBe(true);

    expect(browser.api.sentTo(appApi.posts).map((c) => c.url)).toEqual(['/api/app/send/posts?page=2&limit=10']);
    expect(store.$list.get()).toMatchObject({ page: 2, loading: false, total: 25 });
    expect(store.$list.get().rows.map((r) => [r.title, r.excerpt])).toEqual([['Concert', 'About Concert']]);
    expect(browser.window.steps).toEqual(['push /app/send?page=2']);
  });

  it('searches hidden posts with the posts call’s words, and keeps the list with the posts’ toast on failure', async () => {
    browser.api.refuse(appApi.posts);
    const store = createStore();

    expect(await store.setFilter('status', 'hidden')).toBe(false);

    expect(browser.api.sentTo(appApi.posts)[0]?.url).toBe('/api/app/send/posts?page=1&limit=10&status=hidden');
    expect(toastTexts()).toEqual([`error: ${POSTS_FAILURE}`]);
    expect(store.$list.get().rows.map((r) => r.title)).toEqual(['Sports day', 'Trip']);
    // The address goes back to the list still shown.
    expect(browser.window.location.search).toBe('');
  });

  it('checks both fields before sending anything', async () => {
    const store = createStore();
    const [row] = store.$list.get().rows;
    if (!row) throw new Error('no row');

    expect(await store.send(row, { title: '  ', message: 'Come along' })).toEqual({ ok: false, message: NOTIFICATION_FIELDS_REQUIRED });
    expect(await store.send(row, { title: 'Sports day', message: '' })).toEqual({ ok: false, message: NOTIFICATION_FIELDS_REQUIRED });
    expect(browser.api.sent).toEqual([]);
  });

  it('sends a notification for the post, trimmed, and shows it first among the recent ones', async () => {
    const sent = notification(9, 'sending', 0);
    browser.api.answer(appApi.sendNotification, { notification: sent });
    const store = createStore([1, 2, 3, 4, 5].map((id) => notification(id, 'done')));
    const [row] = store.$list.get().rows;
    if (!row) throw new Error('no row');

    const sending = store.send(row, { title: ' Sports day ', message: ' Come along \n' });
    expect(store.$sending.get()).toBe(true);
    expect(await sending).toEqual({ ok: true });

    expect(browser.api.sentTo(appApi.sendNotification).map((c) => c.body)).toEqual([{ postId: 1, title: 'Sports day', message: 'Come along' }]);
    // Five at most: the oldest one drops off.
    expect(store.$recent.get().map((n) => [n.id, n.reach])).toEqual([
      [9, 'Sending… 0 of 3'],
      [1, '3 of 3 devices'],
      [2, '3 of 3 devices'],
      [3, '3 of 3 devices'],
      [4, '3 of 3 devices'],
    ]);
    expect(toastTexts()).toEqual(['success: Success! Your notification is on its way to 3 devices.']);
    expect(store.$sending.get()).toBe(false);
  });

  it('says plainly when no device has subscribed, and how families subscribe', async () => {
    browser.api.answer(appApi.sendNotification, { notification: { ...notification(10, 'done', 0), devices: 0 } });
    const store = createStore([]);
    const [row] = store.$list.get().rows;
    if (!row) throw new Error('no row');
    expect(await store.send(row, { title: 'Sports day', message: 'Come along' })).toEqual({ ok: true });
    expect(toastTexts()).toEqual([`info: ${NOTIFICATION_NO_DEVICES}`]);
    expect(NOTIFICATION_NO_DEVICES).toContain('Get notifications');
  });

  it('gives the dialog the server’s reason for a refusal, without a toast', async () => {
    browser.api.refuse(appApi.sendNotification, { message: NOTIFICATION_POST_NOT_PUBLIC });
    const store = createStore([notification(1, 'done')]);
    const [row] = store.$list.get().rows;
    if (!row) throw new Error('no row');

    expect(await store.send(row, { title: 'T', message: 'M' })).toEqual({ ok: false, message: NOTIFICATION_POST_NOT_PUBLIC });
    expect(toastTexts()).toEqual([]);
    expect(store.$recent.get().map((n) => n.id)).toEqual([1]);

    browser.api.dropConnection(appApi.sendNotification);
    expect(await store.send(row, { title: 'T', message: 'M' })).toEqual({ ok: false, message: 'Failed! Please try again!' });
  });

  it('follows the recent notifications while one is going out, quietly, and stops when asked', async () => {
    vi.useFakeTimers();
    browser.api
      .refuse(appApi.notifications)
      .answer(appApi.notifications, { notifications: [notification(2, 'sending', 2), notification(1, 'done')], total_pages: 1, total: 2 })
      .answer(appApi.notifications, { notifications: [notification(2, 'done', 3), notification(1, 'done')], total_pages: 1, total: 2 });
    const store = createStore([notification(2, 'sending', 0), notification(1, 'done')]);

    const stop = store.followRecent();
    await vi.advanceTimersByTimeAsync(FOLLOW_MS);
    // A failed refresh says nothing and changes nothing.
    expect(store.$recent.get()[0]?.reach).toBe('Sending… 0 of 3');
    await vi.advanceTimersByTimeAsync(FOLLOW_MS);
    expect(store.$recent.get()[0]?.reach).toBe('Sending… 2 of 3');
    await vi.advanceTimersByTimeAsync(FOLLOW_MS);
    expect(store.$recent.get()[0]?.reach).toBe('3 of 3 devices');
    // Nothing is going out any more: no more questions.
    await vi.advanceTimersByTimeAsync(FOLLOW_MS * 3);
    stop();

    expect(browser.api.sentTo(appApi.notifications).map((c) => c.url)).toEqual(Array(3).fill('/api/app/send/notifications?page=1&limit=5'));
    expect(toastTexts()).toEqual([]);
  });

  it('asks nothing once stopped', async () => {
    vi.useFakeTimers();
    const store = createStore([notification(2, 'sending', 0)]);
    const stop = store.followRecent();
    stop();
    await vi.advanceTimersByTimeAsync(FOLLOW_MS * 2);
    expect(browser.api.sent).toEqual([]);
  });
});
