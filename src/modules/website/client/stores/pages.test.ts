import { describe, expect, it, vi } from 'vitest';
import { toastTexts, useFakeBrowser } from '../../../../ui/stores/test-support';
import { websiteApi } from '../../calls';
import type { Page } from '../../contract';
import { createPagesStore } from './pages';

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
});
