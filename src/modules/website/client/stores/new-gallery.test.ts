import { describe, expect, it, vi } from 'vitest';
import { showFlash } from '../../../../lib/browser/flash';
import { toastTexts, useFakeBrowser } from '../../../../ui/stores/test-support';
import { websiteApi } from '../../calls';
import { createNewGalleryStore, GALLERY_CREATED, GALLERY_TITLE_REQUIRED } from './new-gallery';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

describe('New Gallery', () => {
  const browser = useFakeBrowser('/website/galleries/new');

  it('asks for a title before creating anything', async () => {
    const store = createNewGalleryStore();
    expect(await store.create('   ', () => undefined)).toBe('invalid');
    expect(store.$error.get()).toBe(GALLERY_TITLE_REQUIRED);
    expect(browser.api.sent).toEqual([]);
    // Spaces are no title; a title typed clears the error at once.
    store.edited('  ');
    expect(store.$error.get()).toBe(GALLERY_TITLE_REQUIRED);
    store.edited('Sports day');
    expect(store.$error.get()).toBe('');
  });

  it('creates the gallery with its title trimmed and opens its edit screen, which says it was created', async () => {
    browser.api.answer(websiteApi.newGallery, { id: 14 });
    const store = createNewGalleryStore();
    const navigate = vi.fn<(path: string) => void>();

    expect(await store.create('  Sports day ', navigate)).toBe('created');
    expect(browser.api.sentTo(websiteApi.newGallery)[0]?.body).toEqual({ title: 'Sports day' });
    expect(navigate).toHaveBeenCalledWith('/website/galleries/edit?id=14');
    expect(store.$error.get()).toBe('');
    // The page is leaving: Create stays disabled.
    expect(store.$saving.get()).toBe(true);
    browser.window.arriveAt('/website/galleries/edit?id=14');
    showFlash();
    expect(toastTexts()).toEqual([`success: ${GALLERY_CREATED}`]);
  });

  it('shows the generic failure and lets the user try again', async () => {
    browser.api.refuse(websiteApi.newGallery);
    const store = createNewGalleryStore();
    const navigate = vi.fn<(path: string) => void>();

    expect(await store.create('Sports day', navigate)).toBe('failed');
    expect(toastTexts()).toEqual(['error: Failed! Please try again!']);
    expect(store.$saving.get()).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });
});
