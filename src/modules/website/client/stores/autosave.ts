/**
 * The editor's autosave: while the user edits, a draft copy (title and content) goes to the
 * server AUTOSAVE_DELAY_MS after a change (then at most that often while typing goes on), only
 * when it differs from the last copy sent. It is not a revision and never changes the item; a
 * save removes it (on the server). When the editor opens, `check` asks whether there is an
 * autosave newer than the saved item (or of a new item), which the island offers to restore.
 *
 * Quiet by design: an autosave that fails says nothing (the next change tries again; the save
 * button is what the user relies on).
 */
import { atom, type ReadableAtom } from 'nanostores';
import { send } from '../../../../lib/browser/send';
import type { Autosave } from '../../revisions-contract';
import { websiteApi } from '../../calls';
import type { EditorKind } from '../../editor';

export const AUTOSAVE_DELAY_MS = 5000;

export interface DraftSnapshot {
  title: string;
  content: string;
}

export interface AutosaveStore {
  /** An autosave the editor offers to restore ('Restore' / 'Discard'), or null. */
  readonly $offer: ReadableAtom<Autosave | null>;
  /** When the last autosave of this visit was made (dd/mm/yy hh:mm, the school's clock), or null. */
  readonly $savedLabel: ReadableAtom<string | null>;
  /** Where drafts are read from (the editor once ready), and what counts as unchanged (what it opened with). */
  connect(read: () => Promise<DraftSnapshot | null>, baseline: DraftSnapshot): void;
  /** Something was edited: an autosave follows after the delay. */
  touch(): void;
  /** Asks the server for an autosave worth offering. */
  check(): Promise<void>;
  /** Takes the offer (for the island to load it): it is no longer offered. */
  take(): Autosave | null;
  /** Removes the offered autosave, on the server too. */
  discard(): Promise<void>;
  /** No more autosaves (a save is starting): waits for one on its way, so the save's removal comes after it. */
  pause(): Promise<void>;
  /** Autosaves again (the save failed). */
  resume(): void;
}

export function createAutosaveStore(kind: EditorKind, itemId: number | null, offer: Autosave | null = null, delayMs = AUTOSAVE_DELAY_MS): AutosaveStore {
  const $offer = atom<Autosave | null>(offer);
  const $savedLabel = atom<string | null>(null);
  let read: (() => Promise<DraftSnapshot | null>) | null = null;
  let lastSent = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  let paused = false;
  let pending = false;

  async function autosave(): Promise<void> {
    if (!read || paused) return;
    const draft = await read().catch(() => null);
    if (!draft || paused) return;
    const key = JSON.stringify([draft.title, draft.content]);
    if (key === lastSent) return;
    const res = await send(websiteApi.autosave, { body: { kind, id: itemId, title: draft.title, content: draft.content } }, { onFailure: 'silent' });
    if (!res) return;
    lastSent = key;
    $savedLabel.set(res.saved_label);
  }

  function schedule(): void {
    if (timer !== undefined || paused) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (running) {
        // One at a time: a change made meanwhile is sent after it.
        pending = true;
        return;
      }
      running = autosave().finally(() => {
        running = null;
        if (pending) {
          pending = false;
          schedule();
        }
      });
    }, delayMs);
  }

  return {
    $offer,
    $savedLabel,

    connect(reader, baseline) {
      read = reader;
      lastSent = JSON.stringify([baseline.title, baseline.content]);
    },

    touch() {
      schedule();
    },

    async check() {
      const res = await send(websiteApi.getAutosave, { query: { kind, ...(itemId === null ? {} : { id: itemId }) } }, { onFailure: 'silent' });
      $offer.set(res?.autosave ?? null);
    },

    take() {
      const offer = $offer.get();
      $offer.set(null);
      return offer;
    },

    async discard() {
      $offer.set(null);
      await send(websiteApi.discardAutosave, { body: { kind, id: itemId } }, { onFailure: 'silent' });
    },

    async pause() {
      paused = true;
      clearTimeout(timer);
      timer = undefined;
      pending = false;
      await running;
    },

    resume() {
      paused = false;
      schedule();
    },
  };
}
