/**
 * Manage Galleries: the server-paged list of galleries, Delete (the gallery with its images), and
 * the notice an edit screen sends back.
 */
import type { ReadableAtom } from 'nanostores';
import { GENERIC_FAILURE } from '../../../../lib/browser/api-client';
import { send } from '../../../../lib/browser/send';
import { showToast } from '../../../../lib/browser/toast';
import { websiteApi } from '../../calls';
import { MAX_QUERY_LENGTH } from '../../rules';
import { listQuery } from '../../../../lib/lists/location';
import { createListStore, type ListStore, type ListView } from '../../../../ui/stores/list';
import { toGalleryRow, type GalleryRow } from '../../lists';
import { createRowActions } from './row-actions';

export const GALLERIES_PATH = '/website/galleries';
/** As Manage Posts' 'Success! Post deleted.' */
export const GALLERY_DELETED = 'Success! Gallery deleted.';

export interface GalleriesStoreInit {
  initial: ListView<GalleryRow>;
  timeZone: string;
  pageSize: number;
}

/** Why the edit screen sent the user back: 'missing' is an unknown gallery. */
export type GalleriesNotice = 'missing' | null;

export interface GalleriesStore extends ListStore<GalleryRow> {
  /** Shows the notice's toast (the generic failure for 'missing') and takes it out of the address, so a reload does not repeat it. */
  showNotice(notice: GalleriesNotice): void;
  /** Ids of galleries with a delete on its way. */
  $busy: ReadableAtom<ReadonlySet<number>>;
  /** Deletes the gallery and its images, then loads the current page again; a failure shows the generic toast. */
  remove(row: GalleryRow): Promise<boolean>;
}

export function createGalleriesStore({ initial, timeZone, pageSize }: GalleriesStoreInit): GalleriesStore {
  const list = createListStore<GalleryRow>(
    {
      path: GALLERIES_PATH,
      maxQueryLength: MAX_QUERY_LENGTH,
      async fetchPage(location) {
        // Spec section 8: a failed gallery list shows nothing (an expired session still signs in again).
        const res = await send(websiteApi.galleries, { query: listQuery(location, pageSize) }, { onFailure: 'silent' });
        if (!res) return null;
        return { rows: res.galleries.map((gallery) => toGalleryRow(gallery, timeZone)), totalPages: res.total_pages, total: res.total };
      },
    },
    initial,
  );
  const rows = createRowActions(list, { call: (id) => send(websiteApi.deleteGallery, { body: { id } }), done: GALLERY_DELETED });
  return {
    ...list,
    $busy: rows.$busy,
    remove: (row) => rows.remove(row.id),
    showNotice(notice) {
      if (notice !== 'missing') return;
      void showToast(GENERIC_FAILURE, { type: 'error' });
      const url = new URL(window.location.href);
      url.searchParams.delete('notice');
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}`);
    },
  };
}
