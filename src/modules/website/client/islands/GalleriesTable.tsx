import { useEffect, useRef, useState } from "react";
import { useStore } from "@nanostores/react";
import "../../../../ui/islands/ui.css";
import { DataTable, type Column } from "../../../../ui/islands/list/DataTable";
import { Pagination } from "../../../../ui/islands/list/Pagination";
import { EmptyState } from "../../../../ui/islands/list/EmptyState";
import { ListStatus } from "../../../../ui/islands/list/ListStatus";
import {
  createGalleriesStore,
  type GalleriesNotice,
  type GalleriesStoreInit,
} from "../stores/galleries";
import type { GalleryRow } from "../../lists";
import { DeleteButton, DeleteConfirm } from "./RowLinks";
import { showFlash } from "../../../../lib/browser/flash";

export interface GalleriesTableProps extends GalleriesStoreInit {
  /** Set when the edit screen sent the user back (unknown gallery): the generic failure toast. */
  notice?: GalleriesNotice;
  /** Delete on each row (the backend's 'website.delete-galleries'); shown unless false. */
  deletable?: boolean;
}

/** Manage Galleries: New Gallery over the paged table; Delete asks first (Escape and Cancel keep the gallery). */
export default function GalleriesTable({
  notice = null,
  deletable = true,
  ...props
}: GalleriesTableProps) {
  const [store] = useState(() => createGalleriesStore(props));
  const list = useStore(store.$list);
  const busy = useStore(store.$busy);
  const [confirming, setConfirming] = useState<GalleryRow | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  useEffect(() => store.listenToHistory(), [store]);
  useEffect(() => store.showNotice(notice), [store, notice]);
  // The edit screen's 'Success! Gallery saved.' arrives with the navigation back here.
  useEffect(() => showFlash(), []);

  const confirmDelete = async () => {
    const row = confirming;
    setConfirming(null);
    if (!row) return;
    // The row (and its Delete button) leaves the page: focus the table so keyboard users stay here.
    if (await store.remove(row)) tableRef.current?.focus();
  };

  const columns: Column<GalleryRow>[] = [
    { id: "title", header: "Title", rowHeader: true, cell: (row) => row.title },
    { id: "photos", header: "Photos", cell: (row) => row.photos },
    {
      id: "created",
      header: "Created",
      className: "text-nowrap",
      cell: (row) => <time dateTime={row.created.iso}>{row.created.text}</time>,
    },
    {
      id: "actions",
      header: "Actions",
      className: "text-end",
      cell: (row) => (
        <div className="row-actions">
          <a
            className="btn btn-sm"
            href={`/website/galleries/edit?id=${row.id}`}
            aria-label={`Edit ${row.title}`}
          >
            Edit
          </a>
          {deletable && (
            <DeleteButton
              title={row.title}
              busy={busy.has(row.id)}
              onClick={() => setConfirming(row)}
            />
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <div className="card">
        <div className="card-header list-toolbar">
          <a
            className="btn btn-primary list-toolbar-end"
            href="/website/galleries/new"
          >
            New Gallery
          </a>
        </div>
        <DataTable
          caption="Galleries"
          columns={columns}
          rows={list.rows}
          rowKey={(row) => row.id}
          loading={list.loading}
          id="galleries-table"
          tableRef={tableRef}
          empty={
            <EmptyState title="No galleries yet">
              Use New Gallery to make the first one.
            </EmptyState>
          }
        />
        <div className="card-footer list-footer">
          <ListStatus
            loading={list.loading}
            loadingText="Loading galleries..."
            page={list.page}
            pageSize={list.pageSize}
            total={list.total}
            count={list.rows.length}
            noun="gallery"
            nounPlural="galleries"
          />
          <Pagination
            page={list.page}
            totalPages={list.totalPages}
            label="Galleries pagination"
            hrefFor={(page) => store.hrefFor({ page, query: "" })}
            onPage={(page) => void store.goToPage(page)}
          />
        </div>
      </div>
      <DeleteConfirm
        noun="gallery"
        title={confirming?.title ?? null}
        what="will be deleted with its photos, and pages showing it will no longer show it. This cannot be undone."
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(null)}
        fallbackFocus={() => tableRef.current}
      />
    </>
  );
}
