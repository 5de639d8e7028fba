import { describe, expect, it, vi } from 'vitest';
import { toastTexts, useFakeBrowser } from '../../../../ui/stores/test-support';
import { websiteApi } from '../../calls';
import type { Autosave } from '../../revisions-contract';
import { AUTOSAVE_DELAY_MS, createAutosaveStore, type DraftSnapshot } from './autosave';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

const saved = (label: string) => ({ saved_at: '2025-06-15T10:00:00.000Z', saved_label: label });
const OFFER: Autosave = { title: 'Sports day (draft)', content: '<p>Draft</p>', ...saved('15/06/25 11:00') };

/** The editor as the store reads it: whatever it holds now. */
function editor(start: DraftSnapshot) {
  let draft = start;
  return {
    read: () => Promise.resolve(draft),
    type(next: Partial<DraftSnapshot>) {
      draft = { ...draft, ...next };
    },
  };
}

describe('The editor’s autosave', () => {
  const browser = useFakeBrowser('/website/posts/edit?id=5');
  const baseline = { title: 'Sports day', content: '<p>Saved</p>' };

  it('sends a draft copy after the delay following a change, once however many changes came meanwhile', async () => {
    vi.useFakeTimers();
    browser.api.answer(websiteApi.autosave, saved('15/06/25 11:05'));
    const store = createAutosaveStore('post', 5);
    const page = editor(baseline);
    store.connect(page.read, baseline);

    page.type({ title: 'Sports day!' });
    store.touch();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS / 2);
    page.type({ content: '<p>More</p>' });
    store.touch();
    expect(browser.api.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS / 2);

    expect(browser.api.sentTo(websiteApi.autosave).map((c) => c.body)).toEqual([{ kind: 'post', id: 5, title: 'Sports day!', content: '<p>More</p>' }]);
    expect(store.$savedLabel.get()).toBe('15/06/25 11:05');
  });

  it('sends nothing while the draft is what the editor opened with, or what was last sent', async () => {
    vi.useFakeTimers();
    browser.api.answer(websiteApi.autosave, saved('15/06/25 11:05'));
    const store = createAutosaveStore('page', null, null, 1000);
    const page = editor(baseline);
    store.connect(page.read, baseline);

    store.touch();
    await vi.advanceTimersByTimeAsync(1000);
    expect(browser.api.sent).toEqual([]);

    page.type({ title: 'New page' });
    store.touch();
    await vi.advanceTimersByTimeAsync(1000);
    store.touch();
    await vi.advanceTimersByTimeAsync(1000);
    expect(browser.api.sentTo(websiteApi.autosave).map((c) => c.body)).toEqual([{ kind: 'page', id: null, title: 'New page', content: '<p>Saved</p>' }]);
  });

  it('says nothing when an autosave fails, and tries again at the next change', async () => {
    vi.useFakeTimers();
    browser.api.refuse(websiteApi.autosave).answer(websiteApi.autosave, saved('15/06/25 11:10'));
    const store = createAutosaveStore('post', 5, null, 1000);
    const page = editor(baseline);
    store.connect(page.read, baseline);

    page.type({ title: 'Changed' });
    store.touch();
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.$savedLabel.get()).toBeNull();
    expect(toastTexts()).toEqual([]);

    store.touch();
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.$savedLabel.get()).toBe('15/06/25 11:10');
    expect(browser.api.sentTo(websiteApi.autosave)).toHaveLength(2);
  });

  it('sends one autosave at a time: a change made while one is away follows it', async () => {
    vi.useFakeTimers();
    const first = browser.api.hold(websiteApi.autosave);
    browser.api.answer(websiteApi.autosave, saved('later'));
    const store = createAutosaveStore('post', 5, null, 1000);
    const page = editor(baseline);
    store.connect(page.read, baseline);

    page.type({ title: 'One' });
    store.touch();
    await vi.advanceTimersByTimeAsync(1000);
    page.type({ title: 'Two' });
    store.touch();
    await vi.advanceTimersByTimeAsync(1000);
    expect(browser.api.sentTo(websiteApi.autosave)).toHaveLength(1);

    first.answer(saved('first'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(browser.api.sentTo(websiteApi.autosave).map((c) => (c.body as DraftSnapshot).title)).toEqual(['One', 'Two']);
  });

  it('stops while a save is on its way (waiting for an autosave already sent), and starts again if the save failed', async () => {
    vi.useFakeTimers();
    const away = browser.api.hold(websiteApi.autosave);
    browser.api.answer(websiteApi.autosave, saved('after resume'));
    const store = createAutosaveStore('post', 5, null, 1000);
    const page = editor(baseline);
    store.connect(page.read, baseline);

    page.type({ title: 'One' });
    store.touch();
    await vi.advanceTimersByTimeAsync(1000);
    let paused = false;
    const pausing = store.pause().then(() => (paused = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(paused).toBe(false);
    away.answer(saved('first'));
    await pausing;

    page.type({ title: 'Two' });
    store.touch();
    await vi.advanceTimersByTimeAsync(5000);
    expect(browser.api.sentTo(websiteApi.autosave)).toHaveLength(1);

    store.resume();
    await vi.advanceTimersByTimeAsync(1000);
    expect(browser.api.sentTo(websiteApi.autosave).map((c) => (c.body as DraftSnapshot).title)).toEqual(['One', 'Two']);
  });

  it('asks for an autosave worth offering, and takes or discards it', async () => {
    browser.api.answer(websiteApi.getAutosave, { autosave: OFFER }).answer(websiteApi.discardAutosave, {});
    const store = createAutosaveStore('post', 5);

    await store.check();
    expect(browser.api.sentTo(websiteApi.getAutosave)[0]?.url).toBe('/api/website/autosave?kind=post&id=5');
    expect(store.$offer.get()).toEqual(OFFER);
    expect(store.take()).toEqual(OFFER);
    expect(store.$offer.get()).toBeNull();

    const other = createAutosaveStore('page', null, OFFER);
    await other.discard();
    expect(other.$offer.get()).toBeNull();
    expect(browser.api.sentTo(websiteApi.discardAutosave)[0]?.body).toEqual({ kind: 'page', id: null });
  });

  it('offers nothing when the check fails, quietly', async () => {
    browser.api.refuse(websiteApi.getAutosave);
    const store = createAutosaveStore('page', null, OFFER);
    await store.check();
    expect(browser.api.sentTo(websiteApi.getAutosave)[0]?.url).toBe('/api/website/autosave?kind=page');
    expect(store.$offer.get()).toBeNull();
    expect(toastTexts()).toEqual([]);
  });
});
