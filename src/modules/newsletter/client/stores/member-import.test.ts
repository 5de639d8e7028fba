import { describe, expect, it, vi } from 'vitest';
import { aFile, toastTexts, useFakeBrowser } from '../../../../ui/stores/test-support';
import { newsletterApi } from '../../calls';
import type { ImportSummary } from '../../contract';
import { createMemberImportStore, importedText } from './member-import';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

const summary = (dryRun: boolean, added: number): ImportSummary => ({
  rows: added + 2,
  added,
  existing: 1,
  suppressed: 0,
  invalid: 1,
  problems: [{ row: 3, reason: 'Not a valid email address.' }],
  dryRun,
});

describe('Import members', () => {
  const browser = useFakeBrowser('/newsletter/manage/import');

  it('checks the file, then imports it once confirmed and is ready for another file', async () => {
    browser.api.answer(newsletterApi.importMembers, { summary: summary(true, 1200) }).answer(newsletterApi.importMembers, { summary: summary(false, 1200) });
    const store = createMemberImportStore();
    const file = aFile('members.csv', 'name,email\n');

    const checking = store.check(file);
    expect(store.$state.get()).toEqual({ step: 'checking', file });
    await checking;
    expect(store.$state.get()).toEqual({ step: 'checked', file, summary: summary(true, 1200) });

    expect(await store.confirm()).toEqual(summary(false, 1200));
    expect(store.$state.get()).toEqual({ step: 'idle' });
    expect(toastTexts()).toEqual(['success: 1,200 members have been added to your mailing list.']);
    expect(browser.api.sentTo(newsletterApi.importMembers).map((c) => c.form?.['dryRun'])).toEqual(['true', 'false']);
  });

  it('shows the server’s reason for refusing the file and keeps the file', async () => {
    browser.api.refuse(newsletterApi.importMembers, { message: 'The file is not UTF-8 text. Save it as “CSV UTF-8” and try again.' });
    const store = createMemberImportStore();
    const file = aFile('members.xlsx');

    await store.check(file);
    expect(store.$state.get()).toEqual({ step: 'failed', file, message: 'The file is not UTF-8 text. Save it as “CSV UTF-8” and try again.' });
    // Nothing checked: nothing to confirm.
    expect(await store.confirm()).toBeNull();
    expect(browser.api.sentTo(newsletterApi.importMembers)).toHaveLength(1);
  });

  it('is idle again after a reset', async () => {
    browser.api.answer(newsletterApi.importMembers, { summary: summary(true, 3) });
    const store = createMemberImportStore();
    await store.check(aFile('members.csv'));
    store.reset();
    expect(store.$state.get()).toEqual({ step: 'idle' });
  });

  it('counts one member in the singular', () => {
    expect(importedText(1)).toBe('1 member has been added to your mailing list.');
  });
});
