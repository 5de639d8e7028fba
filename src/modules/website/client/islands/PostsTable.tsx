import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import '../../../../ui/islands/ui.css';
import type { Column } from '../../../../ui/islands/list/DataTable';
import { ConfirmDialog } from '../../../../ui/islands/ConfirmDialog';
import { BulkBar } from '../../../../ui/islands/list/BulkBar';
import { SearchableListCard } from '../../../../ui/islands/list/SearchableListCard';
import { PostListChoices, postColumns } from './PostColumns';
import { DeleteButton, DeleteConfirm, EditOrLocked, ViewLink } from './RowLinks';
import { createPostsStore, POSTS_PATH, type PostsStoreInit } from '../stores/posts';
import { postListChoice, type PostRow } from '../../lists';
import { showFlash } from '../../../../lib/browser/flash';
import { MAX_QUERY_LENGTH, type BulkPostAction } from '../../rules';

export interface PostsTableProps extends PostsStoreInit {
  /** The status filter and the order (the backend's 'website.list-choices'); shown unless false. */
  listChoices?: boolean;
  /** Ticking rows for a bulk action (the backend's 'website.bulk'); shown unless false. */
  bulk?: boolean;
}

const BULK_ACTIONS: ReadonlyArray<{ id: BulkPostAction; label: string; danger?: boolean }> = [
  { id: 'hide', label: 'Hide' },
  { id: 'publish', label: 'Publish' },
  { id: 'delete', label: 'Delete', danger: true },
];

/** What the confirm of a bulk action says, for `n` posts. */
function bulkConfirm(action: BulkPostAction, n: number) {
  const posts = `${n} ${n === 1 ? 'post' : 'posts'}`;
  if (action === 'delete')
    return { title: `Delete ${posts}?`, label: `Delete ${posts}`, text: `${posts} will be deleted from your website. This cannot be undone.` };
  if (action === 'hide') return { title: `Hide ${posts}?`, label: `Hide ${posts}`, text: `${posts} will be hidden from your website.` };
  return { title: `Publish ${posts}?`, label: `Publish ${posts}`, text: `${posts} will be published on your website.` };
}

/** Manage Posts: search, filter and order, New Post, the paged table with its row actions and bulk actions on ticked rows. */
export default function PostsTable({ listChoices = true, bulk = true, ...props }: PostsTableProps) {
  const [store] = useState(() => createPostsStore(props));
  const list = useStore(store.$list);
  const busy = useStore(store.$busy);
  const selected = useStore(store.$selected);
  const bulkBusy = useStore(store.$bulkBusy);
  const [confirming, setConfirming] = useState<PostRow | null>(null);
  const [bulkAsk, setBulkAsk] = useState<BulkPostAction | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const choice = postListChoice(list);

  useEffect(() => store.listenToHistory(), [store]);
  // The editor's 'Success! …' (or an unknown id's failure) arrives with the navigation back here.
  useEffect(() => showFlash(), []);

  const confirmDelete = async () => {
    const row = confirming;
    setConfirming(null);
    if (!row) return;
    // The row (and its Delete button) leaves the page: focus the table so keyboard users stay here.
    if (await store.remove(row)) tableRef.current?.focus();
  };

  const confirmBulk = async () => {
    const action = bulkAsk;
    setBulkAsk(null);
    if (!action) return;
    // The bar and perhaps the rows leave: keyboard users stay on the table.
    if (await store.bulk(action)) tableRef.current?.focus();
  };
  const asked = bulkAsk ? bulkConfirm(bulkAsk, selected.size) : null;

  const columns: Column<PostRow>[] = [
    ...postColumns<PostRow>(),
    {
      id: 'actions',
      header: 'Actions',
      className: 'text-end',
      cell: (row) => {
        const working = busy.has(row.id);
        return (
          <div className="row-actions">
            <EditOrLocked title={row.title} locked={row.locked} editHref={`/website/posts/edit?id=${row.id}`} />
            {/* aria-disabled, not disabled, while a call runs: a disabled button would drop keyboard focus. */}
            <button
              type="button"
              className={`btn btn-sm${working ? ' disabled-look' : ''}`}
              aria-disabled={working || undefined}
              aria-label={`${row.isPublic ? 'Hide' : 'Publish'} ${row.title}`}
              onClick={() => {
                if (!working) void store.toggle(row);
              }}
            >
              {row.isPublic ? 'Hide' : 'Publish'}
            </button>
            <DeleteButton title={row.title} busy={working} onClick={() => setConfirming(row)} />
            <ViewLink title={row.title} url={row.url} />
          </div>
        );
      },
    },
  ];

  return (
    <>
      <SearchableListCard
        list={list}
        onSearch={(query) => void store.search(query)}
        queryMaxLength={MAX_QUERY_LENGTH}
        onPage={(page) => void store.goToPage(page)}
        pageHref={(page) => store.hrefFor({ page, query: list.query, filters: list.filters })}
        path={POSTS_PATH}
        noun="post"
        caption="Posts"
        newHref="/website/posts/edit?new"
        newLabel="New Post"
        filtered={choice.status !== 'all'}
        controls={listChoices ? <PostListChoices choice={choice} onChange={(name, value) => void store.setFilter(name, value)} /> : undefined}
        selection={
          bulk
            ? {
                selected,
                onSelect: (row, ticked) => store.select(row.id, ticked),
                onSelectAll: (ticked) => store.selectAll(ticked),
                rowLabel: (row) => `Select ${row.title}`,
                allLabel: 'Select all posts on this page',
              }
            : undefined
        }
        actionBar={
          bulk ? (
            <BulkBar count={selected.size} noun="post" actions={BULK_ACTIONS} busy={bulkBusy} onAction={setBulkAsk} onClear={() => store.selectAll(false)} />
          ) : undefined
        }
        columns={columns}
        rowKey={(row) => row.id}
        id="posts-table"
        tableRef={tableRef}
      />
      <DeleteConfirm
        noun="post"
        title={confirming?.title ?? null}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(null)}
        fallbackFocus={() => tableRef.current}
      />
      <ConfirmDialog
        open={asked !== null}
        title={asked?.title ?? ''}
        confirmLabel={asked?.label ?? ''}
        danger={bulkAsk === 'delete'}
        onConfirm={() => void confirmBulk()}
        onCancel={() => setBulkAsk(null)}
        fallbackFocus={() => tableRef.current}
      >
        <p className="m-0">{asked?.text}</p>
      </ConfirmDialog>
    </>
  );
}
