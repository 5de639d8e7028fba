/**
 * The editor's Preview: sends the content being edited (saved or not) and answers the signed,
 * short-lived address where the school's public site shows it.
 */
import { send } from '../../../../lib/browser/send';
import { websiteApi } from '../../calls';
import type { EditorKind } from '../../editor';
import type { DraftSnapshot } from './autosave';
import { categoryMap, type EditorStore } from './editor';

export const PREVIEW_FAILURE = "Failed! Couldn't open the preview";

/** The preview's address, or null (after a toast). */
export async function requestPreview(kind: EditorKind, itemId: number | null, draft: DraftSnapshot, store: EditorStore): Promise<string | null> {
  const form = store.$form.get();
  const category = kind === 'post' ? categoryMap(store.$categories.get().items, new Set(form.categoryIds)) : {};
  const res = await send(websiteApi.preview, { body: { kind, id: itemId, title: draft.title, content: draft.content, category } }, { onFailure: PREVIEW_FAILURE });
  return res?.url ?? null;
}
