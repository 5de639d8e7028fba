import { describe, expect, it, vi } from 'vitest';
import { showFlash } from '../../../../lib/browser/flash';
import { aFile, toastTexts, useFakeBrowser } from '../../../../ui/stores/test-support';
import { websiteApi } from '../../calls';
import type { Page } from '../../contract';
import { CATEGORIES_FAILURE, GALLERIES_FAILURE, SAVE_FAILURE } from '../../editor';
import { createEditorStore } from './editor';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

const CATEGORIES = [
  { id: 1, name: 'Newsflash' },
  { id: 2, name: 'Sports' },
  { id: 3, name: 'Trips' },
];
const post = { id: 5, title: 'Sports day', content: '<p>Saved</p>', categoryNames: 'Sports, Trips', categoryIds: [2, 3] };
const content = (html: string) => () => Promise.resolve(html);

const page = (id: number, title: string): Page => ({
  id,
  post_title: title,
  post_content: '',
  post_modified: '2025-06-01T10:00:00.000Z',
  post_url: `https://school.test/${id}`,
  post_status: 'publish',
});

describe('The post and page editor', () => {
  const browser = useFakeBrowser('/website/posts/edit?id=5');

  it('saves a post with its ticked categories, then the list says it was updated', async () => {
    browser.api.answer(websiteApi.updatePost, { id: 5, post_url: 'https://school.test/?p=5' });
    const store = createEditorStore({ kind: 'post', mode: 'edit', item: post, categories: CATEGORIES });
    const navigate = vi.fn<(path: string) => void>();
    store.setTitle('Sports day 2025');
    store.toggleCategory(3, false);
    store.toggleCategory(1, true);
    expect(store.$dirty.get()).toBe(true);

    expect(await store.save(content('<p>New</p>'), navigate)).toBe(true);

    expect(browser.api.sentTo(websiteApi.updatePost).map((c) => c.body)).toEqual([
      { id: 5, title: 'Sports day 2025', content: '<p>New</p>', category: { '1': 'Newsflash', '2': 'Sports' }, parent: null },
    ]);
    expect(navigate).toHaveBeenCalledWith('/website/posts');
    expect(store.$dirty.get()).toBe(false);
    // The page is leaving: Save stays disabled.
    expect(store.$saving.get()).toBe(true);
    browser.window.arriveAt('/website/posts');
    showFlash();
    expect(toastTexts()).toEqual(['success: Success! Post has been updated.']);
  });

  it('creates a page under its menu parent, with no categories', async () => {
    browser.api.answer(websiteApi.createPage, { id: 9, post_url: 'https://school.test/9' });
    const store = createEditorStore({ kind: 'page', mode: 'create', item: null, parents: ['About us'] });
    const navigate = vi.fn<(path: string) => void>();
    store.setTitle('Governors');
    store.setParent('About us');

    expect(await store.save(content('<p>Our governors</p>'), navigate)).toBe(true);
    expect(browser.api.sentTo(websiteApi.createPage)[0]?.body).toEqual({ id: null, title: 'Governors', content: '<p>Our governors</p>', category: {}, parent: 'About us' });
    expect(navigate).toHaveBeenCalledWith('/website/pages');
  });

  it('keeps everything typed, with the spec’s toast, when the save fails or the content cannot be read', async () => {
    browser.api.refuse(websiteApi.updatePost, { message: 'The title can be at most 500 characters.' });
    const store = createEditorStore({ kind: 'post', mode: 'edit', item: post, categories: CATEGORIES });
    const navigate = vi.fn<(path: string) => void>();
    store.setTitle('x'.repeat(501));

    expect(await store.save(content('<p>New</p>'), navigate)).toBe(false);
    expect(await store.save(() => Promise.reject(new Error('Editor.js failed')), navigate)).toBe(false);

    expect(toastTexts()).toEqual([`error: ${SAVE_FAILURE}`, `error: ${SAVE_FAILURE}`]);
    expect(browser.api.sentTo(websiteApi.updatePost)).toHaveLength(1);
    expect(store.$form.get().title).toBe('x'.repeat(501));
    expect(store.$dirty.get()).toBe(true);
    expect(store.$saving.get()).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('loads the categories and ticks the post’s own; a failure says so', async () => {
    browser.api.refuse(websiteApi.categories).answer(websiteApi.categories, { categories: CATEGORIES });
    const store = createEditorStore({ kind: 'post', mode: 'edit', item: post });

    await store.loadCategories();
    expect(store.$categories.get()).toEqual({ state: 'failed', items: [] });
    expect(toastTexts()).toEqual([`error: ${CATEGORIES_FAILURE}`]);

    await store.loadCategories();
    expect(store.$categories.get()).toEqual({ state: 'ready', items: CATEGORIES });
    expect(store.$form.get().categoryIds).toEqual([2, 3]);
  });

  it('refreshes the categories the page showed quietly, keeping the ticks of those still there', async () => {
    browser.api.answer(websiteApi.categories, { categories: [CATEGORIES[0]!, CATEGORIES[1]!, { id: 4, name: 'Clubs' }] });
    const store = createEditorStore({ kind: 'post', mode: 'edit', item: post, categories: CATEGORIES });
    store.toggleCategory(1, true);

    const loading = store.loadCategories();
    expect(store.$categories.get().state).toBe('ready');
    await loading;
    expect(store.$categories.get().items.map((c) => c.name)).toEqual(['Newsflash', 'Sports', 'Clubs']);
    expect(store.$form.get().categoryIds).toEqual([2, 1]);

    browser.api.refuse(websiteApi.categories);
    await store.loadCategories();
    expect(store.$categories.get().items).toHaveLength(3);
  });

  it('collects the Menu Parent’s titles from every page of the pages list', async () => {
    browser.api
      .answer(websiteApi.pages, { pages: [page(1, 'About us'), page(2, 'Contact')], total_pages: 2, total: 3 })
      .answer(websiteApi.pages, { pages: [page(3, 'Term dates')], total_pages: 2, total: 3 });
    const store = createEditorStore({ kind: 'page', mode: 'create', item: null });

    await store.loadParents();
    expect(store.$parents.get()).toEqual({ state: 'ready', titles: ['About us', 'Contact', 'Term dates'] });
    expect(browser.api.sentTo(websiteApi.pages).map((c) => c.url)).toEqual(['/api/website/wordpress/pages?page=1&limit=100', '/api/website/wordpress/pages?page=2&limit=100']);
  });

  it('shows the Menu Parent as failed when its list cannot be loaded', async () => {
    browser.api.refuse(websiteApi.pages);
    const store = createEditorStore({ kind: 'page', mode: 'create', item: null });
    await store.loadParents();
    expect(store.$parents.get().state).toBe('failed');
  });

  it('loads the galleries for the slider, and a gallery’s thumbnails for its card (quietly null when gone)', async () => {
    browser.api
      .refuse(websiteApi.galleryTitles)
      .answer(websiteApi.galleryTitles, { galleries: [{ id: 4, post_title: 'Sports day' }] })
      .answer(websiteApi.gallery, {
        gallery: { id: 4, post_title: 'Sports day', post_date: '2025-06-01', gallery_data: { gallery: [{ id: 1, src: '/uploads/s/run.jpg', title: 'Run', alt: 'Running', caption: '' }] } },
      });
    const store = createEditorStore({ kind: 'post', mode: 'edit', item: post, categories: CATEGORIES });

    await store.loadGalleries();
    expect(store.$galleries.get()).toEqual({ state: 'failed', items: [] });
    expect(toastTexts()).toEqual([`error: ${GALLERIES_FAILURE}`]);
    await store.loadGalleries();
    expect(store.$galleries.get()).toEqual({ state: 'ready', items: [{ id: 4, title: 'Sports day' }] });

    expect(await store.galleryPreview(4)).toEqual({ title: 'Sports day', thumbnails: [{ src: '/uploads/s/run-150x150.jpg', alt: 'Running' }] });
    browser.api.refuse(websiteApi.gallery, { message: 'Not found.', status: 404 });
    expect(await store.galleryPreview(4)).toBeNull();
    expect(toastTexts()).toHaveLength(1);
  });

  it('uploads an attachment: its address and title (“Attachment” when untitled), or null after the generic toast', async () => {
    browser.api
      .answer(websiteApi.uploadMedia, { media: { id: 1, source_url: '/uploads/s/menu.pdf', title: { rendered: ' ' }, mime_type: 'application/pdf' } })
      .refuse(websiteApi.uploadMedia);
    const store = createEditorStore({ kind: 'post', mode: 'edit', item: post, categories: CATEGORIES });

    const uploading = store.uploadAttachment(aFile('menu.pdf'));
    expect(store.$uploading.get()).toBe(true);
    expect(await uploading).toEqual({ url: '/uploads/s/menu.pdf', title: 'Attachment' });
    expect(await store.uploadAttachment(aFile('menu.pdf'))).toBeNull();
    expect(toastTexts()).toEqual(['error: Failed! Please try again!']);
    expect(store.$uploading.get()).toBe(false);
  });

  it('goes back to the list on Cancel', () => {
    const navigate = vi.fn<(path: string) => void>();
    createEditorStore({ kind: 'page', mode: 'edit', item: { id: 2, title: 'Contact', content: '' } }).cancel(navigate);
    expect(navigate).toHaveBeenCalledWith('/website/pages');
  });
});
