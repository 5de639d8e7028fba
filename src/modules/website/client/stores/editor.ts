/**
 * The page/post editor (/website/posts/edit, /website/pages/edit): its form state (title,
 * categories, menu parent), the lists it loads (categories, pages, galleries), the uploads it
 * makes and the save. The content itself lives in Editor.js; the island hands its HTML to `save`.
 *
 * Imports only types from the contract's schemas (they would pull zod into the editor's bundle);
 * endpoints and rules come from its zod-free files.
 */
import { atom, map, type MapStore, type ReadableAtom, type WritableAtom } from 'nanostores';
import { send } from '../../../../lib/browser/send';
import { showToast } from '../../../../lib/browser/toast';
import type { CallInput, TypedEndpoint } from '../../../../lib/contract/calls';
import type { Category, MediaUploadResponse, WebsiteCalls } from '../../contract';
import { websiteApi } from '../../calls';
import { DEFAULT_POST_CATEGORY, gallerySliderShortcode, MAX_PAGE_LIMIT, thumbnailUrl } from '../../rules';
import { setFlash } from '../../../../lib/browser/flash';

import {
  ATTACHMENT_DEFAULT_TITLE,
  CATEGORIES_FAILURE,
  GALLERIES_FAILURE,
  listPath,
  SAVE_FAILURE,
  successText,
  type EditorItem,
  type EditorKind,
  type EditorMode,
} from '../../editor';

type SaveCall = WebsiteCalls['createPost' | 'updatePost' | 'createPage' | 'updatePage'];

/** The save call of an editor: create or update, of a post or a page. */
export function saveEndpoint(kind: EditorKind, mode: EditorMode): TypedEndpoint<SaveCall> {
  if (kind === 'post') return mode === 'create' ? websiteApi.createPost : websiteApi.updatePost;
  return mode === 'create' ? websiteApi.createPage : websiteApi.updatePage;
}


/* ---- Categories ---- */

/**
 * The categories ticked when the editor opens: 'Newsflash' for a new post (the first of that name,
 * should there be two); for an existing post its category ids when the server gave them (two
 * categories may share a name), else the ones its comma-and-space separated names list.
 */
export function initialCategoryIds(
  categories: readonly Category[],
  categoryNames: string | undefined,
  mode: EditorMode,
  categoryIds?: readonly number[],
): number[] {
  if (mode === 'create') {
    const wanted = DEFAULT_POST_CATEGORY.toLowerCase();
    const first = categories.find((category) => category.name.trim().toLowerCase() === wanted);
    return first ? [first.id] : [];
  }
  if (categoryIds) {
    const ids = new Set(categoryIds);
    return categories.filter((category) => ids.has(category.id)).map((category) => category.id);
  }
  const names = (categoryNames ?? '').split(', ').filter((name) => name !== '');
  const wanted = new Set(names.map((name) => name.trim().toLowerCase()));
  return categories.filter((category) => wanted.has(category.name.trim().toLowerCase())).map((category) => category.id);
}

/** The save payload's category: a map of category id to name, in the list's order. */
export function categoryMap(categories: readonly Category[], selected: ReadonlySet<number>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const category of categories) if (selected.has(category.id)) out[String(category.id)] = category.name;
  return out;
}

function sameCategories(a: readonly Category[], b: readonly Category[]): boolean {
  return a.length === b.length && a.every((category, i) => category.id === b[i]?.id && category.name === b[i]?.name);
}

/* ---- The store ---- */

export type LoadState = 'idle' | 'loading' | 'ready' | 'failed';

export interface EditorForm {
  title: string;
  /** Ticked category ids (posts). */
  categoryIds: number[];
  /** The menu parent's title; '' is Top Level (new pages). */
  parent: string;
}

export interface EditorStoreInit {
  kind: EditorKind;
  mode: EditorMode;
  item: EditorItem | null;
  /** The school's categories as the page rendered them (posts): the list starts ready, no fetch needed to show it. */
  categories?: Category[] | null;
  /** The page titles the Menu Parent offers, as the page rendered them (new pages). */
  parents?: string[] | null;
}

export interface EditorStore {
  readonly kind: EditorKind;
  readonly mode: EditorMode;
  readonly $form: MapStore<EditorForm>;
  readonly $categories: ReadableAtom<{ state: LoadState; items: Category[] }>;
  readonly $parents: ReadableAtom<{ state: LoadState; titles: string[] }>;
  readonly $galleries: ReadableAtom<{ state: LoadState; items: Array<{ id: number; title: string }> }>;
  readonly $saving: ReadableAtom<boolean>;
  readonly $uploading: ReadableAtom<boolean>;
  /** Something was changed since the page opened and is not saved (the leave guard asks). */
  readonly $dirty: ReadableAtom<boolean>;
  /** The content was edited (Editor.js reported a change made after it was ready). */
  markContentChanged(): void;
  setTitle(title: string): void;
  toggleCategory(id: number, ticked: boolean): void;
  setParent(title: string): void;
  /** Loads the categories; with a list already there (from the page), refreshes it quietly: no loading state, the ticks kept. */
  loadCategories(): Promise<void>;
  /** Loads the Menu Parent's titles; with titles already there (from the page), refreshes them quietly. */
  loadParents(): Promise<void>;
  loadGalleries(): Promise<void>;
  /** The gallery slider shortcode for a gallery. */
  galleryShortcode(id: number): Promise<string>;
  /** A gallery's title and thumbnails, for the editor's gallery slider card; null (quietly) when it cannot be loaded. */
  galleryPreview(id: number): Promise<{ title: string; thumbnails: Array<{ src: string; alt: string }> } | null>;
  /** Uploads an image through the builder upload call; its address, or null (after a toast). */
  uploadImage(file: Blob): Promise<string | null>;
  /** Uploads an attachment; its address and title ('Attachment' when it has none), or null (after a toast). */
  uploadAttachment(file: File): Promise<{ url: string; title: string } | null>;
  /**
   * Saves with the content `getContent` gives; on success the list shows the success toast (set
   * here, shown there) and `navigate` goes back to it. On failure the error toast shows and
   * everything typed stays.
   */
  save(getContent: () => Promise<string>, navigate?: (path: string) => void): Promise<boolean>;
  /** Back to the list without saving (`navigate` is where the island's leave guard asks first). */
  cancel(navigate?: (path: string) => void): void;
}

const assign = (path: string) => window.location.assign(path);

export function createEditorStore({ kind, mode, item, categories, parents }: EditorStoreInit): EditorStore {
  const $form = map<EditorForm>({
    title: item?.title ?? '',
    categoryIds: categories ? initialCategoryIds(categories, item?.categoryNames, mode, item?.categoryIds) : [],
    parent: '',
  });
  const $categories = atom<{ state: LoadState; items: Category[] }>(categories ? { state: 'ready', items: categories } : { state: 'idle', items: [] });
  const $parents = atom<{ state: LoadState; titles: string[] }>(parents ? { state: 'ready', titles: parents } : { state: 'idle', titles: [] });
  const $galleries = atom<{ state: LoadState; items: Array<{ id: number; title: string }> }>({ state: 'idle', items: [] });
  const $saving: WritableAtom<boolean> = atom(false);
  const $uploading: WritableAtom<boolean> = atom(false);
  const $dirty: WritableAtom<boolean> = atom(false);

  async function upload(endpoint: TypedEndpoint<WebsiteCalls['uploadMedia' | 'uploadBuilderMedia']>, file: Blob): Promise<MediaUploadResponse['media'] | null> {
    $uploading.set(true);
    try {
      // Spec section 8: an attachment upload failure shows the generic toast (the default).
      const res = await send(endpoint, { form: { file } });
      return res?.media ?? null;
    } finally {
      $uploading.set(false);
    }
  }

  return {
    kind,
    mode,
    $form,
    $categories,
    $parents,
    $galleries,
    $saving,
    $uploading,
    $dirty,

    markContentChanged() {
      $dirty.set(true);
    },

    setTitle(title) {
      $form.setKey('title', title);
      $dirty.set(true);
    },

    toggleCategory(id, ticked) {
      const ids = new Set($form.get().categoryIds);
      if (ticked) ids.add(id);
      else ids.delete(id);
      $form.setKey('categoryIds', [...ids]);
      $dirty.set(true);
    },

    setParent(title) {
      $form.setKey('parent', title);
      $dirty.set(true);
    },

    async loadCategories() {
      const shown = $categories.get();
      const refresh = shown.state === 'ready';
      if (!refresh) $categories.set({ state: 'loading', items: [] });
      const res = await send(websiteApi.categories, {}, { onFailure: CATEGORIES_FAILURE });
      if (!res) {
        // A refresh that fails keeps the list the page showed (the toast has said so).
        if (!refresh) $categories.set({ state: 'failed', items: [] });
        return;
      }
      if (refresh && sameCategories(shown.items, res.categories)) return;
      $categories.set({ state: 'ready', items: res.categories });
      if (!refresh) {
        $form.setKey('categoryIds', initialCategoryIds(res.categories, item?.categoryNames, mode, item?.categoryIds));
        return;
      }
      // The ticks made so far stay, of the categories that still exist.
      const ids = new Set(res.categories.map((category) => category.id));
      $form.setKey('categoryIds', $form.get().categoryIds.filter((id) => ids.has(id)));
    },

    async loadParents() {
      const refresh = $parents.get().state === 'ready';
      if (!refresh) $parents.set({ state: 'loading', titles: [] });
      const titles: string[] = [];
      for (let page = 1, totalPages = 1; page <= totalPages; page += 1) {
        const res = await send(websiteApi.pages, { query: { page, limit: MAX_PAGE_LIMIT } });
        if (!res) {
          if (!refresh) $parents.set({ state: 'failed', titles });
          return;
        }
        titles.push(...res.pages.map((p) => p.post_title));
        totalPages = res.total_pages;
      }
      const shown = $parents.get().titles;
      if (refresh && shown.length === titles.length && shown.every((title, i) => title === titles[i])) return;
      $parents.set({ state: 'ready', titles });
    },

    async loadGalleries() {
      $galleries.set({ state: 'loading', items: [] });
      const res = await send(websiteApi.galleryTitles, {}, { onFailure: GALLERIES_FAILURE });
      if (!res) {
        $galleries.set({ state: 'failed', items: [] });
        return;
      }
      $galleries.set({ state: 'ready', items: res.galleries.map((g) => ({ id: g.id, title: g.post_title })) });
    },

    galleryShortcode(id) {
      return Promise.resolve(gallerySliderShortcode(id));
    },

    async galleryPreview(id) {
      // The card says so itself when the gallery is gone: no toast for a card.
      const res = await send(websiteApi.gallery, { params: { id } }, { onFailure: 'silent' });
      if (!res) return null;
      const { gallery } = res;
      return { title: gallery.post_title, thumbnails: gallery.gallery_data.gallery.map((image) => ({ src: thumbnailUrl(image.src), alt: image.alt })) };
    },

    async uploadImage(file) {
      const media = await upload(websiteApi.uploadBuilderMedia, file);
      return media?.source_url ?? null;
    },

    async uploadAttachment(file) {
      const media = await upload(websiteApi.uploadMedia, file);
      if (!media) return null;
      const title = media.title.rendered.trim();
      return { url: media.source_url, title: title === '' ? ATTACHMENT_DEFAULT_TITLE : title };
    },

    async save(getContent, navigate = assign) {
      if ($saving.get()) return false;
      $saving.set(true);
      let saved = false;
      try {
        let content: string;
        try {
          content = await getContent();
        } catch {
          void showToast(SAVE_FAILURE, { type: 'error' });
          return false;
        }
        const form = $form.get();
        const payload: CallInput<SaveCall>['body'] = {
          id: mode === 'edit' ? (item?.id ?? null) : null,
          title: form.title,
          content,
          category: kind === 'post' ? categoryMap($categories.get().items, new Set(form.categoryIds)) : {},
          parent: kind === 'page' && mode === 'create' && form.parent !== '' ? form.parent : null,
        };
        const res = await send(saveEndpoint(kind, mode), { body: payload }, { onFailure: SAVE_FAILURE });
        if (!res) return false;
        saved = true;
        $dirty.set(false);
        setFlash(listPath(kind), successText(kind, mode), 'success');
        navigate(listPath(kind));
        return true;
      } finally {
        // After a save the page is leaving: the buttons stay disabled until it has.
        if (!saved) $saving.set(false);
      }
    },

    cancel(navigate = assign) {
      navigate(listPath(kind));
    },
  };
}
