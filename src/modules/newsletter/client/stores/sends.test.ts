import { describe, expect, it, vi } from 'vitest';
import { toastTexts, useFakeBrowser } from '../../../../ui/stores/test-support';
import { newsletterApi } from '../../calls';
import type { SendStatus, SendSummary } from '../../contract';
import { toSendRow } from '../../sends';
import { createSendsStore, PROGRESS_POLL_MS } from './sends';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

const TZ = 'Europe/London';

const summary = (id: number, status: SendStatus, sent: number): SendSummary => ({
  id,
  subject: `Newsletter ${id}`,
  from: 'Hill School',
  status,
  total: 10,
  counts: { pending: 10 - sent, sent, failed: 0, suppressed: 0, cancelled: 0 },
  bounces: { bounced: 0, complained: 0 },
  created_at: 1_740_000_000 + id,
  finished_at: status === 'done' ? 1_740_000_500 : null,
});

function createStore(page: number, sends: SendSummary[]) {
  return createSendsStore({ initial: { rows: sends.map((s) => toSendRow(s, TZ)), page, query: '', totalPages: 2, total: 12, pageSize: 10 }, timeZone: TZ, pageSize: 10 });
}

describe('Sent newsletters', () => {
  const browser = useFakeBrowser('/newsletter/sent');

  it('shows another page of sends', async () => {
    browser.api.answer(newsletterApi.sends, { sends: [summary(1, 'done', 10)], total_pages: 2, total: 12, outbox: false });
    const store = createStore(1, [summary(2, 'done', 10)]);

    expect(await store.goToPage(2)).toBe(true);
    expect(browser.api.sentTo(newsletterApi.sends).map((c) => c.url)).toEqual(['/api/newsletter/sends?page=2&limit=10']);
    expect(store.$list.get().rows.map((r) => [r.subject, r.progressText])).toEqual([['Newsletter 1', '10 of 10 sent']]);
  });

  it('follows the page’s progress while a send on it is sending, quietly, and no longer once none is', async () => {
    vi.useFakeTimers();
    browser.api
      .refuse(newsletterApi.sends)
      .answer(newsletterApi.sends, { sends: [summary(12, 'sending', 6), summary(11, 'done', 10)], total_pages: 2, total: 12, outbox: false })
      .answer(newsletterApi.sends, { sends: [summary(12, 'done', 10), summary(11, 'done', 10)], total_pages: 2, total: 12, outbox: false });
    const store = createStore(2, [summary(12, 'sending', 2), summary(11, 'done', 10)]);

    const stop = store.followProgress();
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS);
    expect(store.$list.get().rows[0]?.progressText).toBe('2 of 10 sent');
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS);
    expect(store.$list.get().rows[0]).toMatchObject({ progressText: '6 of 10 sent', percent: 60 });
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS);
    expect(store.$list.get().rows[0]).toMatchObject({ status: 'done', percent: 100 });
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS * 3);
    stop();

    expect(browser.api.sentTo(newsletterApi.sends).map((c) => c.url)).toEqual(Array(3).fill('/api/newsletter/sends?page=2&limit=10'));
    expect(toastTexts()).toEqual([]);
  });

  it('asks nothing when nothing on the page is sending', async () => {
    vi.useFakeTimers();
    const store = createStore(1, [summary(2, 'paused', 3), summary(1, 'done', 10)]);
    const stop = store.followProgress();
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS * 3);
    stop();
    expect(browser.api.sent).toEqual([]);
  });
});
