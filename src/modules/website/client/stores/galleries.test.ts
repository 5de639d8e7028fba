import { describe, expect, it, vi } from 'vitest';
import { toastTexts, useFakeBrowser } from '../../../../ui/stores/test-support';
import { websiteApi } from '../../calls';
import type { Gallery } from '../../contract';
import { createGalleriesStore, GALLERY_DELETED } from './galleries';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

const gallery = (id: number, images: number): Gallery => ({
  id,
  post_title: `Gallery ${id}`,
  post_date: '2025-06-01T10:00:00.000Z',
  gallery_data: { gallery: Array.from({ length: images }, (_, i) => ({ id: i, src: `/uploads/s/${i}.jpg`, title: `${i}`, alt: '', caption: '' })) },
});

const createStore = () => createGalleriesStore({ initial: { rows: [], page: 1, query: '', totalPages: 2, total: 12, pageSize: 10 }, timeZone: 'Europe/London', pageSize: 10 });

describe('Manage Galleries', () => {
  const browser = useFakeBrowser('/website/galleries?notice=missing&page=2');

  it('shows another page with each gallery’s photo count', async () => {
    browser.api.answer(websiteApi.galleries, { galleries: [gallery(11, 3)], total_pages: 2, total: 12 });
    const store = createStore();

    expect(await store.goToPage(2)).toBe(true);
    expect(browser.api.sentTo(websiteApi.galleries).map((c) => c.url)).toEqual(['/api/website/wordpress/galleries?page=2&limit=10']);
    expect(store.$list.get().rows.map((r) => [r.title, r.photos])).toEqual([['Gallery 11', 3]]);
  });

  it('shows nothing when the list cannot be loaded (spec section 8), the list kept', async () => {
    browser.api.refuse(websiteApi.galleries);
    const store = createStore();
    expect(await store.goToPage(2)).toBe(false);
    expect(toastTexts()).toEqual([]);
    expect(store.$list.get().page).toBe(1);
  });

  it('says an unknown gallery was asked for, once: the notice leaves the address', () => {
    const store = createStore();
    store.showNotice(null);
    expect(toastTexts()).toEqual([]);

    store.showNotice('missing');
    expect(toastTexts()).toEqual(['error: Failed! Please try again!']);
    expect(browser.window.steps).toEqual(['replace /website/galleries?page=2']);
  });

  it('deletes a gallery with its toast and shows the page again; a refusal keeps it with the generic toast', async () => {
    browser.api.answer(websiteApi.galleries, { galleries: [gallery(11, 3), gallery(12, 0)], total_pages: 2, total: 12 });
    const store = createStore();
    await store.goToPage(2);
    const row = store.$list.get().rows[0];
    if (!row) throw new Error('no row');

    browser.api.refuse(websiteApi.deleteGallery);
    expect(await store.remove(row)).toBe(false);
    expect(toastTexts()).toEqual(['error: Failed! Please try again!']);

    browser.api.answer(websiteApi.deleteGallery, {});
    browser.api.answer(websiteApi.galleries, { galleries: [gallery(12, 0)], total_pages: 2, total: 11 });
    expect(await store.remove(row)).toBe(true);
    expect(browser.api.sentTo(websiteApi.deleteGallery).map((c) => c.body)).toEqual([{ id: 11 }, { id: 11 }]);
    expect(store.$list.get().rows.map((r) => r.id)).toEqual([12]);
    expect(store.$busy.get().size).toBe(0);
    expect(toastTexts()).toEqual(['error: Failed! Please try again!', `success: ${GALLERY_DELETED}`]);
  });
});
