/**
 * Manage Pages: the server-paged, searchable list of pages.
 */
import { call } from '../lib/api-client';
import type { PagesResponse } from '../contracts/website';
import { apiSearch, createListStore, type ListStore, type ListView } from './website-list';
import { loadContentRules, toPageRow, type PageRow } from './website-rows';

export const PAGES_PATH = '/website/pages';

export interface PagesStoreInit {
  initial: ListView<PageRow>;
  timeZone: string;
  pageSize: number;
}

export function createPagesStore({ initial, timeZone, pageSize }: PagesStoreInit): ListStore<PageRow> {
  return createListStore<PageRow>(
    {
      path: PAGES_PATH,
      async fetchPage(location) {
        // Spec: an unsuccessful result shows the generic failure toast (the default).
        const [res, rules] = await Promise.all([
          call<PagesResponse>(`/api/website/wordpress/pages?${apiSearch(location, pageSize)}`),
          loadContentRules(),
        ]);
        if (!res) return null;
        return {
          rows: res.pages.map((page) => toPageRow(page, timeZone, rules.isLockedContent(page.post_content))),
          totalPages: res.total_pages,
        };
      },
    },
    initial,
  );
}
