/**
 * What the website lists' rows share: the ids with a call on its way (their buttons look busy), and
 * Delete: the call, its toast, then the current page again (Manage Posts, Pages and Galleries).
 */
import { atom, type ReadableAtom } from 'nanostores';
import { showToast } from '../../../../lib/browser/toast';
import type { ListStore } from '../../../../ui/stores/list';

export interface RowActions {
  /** Ids of rows with a call on its way. */
  $busy: ReadableAtom<ReadonlySet<number>>;
  /** Runs `work` with the row marked busy. */
  whileBusy<T>(id: number, work: () => Promise<T>): Promise<T>;
  /** Deletes the row's item; on success the toast, then the page is loaded again (a page left empty shows the one before). */
  remove(id: number): Promise<boolean>;
}

export interface RowDeletion {
  /** Sends the list's delete call (`websiteApi.deletePost`, …): its answer, or null after its failure toast. */
  call: (id: number) => Promise<object | null>;
  /** The success toast: 'Success! Post deleted.' */
  done: string;
}

export function createRowActions(list: Pick<ListStore<unknown>, 'reload'>, deletion: RowDeletion): RowActions {
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
    $busy,
    whileBusy,
    remove(id) {
      return whileBusy(id, async () => {
        if (!(await deletion.call(id))) return false;
        void showToast(deletion.done, { type: 'success' });
        await list.reload();
        return true;
      });
    },
  };
}
