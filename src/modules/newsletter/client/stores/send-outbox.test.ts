import { describe, expect, it, vi } from 'vitest';
import { toastTexts, useFakeBrowser } from '../../../../ui/stores/test-support';
import { newsletterApi } from '../../calls';
import type { SendMessage } from '../../contract';
import { createSendOutboxStore } from './send-outbox';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

const message = (n: number, kept = true): SendMessage => ({
  outbox_id: kept ? 100 + n : null,
  recipient: `m${n}@home.test`,
  name: `Member ${n}`,
  subject: 'June news',
  created_at: kept ? 1_750_000_000 : null,
});

const createStore = (page = 1) =>
  createSendOutboxStore({ sendId: 5, messages: [message(1), message(2, false)], page, totalPages: 3, total: 25, timeZone: 'Europe/London' });

describe('In the outbox', () => {
  const browser = useFakeBrowser('/newsletter/sent/view?id=5');

  it('shows each copy with its message page and local time, when it is in the outbox', () => {
    const [kept, mailed] = createStore().$view.get().rows;
    expect(kept).toMatchObject({ href: '/newsletter/sent/message?id=101', kept: { iso: '2025-06-15T15:06:40.000Z', text: '15/06/25 16:06' } });
    expect(mailed).toMatchObject({ href: null, kept: null });
  });

  it('shows another page, with the page in the address, and Back shows the one before', async () => {
    browser.api
      .answer(newsletterApi.sendMessages, { messages: [message(11)], total_pages: 3, total: 25 })
      .answer(newsletterApi.sendMessages, { messages: [message(1)], total_pages: 3, total: 25 });
    const store = createStore();
    const stop = store.listenToHistory();

    expect(await store.goToPage(2)).toBe(true);
    expect(store.$view.get()).toMatchObject({ page: 2, loading: false });
    expect(store.$view.get().rows.map((r) => r.recipient)).toEqual(['m11@home.test']);
    expect(browser.window.steps).toEqual(['push /newsletter/sent/view?id=5&page=2']);

    browser.window.popTo('/newsletter/sent/view?id=5');
    await vi.waitFor(() => expect(store.$view.get().page).toBe(1));
    stop();
    expect(browser.window.listening('popstate')).toBe(0);

    expect(browser.api.sentTo(newsletterApi.sendMessages).map((c) => c.url)).toEqual([
      '/api/newsletter/sends/5/messages?page=2',
      '/api/newsletter/sends/5/messages?page=1',
    ]);
  });

  it('keeps the page shown, and the address with it, when another cannot be loaded', async () => {
    browser.api.refuse(newsletterApi.sendMessages);
    const store = createStore();

    expect(await store.goToPage(3)).toBe(false);
    expect(store.$view.get()).toMatchObject({ page: 1, loading: false });
    expect(browser.window.steps).toEqual(['push /newsletter/sent/view?id=5&page=3', 'replace /newsletter/sent/view?id=5']);
    expect(toastTexts()).toEqual(['error: Failed! Please try again!']);
  });

  it('shows the page of the last click when two answers cross', async () => {
    const second = browser.api.hold(newsletterApi.sendMessages);
    const third = browser.api.hold(newsletterApi.sendMessages);
    const store = createStore();

    const toSecond = store.goToPage(2);
    const toThird = store.goToPage(3);
    third.answer({ messages: [message(21)], total_pages: 3, total: 25 });
    second.answer({ messages: [message(11)], total_pages: 3, total: 25 });

    expect(await toThird).toBe(true);
    expect(await toSecond).toBe(false);
    expect(store.$view.get().page).toBe(3);
    expect(store.$view.get().rows.map((r) => r.recipient)).toEqual(['m21@home.test']);
  });
});
