/**
 * Manage Posts: the server-paged list plus the row actions (visibility toggle, delete).
 */
import { atom, type ReadableAtom } from 'nanostores';
import { send } from '../../lib/send';
import { showToast } from '../../lib/toast';
import { websiteApi } from '../../contracts/website-endpoints';
import { isLockedContent, MAX_QUERY_LENGTH } from '../../contracts/website-rules';
import { listQuery } from '../../lib/lists';
import { createListStore, type ListStore, type ListView } from '../shared/list';
import { toPostRow, type PostRow } from '../../lib/website-lists';

export const POSTS_PATH = '/website/posts';
/** Spec section 8: posts failures. */
export const POSTS_FAILURE = 'Error! Please try again.';
export const POST_UPDATED = 'Success! Post Updated.';
export const POST_DELETED = 'Success! Post deleted.';

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
}

export function createPostsStore({ initial, timeZone, pageSize }: PostsStoreInit): PostsStore {
  const list = createListStore<PostRow>(
    {
      path: POSTS_PATH,
      maxQueryLength: MAX_QUERY_LENGTH,
      async fetchPage(location) {
        const res = await send(websiteApi.posts, { query: listQuery(location, pageSize) }, { onFailure: POSTS_FAILURE });
        if (!res) return null;
        return {
          rows: res.posts.map((post) => toPostRow(post, timeZone, isLockedContent(post.post_content))),
          totalPages: res.total_pages,
          total: res.total,
        };
      },
    },
    initial,
  );

  const $busy = atom<ReadonlySet<number>>(new Set());
  const setBusy = (id: number, busy: boolean) => {
    const next = new Set($busy.get());
    if (busy) next.add(id);
    else next.delete(id);
    $busy.set(next);
  };
  const whileBusy = async <T>(id: number, work: () => Promise<T>): Promise<T> => {
    setBusy(id, true);
    try {
      return await work();
    } finally {
      setBusy(id, false);
    }
  };

  return {
    ...list,
    $busy,
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
    remove(row) {
      return whileBusy(row.id, async () => {
        const res = await send(websiteApi.deletePost, { body: { id: row.id } }, { onFailure: POSTS_FAILURE });
        if (!res) return false;
        void showToast(POST_DELETED, { type: 'success' });
        await list.reload();
        return true;
      });
    },
  };
}
