/**
 * The page/post editor island (/website/posts/edit, /website/pages/edit): Title, the Editor.js
 * content area under its fixed toolbar (ui/rich-text's: undo/redo, formatting, blocks), which ends
 * with Insert Attachment and Insert Gallery (pages), Category (posts), Menu
 * Parent (new pages), Cancel and Create/Save. Logic lives in src/modules/website/client/stores/editor.ts.
 *
 * Rendered on the server and hydrated (client:load): the first HTML has the whole frame (the
 * title, the toolbar, the content area at its full height, the categories and the menu parents
 * the page passes in, the buttons), so nothing moves when the island wakes up. Editor.js touches
 * `window` when it is imported, so the content area (ui/rich-text's RichTextArea) is loaded only
 * in the browser, after hydration, into the box the server drew for it.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Category } from '../../../contract';
import { CategoryPicker } from '../../../../../ui/islands/CategoryPicker';
import { createEditorStore, type EditorStore } from '../../stores/editor';
import { TITLE_MAX, TOP_LEVEL, type EditorItem, type EditorKind, type EditorMode } from '../../../editor';
import { RichTextArea } from '../../../../../ui/islands/rich-text/RichTextArea';
import type { EditorControls } from '../../../../../ui/islands/rich-text/EditorSurface';
import { useLeaveGuard } from '../../../../../ui/islands/useLeaveGuard';
import { ALL_DRAFT_FEATURES, useEditorDrafts, type DraftFeatures } from './useEditorDrafts';
import type { Autosave } from '../../../revisions-contract';
import './editor.css';

export interface ContentEditorProps {
  kind: EditorKind;
  mode: EditorMode;
  /** The item to edit (edit mode), loaded by the page on the server. */
  item: EditorItem | null;
  /** Posts: the school's categories, loaded by the page (the list is in the first HTML). */
  categories?: Category[] | null;
  /** New pages: the Menu Parent's page titles, loaded by the page. */
  parents?: string[] | null;
  /** The user's autosave to offer (newer than what is saved), loaded by the page; undefined asks the server. */
  autosave?: Autosave | null;
  /** Which safety nets the backend has (the page asks its capabilities); all when not given. */
  drafts?: DraftFeatures;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function Categories({ store }: { store: EditorStore }) {
  const categories = useStore(store.$categories);
  const form = useStore(store.$form);
  const ticked = new Set(form.categoryIds);
  return (
    <fieldset className="mb-3 editor-categories">
      <legend className="form-label">Category</legend>
      {categories.state === 'loading' || categories.state === 'idle' ? (
        <p className="text-secondary m-0">Loading categories…</p>
      ) : categories.state === 'failed' ? (
        <p className="text-danger m-0">The categories could not be loaded.</p>
      ) : categories.items.length === 0 ? (
        <p className="text-secondary m-0">There are no categories.</p>
      ) : (
        <CategoryPicker categories={categories.items} ticked={ticked} onToggle={(id, on) => store.toggleCategory(id, on)} />
      )}
    </fieldset>
  );
}

function MenuParent({ store }: { store: EditorStore }) {
  const parents = useStore(store.$parents);
  const form = useStore(store.$form);
  const id = useId();
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        Menu Parent
      </label>
      <select id={id} className="form-select" value={form.parent} onChange={(event) => store.setParent(event.currentTarget.value)}>
        <option value="">{TOP_LEVEL}</option>
        {parents.titles.map((title, index) => (
          <option key={`${index}-${title}`} value={title}>
            {title}
          </option>
        ))}
      </select>
      {parents.state === 'loading' && <div className="form-hint">Loading pages…</div>}
    </div>
  );
}

function GalleryMenu({ store, onPick }: { store: EditorStore; onPick: (id: number) => void }) {
  const galleries = useStore(store.$galleries);
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div className="dropdown editor-gallery-menu" ref={wrapper}>
      <button type="button" className="btn btn-sm dropdown-toggle" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
        Insert Gallery
      </button>
      <div id={menuId} className={`dropdown-menu editor-gallery-list${open ? ' show' : ''}`} hidden={!open}>
        {galleries.state === 'ready' && galleries.items.length === 0 && <span className="dropdown-item disabled">No galleries yet</span>}
        {galleries.state === 'loading' && <span className="dropdown-item disabled">Loading galleries…</span>}
        {galleries.state === 'failed' && <span className="dropdown-item disabled">The galleries could not be loaded.</span>}
        {galleries.items.map((gallery) => (
          <button
            key={gallery.id}
            type="button"
            className="dropdown-item"
            onClick={() => {
              setOpen(false);
              onPick(gallery.id);
            }}
          >
            {gallery.title || `Gallery ${gallery.id}`}
          </button>
        ))}
      </div>
    </div>
  );
}

export default function ContentEditor({
  kind,
  mode,
  item,
  categories = null,
  parents = null,
  autosave,
  drafts: features = ALL_DRAFT_FEATURES,
}: ContentEditorProps) {
  const store = useMemo(() => createEditorStore({ kind, mode, item, categories, parents }), [kind, mode, item, categories, parents]);
  const form = useStore(store.$form);
  const saving = useStore(store.$saving);
  const uploading = useStore(store.$uploading);
  const guard = useLeaveGuard(() => store.$dirty.get());
  const [controls, setControls] = useState<EditorControls | null>(null);
  // A restored revision or autosave starts the content area again with its HTML (a new key).
  const [content, setContent] = useState({ html: item?.content ?? '', version: 0 });
  const drafts = useEditorDrafts({
    kind,
    mode,
    item,
    store,
    controls,
    offer: autosave,
    features,
    replace: (title, html) => {
      setControls(null);
      store.setTitle(title);
      store.markContentChanged();
      setContent((shown) => ({ html, version: shown.version + 1 }));
    },
  });
  const fileInput = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const contentLabelId = useId();

  useEffect(() => {
    // Lists the page rendered are refreshed quietly (the page may come from the browser's cache).
    if (kind === 'post') void store.loadCategories();
    if (kind === 'page') void store.loadGalleries();
    if (kind === 'page' && mode === 'create') void store.loadParents();
  }, [store, kind, mode]);

  const insertAttachment = async (file: File) => {
    const attachment = await store.uploadAttachment(file);
    if (!attachment || !controls) return;
    controls.insertParagraph(`<a href="${escapeHtml(attachment.url)}">${escapeHtml(attachment.title)}</a>`);
  };

  const insertGallery = async (id: number) => {
    if (!controls) return;
    controls.insertParagraph(escapeHtml(await store.galleryShortcode(id)));
  };

  const ready = controls !== null;
  // The content's own buttons, at the end of its toolbar.
  const extras = (
    <>
      <button type="button" className="btn btn-sm" onClick={() => fileInput.current?.click()} disabled={!ready || uploading}>
        {uploading ? 'Uploading…' : 'Insert Attachment'}
      </button>
      <input
        ref={fileInput}
        type="file"
        hidden
        aria-label="Attachment file"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void insertAttachment(file);
        }}
      />
      {kind === 'page' && <GalleryMenu store={store} onPick={(id) => void insertGallery(id)} />}
    </>
  );
  return (
    <div className="card content-editor-card">
      <div className="card-body">
        {drafts.notices}
        <div className="mb-3">
          <label className="form-label" htmlFor={titleId}>
            Title
          </label>
          <input
            id={titleId}
            className="form-control"
            type="text"
            value={form.title}
            maxLength={TITLE_MAX}
            onChange={(event) => store.setTitle(event.currentTarget.value)}
          />
        </div>

        <div className="mb-3">
          <span className="form-label" id={contentLabelId}>
            Content
          </span>
          <RichTextArea
            key={content.version}
            initialHtml={content.html}
            labelledBy={contentLabelId}
            uploadImage={store.uploadImage}
            loadGallery={store.galleryPreview}
            onReady={setControls}
            toolbarExtras={extras}
            onChange={() => {
              store.markContentChanged();
              drafts.touch();
            }}
          />
        </div>

        {kind === 'post' && <Categories store={store} />}
        {kind === 'page' && mode === 'create' && <MenuParent store={store} />}
        {drafts.revisions}
      </div>
      <div className="card-footer editor-footer">
        {drafts.autosaveStatus}
        <button type="button" className="btn" onClick={() => store.cancel(guard.confirmLeave)} disabled={saving}>
          Cancel
        </button>
        {drafts.previewButton}
        <button
          type="button"
          className="btn btn-primary"
          disabled={!ready || saving}
          onClick={() => {
            if (controls) void drafts.save(() => store.save(() => controls.getHtml(), guard.leaveNow));
          }}
        >
          {saving ? 'Saving…' : mode === 'create' ? 'Create' : 'Save'}
        </button>
      </div>
      {guard.dialog}
      {drafts.dialog}
    </div>
  );
}
