/**
 * Manage Galleries: the server-paged list of galleries.
 */
import { call } from '../lib/api-client';
import type { GalleriesResponse } from '../contracts/website';
import { apiSearch, createListStore, type ListStore, type ListView } from './website-list';
import { toGalleryRow, type GalleryRow } from './website-rows';

export const GALLERIES_PATH = '/website/galleries';

export interface GalleriesStoreInit {
  initial: ListView<GalleryRow>;
  timeZone: string;
  pageSize: number;
}

export function createGalleriesStore({ initial, timeZone, pageSize }: GalleriesStoreInit): ListStore<GalleryRow> {
  return createListStore<GalleryRow>(
    {
      path: GALLERIES_PATH,
      async fetchPage(location) {
        // Spec section 8: a failed gallery list shows nothing (an expired session still signs in again).
        const res = await call<GalleriesResponse>(`/api/website/wordpress/galleries?${apiSearch(location, pageSize)}`, {
          onFailure: 'silent',
        });
        if (!res) return null;
        return { rows: res.galleries.map((gallery) => toGalleryRow(gallery, timeZone)), totalPages: res.total_pages };
      },
    },
    initial,
  );
}
