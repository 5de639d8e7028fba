import { showFlash } from '../../../../lib/browser/flash';
import { describe, expect, it, vi } from 'vitest';
import { useFakeBrowser, toastTexts } from '../../../../ui/stores/test-support';
import { websiteApi } from '../../calls';
import { createGalleryEditor, GALLERY_SAVED, type GalleryEditorTile } from './gallery';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

const tile = (id: number, alt = `Image ${id}`): GalleryEditorTile => ({ id, title: `Image ${id}`, thumb: `/t/${id}-150x150.jpg`, alt, caption: '' });
const createStore = () => createGalleryEditor({ galleryId: 9, tiles: [tile(1), tile(2), tile(3)] });
const order = (store: ReturnType<typeof createStore>) => store.$tiles.get().map((t) => t.id);

describe('The gallery edit screen', () => {
  const browser = useFakeBrowser('/website/galleries/edit?id=9');

  it('moves images with the keyboard buttons and by dragging, announcing where each went', () => {
    const store = createStore();
    store.move(1, 1);
    expect(order(store)).toEqual([2, 1, 3]);
    expect(store.$announcement.get()).toBe('Image 1 moved to position 2 of 3.');
    store.move(3, 5);
    expect(order(store)).toEqual([2, 1, 3]);
    store.reorder(2, 0);
    expect(order(store)).toEqual([3, 2, 1]);
    expect(store.$announcement.get()).toBe('Image 3 moved to position 1 of 3.');
    expect(store.$dirty.get()).toBe(true);
  });

  it('deletes an image at once; a failed delete, quietly, leaves it', async () => {
    browser.api.answer(websiteApi.removeGalleryImage, {}).refuse(websiteApi.removeGalleryImage);
    const store = createStore();

    const removing = store.remove(2);
    expect(store.$removing.get().has(2)).toBe(true);
    expect(await removing).toBe(true);
    expect(browser.api.sentTo(websiteApi.removeGalleryImage)[0]?.body).toEqual({ id: 2, galleryID: 9 });
    expect(order(store)).toEqual([1, 3]);
    expect(store.$announcement.get()).toBe('Image 2 deleted.');
    // Deleting is saved: nothing to lose.
    expect(store.$dirty.get()).toBe(false);

    expect(await store.remove(3)).toBe(false);
    expect(order(store)).toEqual([1, 3]);
    expect(toastTexts()).toEqual([]);
  });

  it('saves the grid’s order (the spec’s body exactly when no text changed), then goes to the list', async () => {
    browser.api.answer(websiteApi.updateGallery, {});
    const store = createStore();
    const navigate = vi.fn<(path: string) => void>();
    store.reorder(0, 2);

    expect(await store.save(navigate)).toBe(true);
    expect(browser.api.sentTo(websiteApi.updateGallery)[0]?.body).toEqual({ uploaded: [2, 3, 1], galleryID: 9 });
    expect(navigate).toHaveBeenCalledWith('/website/galleries');
    expect(store.$dirty.get()).toBe(false);
    // The list says it: the toast arrives with the navigation.
    expect(toastTexts()).toEqual([]);
    browser.window.arriveAt('/website/galleries');
    showFlash();
    expect(toastTexts()).toEqual([`success: ${GALLERY_SAVED}`]);
  });

  it('sends the texts edited since the screen opened with the save', async () => {
    browser.api.answer(websiteApi.updateGallery, {});
    const store = createStore();
    store.setText(3, 'caption', ' At the finish ');

    expect(await store.save(() => undefined)).toBe(true);
    expect(browser.api.sentTo(websiteApi.updateGallery)[0]?.body).toEqual({ uploaded: [1, 2, 3], galleryID: 9, images: [{ id: 3, alt: 'Image 3', caption: 'At the finish' }] });
  });

  it('waits for uploads before saving, and keeps the work when the save fails, quietly', async () => {
    browser.api.refuse(websiteApi.updateGallery);
    const store = createStore();
    const navigate = vi.fn<(path: string) => void>();
    store.move(1, 1);

    store.setUploading(1);
    expect(await store.save(navigate)).toBe(false);
    expect(browser.api.sent).toEqual([]);

    store.setUploading(0);
    expect(await store.save(navigate)).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
    expect(store.$dirty.get()).toBe(true);
    expect(store.$saving.get()).toBe(false);
    expect(toastTexts()).toEqual([]);
  });
});
