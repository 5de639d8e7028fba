/**
 * The editor's revision list (/website/posts/edit, /website/pages/edit): the saves kept of the
 * item (newest first) and one revision's content, which the island loads into the editor for the
 * user to review and save (restoring never saves by itself, as in WordPress).
 *
 * Imports only types from the contract's schemas; endpoints come from its zod-free file.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { send } from '../../../../lib/browser/send';
import type { TypedEndpoint } from '../../../../lib/contract/calls';
import type { WebsiteCalls } from '../../contract';
import type { RevisionSummary } from '../../revisions-contract';
import { websiteApi } from '../../calls';
import type { EditorKind } from '../../editor';

export const REVISIONS_FAILURE = "Failed! Couldn't load the revisions";
export const REVISION_FAILURE = "Failed! Couldn't load that revision";

export type RevisionsState = { state: 'idle' | 'loading' | 'failed'; items: RevisionSummary[] } | { state: 'ready'; items: RevisionSummary[] };

export interface RevisionContent {
  title: string;
  content: string;
}

export interface RevisionsStore {
  readonly $revisions: ReadableAtom<RevisionsState>;
  load(): Promise<void>;
  /** The revision's title and content, or null (after a toast). */
  fetch(id: number): Promise<RevisionContent | null>;
}

export function createRevisionsStore(kind: EditorKind, itemId: number): RevisionsStore {
  const $revisions = atom<RevisionsState>({ state: 'idle', items: [] });
  return {
    $revisions,

    async load() {
      $revisions.set({ state: 'loading', items: $revisions.get().items });
      const endpoint: TypedEndpoint<WebsiteCalls['postRevisions' | 'pageRevisions']> = kind === 'post' ? websiteApi.postRevisions : websiteApi.pageRevisions;
      const res = await send(endpoint, { params: { id: itemId } }, { onFailure: REVISIONS_FAILURE });
      $revisions.set(res ? { state: 'ready', items: res.revisions } : { state: 'failed', items: [] });
    },

    async fetch(id) {
      const res = await send(websiteApi.revision, { params: { id } }, { onFailure: REVISION_FAILURE });
      return res ? { title: res.revision.title, content: res.revision.content } : null;
    },
  };
}
