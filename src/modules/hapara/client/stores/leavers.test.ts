import { describe, expect, it, vi } from 'vitest';
import { aFile, toastTexts, useFakeBrowser } from '../../../../ui/stores/test-support';
import { haparaApi } from '../../calls';
import type { LeaversSummary } from '../../contract';
import { LEAVERS_CLASS_LIST_REFUSED, LEAVERS_REQUESTED } from '../../rules';
import { createLeaversStore, requestedText } from './leavers';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

const summary = (dryRun: boolean, matched = 2): LeaversSummary => ({
  rows: 3,
  matched: Array.from({ length: matched }, (_, i) => ({ row: i + 2, firstname: `First${i}`, lastname: 'Leaver', class: '11a', index: i, email: `l${i}@school.test` })),
  ambiguous: [],
  unknown: [{ row: 4, firstname: 'Nobody', lastname: 'Known', class: '11a', reason: 'No student of this name.' }],
  pending: [],
  requested: dryRun ? 0 : matched,
  dryRun,
});

describe('Leavers upload', () => {
  const browser = useFakeBrowser('/hapara/leavers');

  it('checks the file first, then files it for real once confirmed, keeping what was done on screen', async () => {
    browser.api.answer(haparaApi.leavers, { summary: summary(true) }).answer(haparaApi.leavers, { summary: summary(false) });
    const store = createLeaversStore();
    const file = aFile('leavers.csv', 'First,Last,Class\n');

    await store.check(file);
    expect(store.$state.get()).toEqual({ step: 'checked', file, summary: summary(true) });

    const done = await store.confirm();
    expect(done).toEqual(summary(false));
    expect(store.$state.get()).toEqual({ step: 'confirmed', file, summary: summary(false) });
    expect(toastTexts()).toEqual([`success: ${LEAVERS_REQUESTED}`]);

    const forms = browser.api.sentTo(haparaApi.leavers).map((c) => c.form);
    expect(forms.map((f) => f?.['dryRun'])).toEqual(['true', 'false']);
    expect(forms.map((f) => (f?.['file'] as File | undefined)?.name)).toEqual(['leavers.csv', 'leavers.csv']);
  });

  it('has nothing to confirm when nobody matched', async () => {
    browser.api.answer(haparaApi.leavers, { summary: summary(true, 0) });
    const store = createLeaversStore();

    await store.check(aFile('leavers.csv'));
    expect(await store.confirm()).toBeNull();
    expect(browser.api.sentTo(haparaApi.leavers)).toHaveLength(1);
    expect(store.$state.get().step).toBe('checked');
  });

  it('shows the server’s reason for refusing the file, and keeps the file for another try', async () => {
    browser.api.refuse(haparaApi.leavers, { message: LEAVERS_CLASS_LIST_REFUSED });
    const store = createLeaversStore();
    const file = aFile('classes.csv');

    await store.check(file);
    expect(store.$state.get()).toEqual({ step: 'failed', file, message: LEAVERS_CLASS_LIST_REFUSED });
    // The screen says it: no toast on top.
    expect(toastTexts()).toEqual([]);
  });

  it('keeps the dry run’s summary when the real request fails', async () => {
    browser.api.answer(haparaApi.leavers, { summary: summary(true) }).dropConnection(haparaApi.leavers);
    const store = createLeaversStore();
    const file = aFile('leavers.csv');

    await store.check(file);
    expect(await store.confirm()).toBeNull();
    expect(store.$state.get()).toEqual({ step: 'failed', file, message: 'Failed! Please try again!', summary: summary(true) });
    expect(toastTexts()).toEqual([]);
  });

  it('counts the requests in words', () => {
    expect(requestedText(1)).toBe('1 deletion request has been sent to your provider for verification.');
    expect(requestedText(1200)).toBe('1,200 deletion requests have been sent to your provider for verification.');
  });
});
