/**
 * Manage Pages: the server-paged, searchable list of pages; Delete (as Manage Posts' delete), and
 * View of a page not published yet: its signed preview (the public address would say 'Page not found').
 */
import type { ReadableAtom } from 'nanostores';
import { send } from '../../../../lib/browser/send';
import { websiteApi } from '../../calls';
import { isLockedContent, MAX_QUERY_LENGTH, POSTS_FAILURE } from '../../rules';
import { listQuery } from '../../../../lib/lists/location';
import { createListStore, type ListStore, type ListView } from '../../../../ui/stores/list';
import { toPageRow, type PageRow } from '../../lists';
import { createRowActions } from './row-actions';

export const PAGES_PATH = '/website/pages';
/** As Manage Posts' 'Success! Post deleted.' */
export const PAGE_DELETED = 'Success! Page deleted.';
/** As the editor's Preview failure. */
export const PAGE_PREVIEW_FAILURE = "Failed! Couldn't open the preview";

export interface PagesStoreInit {
  initial: ListView<PageRow>;
  timeZone: string;
  pageSize: number;
}

export interface PagesStore extends ListStore<PageRow> {
  /** Ids of pages with a delete or a preview on its way. */
  $busy: ReadableAtom<ReadonlySet<number>>;
  /** Deletes the page, then loads the current page of the list again. */
  remove(row: PageRow): Promise<boolean>;
  /** The signed address where the site shows the page as saved (pending review or draft), or null after a toast. */
  previewUrl(row: PageRow): Promise<string | null>;
}

export function createPagesStore({ initial, timeZone, pageSize }: PagesStoreInit): PagesStore {
  const list = createListStore<PageRow>(
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
  // Same toasts as Manage Posts' delete.
  const rows = createRowActions(list, {
    call: (id) => send(websiteApi.deletePage, { body: { id } }, { onFailure: POSTS_FAILURE }),
    done: PAGE_DELETED,
  });
  return {
    ...list,
    $busy: rows.$busy,
    remove: (row) => rows.remove(row.id),
    previewUrl(row) {
      return rows.whileBusy(row.id, async () => {
        // The list's rows carry no content: the page as saved, then the editor's preview call of it.
        const found = await send(websiteApi.page, { params: { id: row.id } }, { onFailure: PAGE_PREVIEW_FAILURE });
        if (!found) return null;
        const { post_title: title, post_content: content } = found.page;
        const res = await send(websiteApi.preview, { body: { kind: 'page', id: row.id, title, content, category: {} } }, { onFailure: PAGE_PREVIEW_FAILURE });
        return res?.url ?? null;
      });
    },
  };
}
