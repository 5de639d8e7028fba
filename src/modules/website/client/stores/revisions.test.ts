import { describe, expect, it, vi } from 'vitest';
import { toastTexts, useFakeBrowser } from '../../../../ui/stores/test-support';
import { websiteApi } from '../../calls';
import type { RevisionSummary } from '../../revisions-contract';
import { createRevisionsStore, REVISION_FAILURE, REVISIONS_FAILURE } from './revisions';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

const revision = (id: number): RevisionSummary => ({ id, title: `Version ${id}`, saved_at: '2025-06-15T10:00:00.000Z', saved_label: '15/06/25 11:00', author: 'Head' });

describe('The editor’s revisions', () => {
  const browser = useFakeBrowser('/website/pages/edit?id=8');

  it('lists a page’s revisions, newest first as the server gives them', async () => {
    browser.api.answer(websiteApi.pageRevisions, { revisions: [revision(3), revision(2)] });
    const store = createRevisionsStore('page', 8);

    const loading = store.load();
    expect(store.$revisions.get().state).toBe('loading');
    await loading;
    expect(store.$revisions.get()).toEqual({ state: 'ready', items: [revision(3), revision(2)] });
    expect(browser.api.sent.map((c) => c.path)).toEqual(['/api/website/wordpress/pages/8/revisions']);
  });

  it('says when a post’s revisions cannot be loaded', async () => {
    browser.api.refuse(websiteApi.postRevisions);
    const store = createRevisionsStore('post', 5);

    await store.load();
    expect(store.$revisions.get()).toEqual({ state: 'failed', items: [] });
    expect(browser.api.sent.map((c) => c.path)).toEqual(['/api/website/wordpress/posts/5/revisions']);
    expect(toastTexts()).toEqual([`error: ${REVISIONS_FAILURE}`]);
  });

  it('fetches one revision’s title and content for the editor, or says it could not', async () => {
    browser.api
      .answer(websiteApi.revision, { revision: { ...revision(3), kind: 'post', post_id: 5, content: '<p>Then</p>', categories: 'Sports' } })
      .refuse(websiteApi.revision, { status: 404 });
    const store = createRevisionsStore('post', 5);

    expect(await store.fetch(3)).toEqual({ title: 'Version 3', content: '<p>Then</p>' });
    expect(await store.fetch(99)).toBeNull();
    expect(browser.api.sent.map((c) => c.path)).toEqual(['/api/website/revisions/3', '/api/website/revisions/99']);
    expect(toastTexts()).toEqual([`error: ${REVISION_FAILURE}`]);
  });
});
