import { describe, expect, it, vi } from 'vitest';
import { toastTexts, useFakeBrowser } from '../../../../ui/stores/test-support';
import { websiteApi } from '../../calls';
import type { Page } from '../../contract';
import { createPagesStore, PAGE_DELETED, PAGE_PREVIEW_FAILURE } from './pages';
import { POSTS_FAILURE } from '../../rules';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

const page = (id: number, title: string, extra: Partial<Page> = {}): Page => ({
  id,
  post_title: title,
  post_content: '<p>Text</p>',
  post_modified: '2025-06-01T10:00:00.000Z',
  post_url: `https://school.test/${id}`,
  post_status: 'publish',
  ...extra,
});

const createStore = () => createPagesStore({ initial: { rows: [], page: 1, query: '', totalPages: 1, total: 0, pageSize: 10 }, timeZone: 'Europe/London', pageSize: 10 });

describe('Manage Pages', () => {
  const browser = useFakeBrowser('/website/pages');

  it('searches the pages and shows each with its state, locked when its content cannot be edited here', async () => {
    browser.api.answer(websiteApi.pages, {
      pages: [
        page(1, 'Admissions', { post_content: '[vc_row]Layout[/vc_row]' }),
        page(2, 'Term dates', { post_status: 'draft' }),
        page(3, 'Contact', { locked: true }),
      ],
      total_pages: 1,
      total: 3,
    });
    const store = createStore();

    expect(await store.search('  a ')).toBe(true);
    expect(browser.api.sentTo(websiteApi.pages).map((c) => c.url)).toEqual(['/api/website/wordpress/pages?page=1&limit=10&query=a']);
    expect(store.$list.get().rows.map((r) => [r.title, r.locked, r.state, r.modified.text])).toEqual([
      ['Admissions', true, null, '01/06/2025'],
      ['Term dates', false, 'Draft', '01/06/2025'],
      ['Contact', true, null, '01/06/2025'],
    ]);
    expect(browser.window.steps).toEqual(['push /website/pages?query=a']);
  });

  it('keeps the list with the generic toast when a page cannot be loaded', async () => {
    browser.api.refuse(websiteApi.pages);
    const store = createStore();
    expect(await store.goToPage(2)).toBe(false);
    expect(toastTexts()).toEqual(['error: Failed! Please try again!']);
    expect(store.$list.get().page).toBe(1);
  });

  const listed = (...pages: Page[]) => ({ pages, total_pages: 1, total: pages.length });
  const loaded = async (...pages: Page[]) => {
    browser.api.answer(websiteApi.pages, listed(...pages));
    const store = createStore();
    await store.goToPage(1);
    return store;
  };
  const rowOf = (store: ReturnType<typeof createStore>, id: number) => {
    const row = store.$list.get().rows.find((r) => r.id === id);
    if (!row) throw new Error(`no row ${id}`);
    return row;
  };

  it('deletes a page with the posts’ toast and shows the page of the list again', async () => {
    const store = await loaded(page(1, 'About'), page(2, 'Contact'));
    browser.api.answer(websiteApi.deletePage, {});
    browser.api.answer(websiteApi.pages, listed(page(2, 'Contact')));
    expect(await store.remove(rowOf(store, 1))).toBe(true);
    expect(browser.api.sentTo(websiteApi.deletePage).map((c) => c.body)).toEqual([{ id: 1 }]);
    expect(store.$list.get().rows.map((r) => r.id)).toEqual([2]);
    expect(store.$busy.get().size).toBe(0);
    expect(toastTexts()).toEqual([`success: ${PAGE_DELETED}`]);
  });

  it('keeps the row with the posts’ failure toast when the delete is refused', async () => {
    const store = await loaded(page(1, 'About'));
    browser.api.refuse(websiteApi.deletePage);
    expect(await store.remove(rowOf(store, 1))).toBe(false);
    expect(store.$list.get().rows.map((r) => r.id)).toEqual([1]);
    expect(toastTexts()).toEqual([`error: ${POSTS_FAILURE}`]);
  });

  it('answers the signed preview of a pending page: the page as saved, sent to the preview call', async () => {
    const store = await loaded(page(4, 'Term dates', { post_status: 'pending' }));
    browser.api.answer(websiteApi.page, { page: { ...page(4, 'Term dates', { post_status: 'pending', post_content: '<p>Saved</p>' }), parent: null } });
    browser.api.answer(websiteApi.preview, { url: '/sites/demo/preview/1.2.sig', expires_at: '2025-06-01T10:30:00.000Z' });
    expect(await store.previewUrl(rowOf(store, 4))).toBe('/sites/demo/preview/1.2.sig');
    expect(browser.api.sentTo(websiteApi.preview).map((c) => c.body)).toEqual([{ kind: 'page', id: 4, title: 'Term dates', content: '<p>Saved</p>', category: {} }]);
  });

  it('says the preview failed when the page cannot be read', async () => {
    const store = await loaded(page(4, 'Term dates', { post_status: 'pending' }));
    browser.api.refuse(websiteApi.page);
    expect(await store.previewUrl(rowOf(store, 4))).toBeNull();
    expect(browser.api.sentTo(websiteApi.preview)).toEqual([]);
    expect(toastTexts()).toEqual([`error: ${PAGE_PREVIEW_FAILURE}`]);
  });
});
