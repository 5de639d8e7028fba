/**
 * The gallery edit screen: the grid of images (uploaded ones join it at once), their order, their
 * alt texts and captions, the immediate delete and the Save that attaches the uploads in grid
 * order with the texts changed since the screen opened; and what the uploader
 * (Uppy, which makes its own requests) needs to send an image and to settle its answer.
 *
 * Spec section 8: gallery save and remove failures show nothing (an expired session still goes
 * to the login page: the envelope handling does that whatever onFailure says).
 */
import { atom, type ReadableAtom } from 'nanostores';
import { CLIENT_HEADERS, readEnvelope, settle } from '../../../../lib/browser/api-client';
import { callUrl, send } from '../../../../lib/browser/send';
import { setFlash } from '../../../../lib/browser/flash';
import type { CallInput } from '../../../../lib/contract/calls';
import type { Failure } from '../../../../lib/contract/envelope';
import type { GalleryImageTexts, GalleryUploadResponse, WebsiteCalls } from '../../contract';
import { websiteApi } from '../../calls';
import { thumbnailUrl } from '../../rules';
import { toGalleryTile, type GalleryTile } from '../../lists';

type UploadForm = CallInput<WebsiteCalls['uploadGalleryImage']>['form'];

/** How the uploader sends an image: the gallery upload call, as the contract has it. */
export interface GalleryUploadTarget {
  endpoint: string;
  method: string;
  headers: Readonly<Record<string, string>>;
  /** The form field of the file. */
  fieldName: keyof UploadForm & 'file';
  /** The form's other fields, as text. */
  fields: Record<Exclude<keyof UploadForm, 'file'>, string>;
}

export const GALLERIES_LIST_PATH = '/website/galleries';
/** The toast on the list after a save (the spec has none: as 'Success! New gallery created!'). */
export const GALLERY_SAVED = 'Success! Gallery saved.';

/** One image of the edit screen's grid with its texts as typed (alt '' means its title is used). */
export interface GalleryEditorTile extends GalleryTile {
  alt: string;
  caption: string;
}
export type GalleryTextField = 'alt' | 'caption';

/** The texts of the tiles that differ (once trimmed, as the server keeps them) from `saved`: what a save sends. */
export function changedTexts(tiles: readonly GalleryEditorTile[], saved: ReadonlyMap<number, { alt: string; caption: string }>): GalleryImageTexts[] {
  return tiles.flatMap((tile) => {
    const texts = { id: tile.id, alt: tile.alt.trim(), caption: tile.caption.trim() };
    const before = saved.get(tile.id);
    return before && before.alt === texts.alt && before.caption === texts.caption ? [] : [texts];
  });
}

/** `list` with the item at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const [item] = next.splice(from, 1);
  const target = Math.max(0, Math.min(to, next.length));
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}

export interface GalleryEditorStore {
  galleryId: number;
  $tiles: ReadableAtom<GalleryEditorTile[]>;
  /** Uploads on their way: Save waits for them. */
  $uploading: ReadableAtom<number>;
  $saving: ReadableAtom<boolean>;
  /** Ids with a delete on its way. */
  $removing: ReadableAtom<ReadonlySet<number>>;
  /** The last change, for the live region. */
  $announcement: ReadableAtom<string>;
  /** Images added or moved, or texts edited, and not saved yet (deleting is immediate and saved): leaving asks. */
  $dirty: ReadableAtom<boolean>;
  announce(text: string): void;
  setUploading(count: number): void;
  add(tile: GalleryEditorTile): void;
  /** An image's alt text or caption as typed. */
  setText(id: number, field: GalleryTextField, value: string): void;
  /** Deletes the image on the server at once and takes it off the grid. */
  remove(id: number): Promise<boolean>;
  /** Moves an image by `delta` places (keyboard buttons). */
  move(id: number, delta: number): void;
  /** Moves the image at `from` to `to` (drag and drop). */
  reorder(from: number, to: number): void;
  /** Attaches the grid's images in order with the changed texts, then `navigate`s to the list; true when saved. */
  save(navigate?: (path: string) => void): Promise<boolean>;
  /** Where and how the uploader sends an image. */
  uploadTarget: GalleryUploadTarget;
  /** An upload's answer as its envelope (the uploader's response parser). */
  readUpload(status: number, text: string): GalleryUploadResponse | Failure;
  /** An upload answered: its image joins the grid (true), or the failure is settled like any call's (false). */
  uploaded(answer: unknown): boolean;
  /** An upload failed: settled like any call's (sign in again, or the generic toast). */
  uploadFailed(answer: GalleryUploadResponse | Failure): void;
}

export function createGalleryEditor(init: { galleryId: number; tiles: GalleryEditorTile[] }): GalleryEditorStore {
  const { galleryId } = init;
  const $tiles = atom<GalleryEditorTile[]>(init.tiles);
  // The texts as the server has them: a save sends only the ones edited since (a fresh upload's are its title and none).
  const savedTexts = new Map(init.tiles.map((t) => [t.id, { alt: t.alt, caption: t.caption }]));
  const $uploading = atom(0);
  const $saving = atom(false);
  const $removing = atom<ReadonlySet<number>>(new Set());
  const $announcement = atom('');
  const $dirty = atom(false);

  const announce = (text: string) => $announcement.set(text);
  const position = (id: number) => $tiles.get().findIndex((t) => t.id === id);
  const announceMove = (tile: GalleryEditorTile, index: number) =>
    announce(`${tile.title} moved to position ${index + 1} of ${$tiles.get().length}.`);

  const add = (tile: GalleryEditorTile) => {
    if (position(tile.id) !== -1) return;
    savedTexts.set(tile.id, { alt: tile.alt, caption: tile.caption });
    $tiles.set([...$tiles.get(), tile]);
    $dirty.set(true);
    announce(`${tile.title} uploaded.`);
  };

  const setRemoving = (id: number, on: boolean) => {
    const next = new Set($removing.get());
    if (on) next.add(id);
    else next.delete(id);
    $removing.set(next);
  };

  return {
    galleryId,
    $tiles,
    $uploading,
    $saving,
    $removing,
    $announcement,
    $dirty,
    announce,
    setUploading(count) {
      $uploading.set(Math.max(0, count));
    },
    add,
    setText(id, field, value) {
      const index = position(id);
      const tile = $tiles.get()[index];
      if (!tile || tile[field] === value) return;
      const next = [...$tiles.get()];
      next[index] = { ...tile, [field]: value };
      $tiles.set(next);
      $dirty.set(true);
    },
    async remove(id) {
      const tile = $tiles.get().find((t) => t.id === id);
      if (!tile || $removing.get().has(id)) return false;
      setRemoving(id, true);
      try {
        const res = await send(websiteApi.removeGalleryImage, { body: { id, galleryID: galleryId } }, { onFailure: 'silent' });
        if (!res) return false;
        $tiles.set($tiles.get().filter((t) => t.id !== id));
        announce(`${tile.title} deleted.`);
        return true;
      } finally {
        setRemoving(id, false);
      }
    },
    move(id, delta) {
      const from = position(id);
      if (from === -1) return;
      const to = Math.max(0, Math.min(from + delta, $tiles.get().length - 1));
      if (to === from) return;
      $tiles.set(moveItem($tiles.get(), from, to));
      $dirty.set(true);
      const tile = $tiles.get()[to];
      if (tile) announceMove(tile, to);
    },
    reorder(from, to) {
      if (from === to) return;
      $tiles.set(moveItem($tiles.get(), from, to));
      $dirty.set(true);
      const tile = $tiles.get()[to];
      if (tile) announceMove(tile, to);
    },
    async save(navigate = (path: string) => window.location.assign(path)) {
      if ($saving.get() || $uploading.get() > 0) return false;
      $saving.set(true);
      const tiles = $tiles.get();
      const images = changedTexts(tiles, savedTexts);
      // Without edited texts the body is the spec's {uploaded, galleryID}, exactly.
      const body = { uploaded: tiles.map((t) => t.id), galleryID: galleryId, ...(images.length > 0 ? { images } : {}) };
      const res = await send(websiteApi.updateGallery, { body }, { onFailure: 'silent' });
      if (!res) {
        $saving.set(false);
        return false;
      }
      $dirty.set(false);
      // Said on the list the save goes back to (as the editor's saves are).
      setFlash(GALLERIES_LIST_PATH, GALLERY_SAVED);
      navigate(GALLERIES_LIST_PATH);
      return true;
    },
    uploadTarget: {
      endpoint: callUrl(websiteApi.uploadGalleryImage),
      method: websiteApi.uploadGalleryImage.method,
      headers: CLIENT_HEADERS,
      fieldName: 'file',
      fields: { galleryID: String(galleryId) },
    },
    readUpload(status, text) {
      return readEnvelope<GalleryUploadResponse>(status, text);
    },
    uploaded(answer) {
      const body = settle(answer as GalleryUploadResponse | Failure);
      if (!body) return false;
      // A fresh upload's alt text is its title until someone writes one (as the server answers it).
      add({ ...toGalleryTile({ ...body, alt: body.title, caption: '' }, thumbnailUrl), alt: body.title, caption: '' });
      return true;
    },
    uploadFailed(answer) {
      // Spec section 7: an unsuccessful result shows the generic failure toast (the default).
      settle(answer);
    },
  };
}
