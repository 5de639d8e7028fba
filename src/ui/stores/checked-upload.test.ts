import { describe, expect, it, vi } from 'vitest';
import type { OnFailure } from '../../lib/browser/api-client';
import { aFile, toastTexts, useFakeBrowser } from './test-support';
import { createCheckedUpload } from './checked-upload';

vi.mock('../../lib/browser/toast', () => import('./test-support').then((m) => m.fakeToastModule));

interface Summary {
  rows: number;
}

/** The screen's call as the store makes it: each answer waits for the test. */
function uploads() {
  const calls: Array<{ file: File; dryRun: boolean; onFailure: OnFailure; answer: (summary: Summary | null, message?: string) => void }> = [];
  const upload = (file: File, dryRun: boolean, onFailure: OnFailure) =>
    new Promise<{ summary: Summary } | null>((resolve) =>
      calls.push({
        file,
        dryRun,
        onFailure,
        answer(summary, message) {
          if (!summary && typeof onFailure === 'function') onFailure({ success: false, isAuthFailed: false, ...(message ? { message } : {}) });
          resolve(summary && { summary });
        },
      }),
    );
  return { calls, upload };
}

describe('A checked upload (dry run, then the real thing)', () => {
  useFakeBrowser('/newsletter/manage/import');

  it('confirms once however often Confirm is pressed while it is on its way', async () => {
    const { calls, upload } = uploads();
    const store = createCheckedUpload<Summary>({ upload, confirmedText: (s) => `${s.rows} done` });
    const file = aFile('list.csv');

    const checking = store.check(file);
    calls[0]?.answer({ rows: 3 });
    await checking;
    const first = store.confirm();
    expect(store.$state.get()).toEqual({ step: 'confirming', file });
    expect(await store.confirm()).toBeNull();
    calls[1]?.answer({ rows: 3 });

    expect(await first).toEqual({ rows: 3 });
    expect(calls.map((c) => c.dryRun)).toEqual([true, false]);
    expect(toastTexts()).toEqual(['success: 3 done']);
  });

  it('says the generic failure when the refusal gives no reason', async () => {
    const { calls, upload } = uploads();
    const store = createCheckedUpload<Summary>({ upload, confirmedText: () => '' });
    const file = aFile('list.csv');

    const checking = store.check(file);
    calls[0]?.answer(null);
    await checking;
    expect(store.$state.get()).toEqual({ step: 'failed', file, message: 'Failed! Please try again!' });
  });
});
