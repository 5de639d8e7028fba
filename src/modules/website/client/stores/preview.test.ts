import { describe, expect, it, vi } from 'vitest';
import { toastTexts, useFakeBrowser } from '../../../../ui/stores/test-support';
import { websiteApi } from '../../calls';
import { createEditorStore } from './editor';
import { PREVIEW_FAILURE, requestPreview } from './preview';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

const CATEGORIES = [
  { id: 1, name: 'Newsflash' },
  { id: 2, name: 'Sports' },
];
const PREVIEW = { url: 'https://school.test/preview/abc', expires_at: '2025-06-15T11:00:00.000Z' };

describe('The editor’s Preview', () => {
  const browser = useFakeBrowser('/website/posts/edit?id=5');

  it('sends the content being edited with the post’s ticked categories, and answers the preview’s address', async () => {
    browser.api.answer(websiteApi.preview, PREVIEW);
    const store = createEditorStore({ kind: 'post', mode: 'edit', item: { id: 5, title: 'Sports day', content: '', categoryIds: [2] }, categories: CATEGORIES });

    expect(await requestPreview('post', 5, { title: 'Sports day!', content: '<p>Unsaved</p>' }, store)).toBe(PREVIEW.url);
    expect(browser.api.sentTo(websiteApi.preview)[0]?.body).toEqual({ kind: 'post', id: 5, title: 'Sports day!', content: '<p>Unsaved</p>', category: { '2': 'Sports' } });
  });

  it('sends no categories for a page, and says so when the preview cannot be made', async () => {
    browser.api.refuse(websiteApi.preview);
    const store = createEditorStore({ kind: 'page', mode: 'create', item: null });

    expect(await requestPreview('page', null, { title: 'New page', content: '<p>Hi</p>' }, store)).toBeNull();
    expect(browser.api.sentTo(websiteApi.preview)[0]?.body).toEqual({ kind: 'page', id: null, title: 'New page', content: '<p>Hi</p>', category: {} });
    expect(toastTexts()).toEqual([`error: ${PREVIEW_FAILURE}`]);
  });
});
