import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import '../../../../ui/islands/ui.css';
import './gallery.css';
import { createGalleryEditor, GALLERIES_LIST_PATH, type GalleryEditorTile } from '../stores/gallery';
import { MAX_GALLERY_ALT_LENGTH, MAX_GALLERY_CAPTION_LENGTH } from '../../rules';
import { useLeaveGuard } from '../../../../ui/islands/useLeaveGuard';
import { showFlash } from '../../../../lib/browser/flash';
import { GalleryUploader } from './GalleryUploader';

export interface GalleryEditorProps {
  galleryId: number;
  title: string;
  /** The gallery's images in order with their texts, thumbnails resolved on the server. */
  tiles: GalleryEditorTile[];
  /** Bytes: the server's upload ceiling. */
  maxFileSize: number;
  /** Alt texts and captions can be edited (the backend keeps them: capability 'website.media-details'). */
  mediaDetails?: boolean;
}

/** Where focus should land after the grid changes (a tile's button, or the grid). */
type FocusTarget = { id: number; action: 'left' | 'right' | 'delete' } | { id: null };

/**
 * /website/galleries/edit: upload (Uppy), the 150x150 grid with a delete cross per image, an alt
 * text and a caption field under each, reordering by drag (sortablejs) or by the move buttons,
 * Cancel and Save.
 */
export default function GalleryEditor({ galleryId, title, tiles: initialTiles, maxFileSize, mediaDetails = true }: GalleryEditorProps) {
  const [store] = useState(() => createGalleryEditor({ galleryId, tiles: initialTiles }));
  const tiles = useStore(store.$tiles);
  const uploading = useStore(store.$uploading);
  const saving = useStore(store.$saving);
  const removing = useStore(store.$removing);
  const announcement = useStore(store.$announcement);
  // Fresh uploads, a new order and edited texts are lost when leaving unsaved (uploads still on their way too).
  const guard = useLeaveGuard(() => store.$dirty.get() || store.$uploading.get() > 0);
  const gridRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);

  useEffect(() => showFlash(), []);

  // Drag to reorder. Sortable moves the DOM node itself; put it back and let React move it from
  // the new order, so React's view of the list stays true.
  useEffect(() => {
    const grid = gridRef.current;
    if (!grid) return;
    let sortable: { destroy(): void } | null = null;
    let cancelled = false;
    void import('sortablejs').then(({ default: Sortable }) => {
      if (cancelled) return;
      sortable = Sortable.create(grid, {
        animation: 150,
        draggable: '.gallery-tile',
        // Controls and text fields keep their own pointer use (a drag would steal text selection).
        filter: 'button, input, textarea, label',
        preventOnFilter: false,
        ghostClass: 'is-ghost',
        onEnd(event) {
          const { oldIndex, newIndex, item, from } = event;
          if (oldIndex === undefined || newIndex === undefined || oldIndex === newIndex) return;
          from.removeChild(item);
          from.insertBefore(item, from.children[oldIndex] ?? null);
          store.reorder(oldIndex, newIndex);
        },
      });
    });
    return () => {
      cancelled = true;
      sortable?.destroy();
    };
  }, [store]);

  // Moving or deleting re-renders the grid; keep keyboard focus on the same image's control.
  useEffect(() => {
    if (!focusTarget) return;
    setFocusTarget(null);
    if (focusTarget.id === null) {
      headingRef.current?.focus();
      return;
    }
    const tile = gridRef.current?.querySelector<HTMLElement>(`[data-tile-id="${focusTarget.id}"]`);
    // At an end the pressed arrow is disabled: the other arrow is the next useful key.
    const order = focusTarget.action === 'left' ? ['left', 'right'] : focusTarget.action === 'right' ? ['right', 'left'] : [];
    const button = [...order, 'delete']
      .map((action) => tile?.querySelector<HTMLButtonElement>(`[data-action="${action}"]:not([disabled])`))
      .find((b) => b);
    button?.focus();
  }, [focusTarget, tiles]);

  const move = (tile: GalleryEditorTile, delta: number) => {
    store.move(tile.id, delta);
    setFocusTarget({ id: tile.id, action: delta < 0 ? 'left' : 'right' });
  };

  const remove = async (tile: GalleryEditorTile) => {
    const index = tiles.findIndex((t) => t.id === tile.id);
    if (!(await store.remove(tile.id))) return;
    const rest = store.$tiles.get();
    const next = rest[Math.min(index, rest.length - 1)];
    setFocusTarget(next ? { id: next.id, action: 'delete' } : { id: null });
  };

  const saveDisabled = saving || uploading > 0;

  return (
    <div className="card gallery-editor">
      <div className="card-header">
        <h2 className="card-title">Upload images to “{title}”</h2>
      </div>
      <div className="card-body">
        <GalleryUploader store={store} maxFileSize={maxFileSize} />

        <h2 className="h3 mt-4 mb-1" ref={headingRef} tabIndex={-1}>
          Images in this gallery
        </h2>
        <p className="text-secondary mb-2" id="gallery-grid-help">
          {mediaDetails
            ? 'Drag an image to a new place, or use its arrow buttons. Deleting an image takes effect at once; the order, alt texts and captions are kept when you press Save. The alt text tells people who cannot see an image what it shows (left empty, the image’s title is used); the caption shows under the image on the website.'
            : 'Drag an image to a new place, or use its arrow buttons. Deleting an image takes effect at once; new images and the order are kept when you press Save.'}
        </p>
        <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
          {announcement}
        </p>
        {tiles.length === 0 ? <p className="gallery-empty text-secondary">No images yet. Upload some above.</p> : null}
        <ul className="gallery-grid" ref={gridRef} aria-label="Gallery images" aria-describedby="gallery-grid-help">
          {tiles.map((tile, index) => (
            <li className="gallery-tile" key={tile.id} data-tile-id={tile.id}>
              <img src={tile.thumb} alt={tile.title} width={150} height={150} loading="lazy" draggable={false} />
              <button
                type="button"
                className="gallery-delete"
                data-action="delete"
                aria-label={`Delete image ${tile.title}`}
                title="Delete image"
                aria-disabled={removing.has(tile.id) || undefined}
                onClick={() => {
                  if (!removing.has(tile.id)) void remove(tile);
                }}
              >
                <span aria-hidden="true">×</span>
              </button>
              <div className="gallery-move">
                <button
                  type="button"
                  className="btn btn-sm btn-icon"
                  data-action="left"
                  aria-label={`Move image ${tile.title} left`}
                  title="Move left"
                  disabled={index === 0}
                  onClick={() => move(tile, -1)}
                >
                  <span aria-hidden="true">←</span>
                </button>
                <span className="gallery-position" aria-hidden="true">
                  {index + 1}
                </span>
                <button
                  type="button"
                  className="btn btn-sm btn-icon"
                  data-action="right"
                  aria-label={`Move image ${tile.title} right`}
                  title="Move right"
                  disabled={index === tiles.length - 1}
                  onClick={() => move(tile, 1)}
                >
                  <span aria-hidden="true">→</span>
                </button>
              </div>
              {mediaDetails ? (
                <div className="gallery-texts">
                  <label className="form-label" htmlFor={`gallery-alt-${tile.id}`}>
                    Alt text<span className="visually-hidden"> of image {index + 1}</span>
                  </label>
                  <input
                    id={`gallery-alt-${tile.id}`}
                    className="form-control form-control-sm"
                    type="text"
                    value={tile.alt}
                    maxLength={MAX_GALLERY_ALT_LENGTH}
                    placeholder={tile.title}
                    onChange={(e) => store.setText(tile.id, 'alt', e.currentTarget.value)}
                  />
                  <label className="form-label" htmlFor={`gallery-caption-${tile.id}`}>
                    Caption<span className="visually-hidden"> of image {index + 1}</span>
                  </label>
                  <textarea
                    id={`gallery-caption-${tile.id}`}
                    className="form-control form-control-sm"
                    rows={2}
                    value={tile.caption}
                    maxLength={MAX_GALLERY_CAPTION_LENGTH}
                    onChange={(e) => store.setText(tile.id, 'caption', e.currentTarget.value)}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
      <div className="card-footer d-flex flex-wrap align-items-center justify-content-end gap-2">
        {uploading > 0 ? (
          <span className="text-secondary me-auto" id="gallery-save-wait">
            Waiting for {uploading} upload{uploading === 1 ? '' : 's'} to finish…
          </span>
        ) : null}
        <a className="btn" href={GALLERIES_LIST_PATH}>
          Cancel
        </a>
        <button
          type="button"
          className="btn btn-primary"
          disabled={saveDisabled}
          aria-describedby={uploading > 0 ? 'gallery-save-wait' : undefined}
          onClick={() => void store.save(guard.leaveNow)}
        >
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
      {guard.dialog}
    </div>
  );
}
