/**
 * Manage Posts: the server-paged list with its filter and order, the row actions (visibility
 * toggle, delete), and the selection of this page's rows for one bulk action.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { send } from '../../../../lib/browser/send';
import { showToast } from '../../../../lib/browser/toast';
import { websiteApi } from '../../calls';
import { isLockedContent, MAX_QUERY_LENGTH, POSTS_FAILURE, type BulkPostAction } from '../../rules';
import { createListStore, type ListStore, type ListView } from '../../../../ui/stores/list';
import { postsQuery, POSTS_LIST_FILTERS, toPostRow, type PostRow } from '../../lists';
import { createRowActions } from './row-actions';

export const POSTS_PATH = '/website/posts';
export { POSTS_FAILURE };
export const POST_UPDATED = 'Success! Post Updated.';
export const POST_DELETED = 'Success! Post deleted.';

const BULK_DONE: Record<BulkPostAction, string> = { hide: 'hidden', publish: 'published', delete: 'deleted' };

/** The toast after a bulk action: 'Success! 3 posts deleted.' */
export function bulkDoneText(action: BulkPostAction, count: number): string {
  return `Success! ${count} ${count === 1 ? 'post' : 'posts'} ${BULK_DONE[action]}.`;
}

export interface PostsStoreInit {
  initial: ListView<PostRow>;
  timeZone: string;
  pageSize: number;
}

export interface PostsStore extends ListStore<PostRow> {
  /** Ids of posts with a toggle or delete on its way. */
  $busy: ReadableAtom<ReadonlySet<number>>;
  /** Publishes a hidden post or hides a public one; the row shows the server's answer. */
  toggle(row: PostRow): Promise<boolean>;
  /** Deletes the post, then loads the current page again. */
  remove(row: PostRow): Promise<boolean>;
  /** Ids of this page's rows ticked for a bulk action (a new page, filter or search keeps only rows still shown). */
  $selected: ReadableAtom<ReadonlySet<number>>;
  /** A bulk action is on its way. */
  $bulkBusy: ReadableAtom<boolean>;
  select(id: number, ticked: boolean): void;
  /** Ticks (or clears) every row of this page. */
  selectAll(ticked: boolean): void;
  /** Applies the action to the ticked posts in one call (all or none), then reloads the page and clears the selection. */
  bulk(action: BulkPostAction): Promise<boolean>;
}

export function createPostsStore({ initial, timeZone, pageSize }: PostsStoreInit): PostsStore {
  const list = createListStore<PostRow>(
    {
      path: POSTS_PATH,
      maxQueryLength: MAX_QUERY_LENGTH,
      filters: POSTS_LIST_FILTERS,
      async fetchPage(location) {
        const res = await send(websiteApi.posts, { query: postsQuery(location, pageSize) }, { onFailure: POSTS_FAILURE });
        if (!res) return null;
        return {
          rows: res.posts.map((post) => toPostRow(post, timeZone, post.locked ?? isLockedContent(post.post_content))),
          totalPages: res.total_pages,
          total: res.total,
        };
      },
    },
    initial,
  );

  const rows = createRowActions(list, {
    call: (id) => send(websiteApi.deletePost, { body: { id } }, { onFailure: POSTS_FAILURE }),
    done: POST_DELETED,
  });
  const { $busy, whileBusy } = rows;

  const $selected = atom<ReadonlySet<number>>(new Set());
  const $bulkBusy = atom(false);
  // Only rows on the page can be ticked: whatever the list shows next keeps the ticks of its rows.
  list.$list.listen(({ rows }) => {
    const shown = new Set(rows.map((row) => row.id));
    const kept = [...$selected.get()].filter((id) => shown.has(id));
    if (kept.length !== $selected.get().size) $selected.set(new Set(kept));
  });

  return {
    ...list,
    $busy,
    $selected,
    $bulkBusy,
    select(id, ticked) {
      const next = new Set($selected.get());
      if (ticked) next.add(id);
      else next.delete(id);
      $selected.set(next);
    },
    selectAll(ticked) {
      $selected.set(new Set(ticked ? list.$list.get().rows.map((row) => row.id) : []));
    },
    async bulk(action) {
      const ids = [...$selected.get()];
      if (ids.length === 0 || $bulkBusy.get()) return false;
      $bulkBusy.set(true);
      try {
        const res = await send(
          websiteApi.bulkPosts,
          { body: { ids, action } },
          // The server says which posts were missing and that nothing changed: more use than a bare retry.
          { onFailure: (failure) => void showToast(failure.message ? `Error! ${failure.message}` : POSTS_FAILURE, { type: 'error' }) },
        );
        if (res) {
          void showToast(bulkDoneText(action, res.count), { type: 'success' });
          $selected.set(new Set());
        }
        // Either way the page shows what the server now holds.
        await list.reload();
        return res !== null;
      } finally {
        $bulkBusy.set(false);
      }
    },
    toggle(row) {
      return whileBusy(row.id, async () => {
        const res = await send(websiteApi.togglePost, { body: { id: row.id, isPublic: !row.isPublic } }, { onFailure: POSTS_FAILURE });
        if (!res) return false;
        // Toggling leaves the content as it was, so the row stays as locked as it was.
        list.updateRows((r) => r.id === row.id, (r) => toPostRow(res.post, timeZone, r.locked));
        void showToast(POST_UPDATED, { type: 'success' });
        return true;
      });
    },
    remove: (row) => rows.remove(row.id),
  };
}
