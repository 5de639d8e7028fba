import { describe, expect, it, vi } from 'vitest';
import { toastTexts, useFakeBrowser } from '../../../../ui/stores/test-support';
import { newsletterApi } from '../../calls';
import type { SendStatus, SendSummary } from '../../contract';
import { toSendRow } from '../../sends';
import { createSendViewStore } from './send-view';
import { PROGRESS_POLL_MS } from './sends';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

const TZ = 'Europe/London';

const summary = (status: SendStatus, sent: number, failed = 0): SendSummary => ({
  id: 5,
  subject: 'June news',
  from: 'Hill School',
  status,
  total: 10,
  counts: { pending: 10 - sent - failed, sent, failed, suppressed: 0, cancelled: 0 },
  bounces: { bounced: 0, complained: 0 },
  created_at: 1_740_000_000,
  finished_at: null,
});

const detail = (status: SendStatus, sent: number, failed = 0) => ({
  send: { ...summary(status, sent, failed), html: '<p>Hi</p>', text: 'Hi', attachment: null },
  failures: Array.from({ length: failed }, (_, i) => ({ email: `bad${i}@home.test`, response: '550 No such user' })),
  bounces: [],
  outbox: false,
});

const createStore = (status: SendStatus = 'sending', sent = 2) => createSendViewStore({ send: toSendRow(summary(status, sent), TZ), failures: [], timeZone: TZ });

describe('A sent newsletter', () => {
  const browser = useFakeBrowser('/newsletter/sent/view?id=5');

  it('pauses, resumes and cancels the send, showing its progress as the server answers', async () => {
    browser.api
      .answer(newsletterApi.pauseSend, { send: summary('paused', 3) })
      .answer(newsletterApi.resumeSend, { send: summary('sending', 3) })
      .answer(newsletterApi.cancelSend, { send: { ...summary('cancelled', 3), counts: { pending: 0, sent: 3, failed: 0, suppressed: 0, cancelled: 7 } } });
    const store = createStore();

    expect(await store.change('pause')).toBe(true);
    expect(store.$send.get().status).toBe('paused');
    expect(await store.change('resume')).toBe(true);
    expect(await store.change('cancel')).toBe(true);
    expect(store.$send.get()).toMatchObject({ status: 'cancelled', progressText: '3 of 10 sent, 7 cancelled' });

    expect(browser.api.sent.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/newsletter/sends/5/pause',
      'POST /api/newsletter/sends/5/resume',
      'POST /api/newsletter/sends/5/cancel',
    ]);
    expect(toastTexts()).toEqual([
      'success: The newsletter is paused.',
      'success: The newsletter is sending again.',
      'success: The newsletter is cancelled: nobody else will receive it.',
    ]);
  });

  it('says why a change was refused and shows the send as it was', async () => {
    browser.api.refuse(newsletterApi.pauseSend, { message: 'The newsletter has finished sending.' });
    const store = createStore();

    expect(await store.change('pause')).toBe(false);
    expect(store.$send.get().status).toBe('sending');
    expect(store.$busy.get()).toBe(false);
    expect(toastTexts()).toEqual(['error: The newsletter has finished sending.']);
  });

  it('makes one change at a time', async () => {
    const held = browser.api.hold(newsletterApi.pauseSend);
    const store = createStore();

    const pausing = store.change('pause');
    expect(store.$busy.get()).toBe(true);
    expect(await store.change('cancel')).toBe(false);
    held.answer({ send: summary('paused', 2) });
    expect(await pausing).toBe(true);
    expect(browser.api.sent.map((c) => c.path)).toEqual(['/api/newsletter/sends/5/pause']);
  });

  it('follows the progress and the failed addresses while it is sending, and stops asking once it is done', async () => {
    vi.useFakeTimers();
    browser.api.answer(newsletterApi.send, detail('sending', 6, 1)).answer(newsletterApi.send, detail('done', 9, 1));
    const store = createStore();

    const stop = store.followProgress();
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS);
    expect(store.$send.get().progressText).toBe('6 of 10 sent, 1 failed');
    expect(store.$failures.get()).toEqual([{ email: 'bad0@home.test', response: '550 No such user' }]);
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS);
    expect(store.$send.get().status).toBe('done');
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS * 3);
    stop();

    expect(browser.api.sentTo(newsletterApi.send).map((c) => c.path)).toEqual(['/api/newsletter/sends/5', '/api/newsletter/sends/5']);
  });

  it('ignores an answer that arrives after it stopped following', async () => {
    vi.useFakeTimers();
    const held = browser.api.hold(newsletterApi.send);
    const store = createStore();

    const stop = store.followProgress();
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS);
    stop();
    held.answer(detail('done', 10));
    await vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS);

    expect(store.$send.get().status).toBe('sending');
  });
});
