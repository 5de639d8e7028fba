import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import '../ui/ui.css';
import type { Column } from '../ui/DataTable';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { SearchableListCard } from '../ui/SearchableListCard';
import { EditOrLocked, ViewLink } from './RowLinks';
import { createPostsStore, POSTS_PATH, type PostsStoreInit } from '../../stores/website/posts';
import type { PostRow } from '../../lib/website-lists';
import { showFlash } from '../../lib/flash';
import { MAX_QUERY_LENGTH } from '../../contracts/website-rules';

export type PostsTableProps = PostsStoreInit;

/** Manage Posts: search, New Post, the paged table with its row actions. */
export default function PostsTable(props: PostsTableProps) {
  const [store] = useState(() => createPostsStore(props));
  const list = useStore(store.$list);
  const busy = useStore(store.$busy);
  const [confirming, setConfirming] = useState<PostRow | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);

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

  const columns: Column<PostRow>[] = [
    { id: 'title', header: 'Title', rowHeader: true, cell: (row) => row.title },
    { id: 'category', header: 'Category', cell: (row) => row.category },
    {
      id: 'created',
      header: 'Created',
      className: 'text-nowrap',
      cell: (row) => <time dateTime={row.created.iso}>{row.created.text}</time>,
    },
    {
      id: 'visibility',
      header: 'Visibility',
      cell: (row) =>
        row.isPublic ? <span className="badge badge-public">Public</span> : <span className="badge badge-hidden">Hidden</span>,
    },
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
            <button
              type="button"
              className={`btn btn-sm btn-outline-danger${working ? ' disabled-look' : ''}`}
              aria-disabled={working || undefined}
              aria-label={`Delete ${row.title}`}
              onClick={() => {
                if (!working) setConfirming(row);
              }}
            >
              Delete
            </button>
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
      pageHref={(page) => store.hrefFor({ page, query: list.query })}
        path={POSTS_PATH}
        noun="post"
        caption="Posts"
        newHref="/website/posts/edit"
        newLabel="New Post"
        columns={columns}
        rowKey={(row) => row.id}
        id="posts-table"
        tableRef={tableRef}
      />
      <ConfirmDialog
        open={confirming !== null}
        title="Delete this post?"
        confirmLabel="Delete"
        danger
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(null)}
        fallbackFocus={() => tableRef.current}
      >
        <p className="m-0">
          “{confirming?.title}” will be deleted from your website. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
