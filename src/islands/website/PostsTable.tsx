import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import '../ui/ui.css';
import { DataTable, type Column } from '../ui/DataTable';
import { Pagination } from '../ui/Pagination';
import { SearchBox } from '../ui/SearchBox';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { EmptyState } from '../ui/EmptyState';
import { ListStatus } from '../ui/ListStatus';
import { createPostsStore, POSTS_PATH, type PostsStoreInit } from '../../stores/website-posts';
import type { PostRow } from '../../stores/website-rows';
import { showFlash } from '../../stores/website-flash';

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
            {row.locked ? (
              <button
                type="button"
                className="btn btn-sm"
                disabled
                aria-label={`Locked: ${row.title} cannot be edited here`}
                title="Built with a page builder, table style or form plugin: it cannot be edited here."
              >
                Locked
              </button>
            ) : (
              <a className="btn btn-sm" href={`/website/posts/edit?id=${row.id}`} aria-label={`Edit ${row.title}`}>
                Edit
              </a>
            )}
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
            <a
              className="btn btn-sm"
              href={row.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`View ${row.title} (opens in a new tab)`}
            >
              View
            </a>
          </div>
        );
      },
    },
  ];

  return (
    <>
      <div className="card">
        <div className="card-header list-toolbar">
          <SearchBox label="Search posts by title" action={POSTS_PATH} value={list.query} onSearch={(q) => void store.search(q)} />
          <a className="btn btn-primary list-toolbar-end" href="/website/posts/edit">
            New Post
          </a>
        </div>
        <DataTable
          caption="Posts"
          columns={columns}
          rows={list.rows}
          rowKey={(row) => row.id}
          loading={list.loading}
          tableRef={tableRef}
          id="posts-table"
          empty={
            <EmptyState title={list.query ? 'No posts match your search' : 'No posts yet'}>
              {list.query ? 'Try other words, or clear the search.' : 'Use New Post to write the first one.'}
            </EmptyState>
          }
        />
        <div className="card-footer list-footer">
          <ListStatus
            loading={list.loading}
            loadingText="Loading posts..."
            page={list.page}
            totalPages={list.totalPages}
            count={list.rows.length}
            noun="post"
            query={list.query}
          />
          <Pagination
            page={list.page}
            totalPages={list.totalPages}
            label="Posts pagination"
            hrefFor={(page) => store.hrefFor({ page, query: list.query })}
            onPage={(page) => void store.goToPage(page)}
          />
        </div>
      </div>
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
