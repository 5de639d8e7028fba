/**
 * The page/post editor's words and places, pure: the editor's store and island use them, and so
 * does the editor screen's server-rendered frame (src/modules/website/components/EditorScreen.astro).
 */
import { GENERIC_FAILURE } from '../../lib/browser/api-client';
import { MAX_ITEM_TITLE_LENGTH } from './rules';

export type EditorKind = 'post' | 'page';
export type EditorMode = 'create' | 'edit';

/** The item an edit opens with (from the server's first HTML). */
export interface EditorItem {
  id: number;
  title: string;
  content: string;
  /** Posts: category names joined by ', ' (post_category). */
  categoryNames?: string;
  /** Posts: the ids of those categories (two categories may share a name: the ids pick the right one). */
  categoryIds?: number[];
  /** The stored Locked flag (the server's); the editor does not open a Locked item. */
  locked?: boolean;
}

/* ---- Texts (spec sections 3, 8 and 9) ---- */

/** The title field's limit: the contract's. */
export const TITLE_MAX = MAX_ITEM_TITLE_LENGTH;
export const TOP_LEVEL = 'Top Level';
export const SAVE_FAILURE = 'Error! Please try again.';
export const CATEGORIES_FAILURE = "Failed! Couldn't load categories";
export const GALLERIES_FAILURE = "Failed! Couldn't load galleries";
export const UNKNOWN_ITEM_FAILURE = GENERIC_FAILURE;
export const ATTACHMENT_DEFAULT_TITLE = 'Attachment';

const SUCCESS: Record<EditorKind, Record<EditorMode, string>> = {
  post: { create: 'Success! Post has been published.', edit: 'Success! Post has been updated.' },
  page: { create: 'Success! Page will be published within 24 hours.', edit: 'Success! Page has been updated' },
};

export function successText(kind: EditorKind, mode: EditorMode): string {
  return SUCCESS[kind][mode];
}

export function editorHeading(kind: EditorKind, mode: EditorMode): string {
  return `${mode === 'create' ? 'Create' : 'Edit'} ${kind === 'post' ? 'Post' : 'Page'}`;
}

export function listPath(kind: EditorKind): string {
  return kind === 'post' ? '/website/posts' : '/website/pages';
}

/**
 * Whether an editor address carries its state: ?id= edits, ?new creates; with neither (the spec's
 * editor "opened with no state") the page sends the user back to the list.
 */
export function hasEditorState(params: URLSearchParams): boolean {
  return params.has('id') || params.has('new');
}
