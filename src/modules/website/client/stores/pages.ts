/**
 * Manage Pages: the server-paged, searchable list of pages.
 */
import { send } from '../../../../lib/browser/send';
import { websiteApi } from '../../calls';
import { isLockedContent, MAX_QUERY_LENGTH } from '../../rules';
import { listQuery } from '../../../../lib/lists/location';
import { createListStore, type ListStore, type ListView } from '../../../../ui/stores/list';
import { toPageRow, type PageRow } from '../../lists';

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
      maxQueryLength: MAX_QUERY_LENGTH,
      async fetchPage(location) {
        // Spec: an unsuccessful result shows the generic failure toast (the default).
        const res = await send(websiteApi.pages, { query: listQuery(location, pageSize) });
        if (!res) return null;
        return {
          rows: res.pages.map((page) => toPageRow(page, timeZone, page.locked ?? isLockedContent(page.post_content))),
          totalPages: res.total_pages,
          total: res.total,
        };
      },
    },
    initial,
  );
}
