/**
 * The editor's safety nets, for ContentEditor: the autosave (and its offer after a crash or a
 * reload), the revision list with Restore, and Preview. What they put back in the editor (a
 * revision, an autosave) is only loaded, never saved: the editor becomes dirty and the user
 * reviews it and presses Save, which keeps a new revision.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { Autosave, RevisionSummary } from '../../../revisions-contract';
import type { EditorItem, EditorKind, EditorMode } from '../../../editor';
import { showToast } from '../../../../../lib/browser/toast';
import { createAutosaveStore } from '../../stores/autosave';
import type { EditorStore } from '../../stores/editor';
import { PREVIEW_FAILURE, requestPreview } from '../../stores/preview';
import { createRevisionsStore } from '../../stores/revisions';
import { ConfirmDialog } from '../../../../../ui/islands/ConfirmDialog';
import { AutosaveBanner } from './AutosaveBanner';
import type { EditorControls } from '../../../../../ui/islands/rich-text/EditorSurface';
import { revisionAuthor, RevisionsPanel } from './RevisionsPanel';
import './drafts.css';

export const REPLACE_TITLE = 'Replace your changes?';

/** The safety nets the backend has: each one missing is not shown (and never called). */
export interface DraftFeatures {
  autosave: boolean;
  revisions: boolean;
  preview: boolean;
}
export const ALL_DRAFT_FEATURES: DraftFeatures = { autosave: true, revisions: true, preview: true };

export interface EditorDraftsOptions {
  kind: EditorKind;
  mode: EditorMode;
  item: EditorItem | null;
  store: EditorStore;
  /** The autosave to offer, as the page rendered it; undefined asks the server. */
  offer?: Autosave | null | undefined;
  features?: DraftFeatures;
  /** The content area, once ready (null while it starts, or starts again). */
  controls: EditorControls | null;
  /** Puts this title and content in the editor (the content area starts again with it). */
  replace: (title: string, html: string) => void;
}

export interface EditorDrafts {
  /** The autosave's offer and what a restore did (a live region): above the fields. */
  notices: ReactNode;
  /** The revision list (edit mode): below the fields. */
  revisions: ReactNode;
  /** 'Draft autosaved at …' for the footer. */
  autosaveStatus: ReactNode;
  previewButton: ReactNode;
  /** The replace confirmation. */
  dialog: ReactNode;
  /** The content changed (Editor.js reported it). */
  touch: () => void;
  /** Saves through the store, autosaves paused meanwhile so none lands after the save removed it. */
  save: (run: () => Promise<boolean>) => Promise<void>;
}

export function useEditorDrafts({
  kind,
  mode,
  item,
  store,
  offer: initialOffer,
  features = ALL_DRAFT_FEATURES,
  controls,
  replace,
}: EditorDraftsOptions): EditorDrafts {
  const itemId = mode === 'edit' ? (item?.id ?? null) : null;
  const [autosave] = useState(() => createAutosaveStore(kind, itemId, initialOffer ?? null));
  const revisions = useMemo(() => (itemId === null || !features.revisions ? null : createRevisionsStore(kind, itemId)), [kind, itemId, features.revisions]);
  const offer = useStore(autosave.$offer);
  const savedLabel = useStore(autosave.$savedLabel);
  const saving = useStore(store.$saving);
  const [notice, setNotice] = useState('');
  const [confirm, setConfirm] = useState<{ message: string; run: () => void } | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const controlsRef = useRef(controls);
  controlsRef.current = controls;
  const noun = kind === 'post' ? 'post' : 'page';
  const saveLabel = mode === 'create' ? 'Create' : 'Save';

  useEffect(() => {
    void revisions?.load();
    // Without autosaves the store is never connected: it has nothing to read, so it sends nothing.
    if (!features.autosave) return;
    if (initialOffer === undefined) void autosave.check();
    autosave.connect(
      async () => {
        const current = controlsRef.current;
        return current ? { title: store.$form.get().title, content: await current.getHtml() } : null;
      },
      { title: item?.title ?? '', content: item?.content ?? '' },
    );
    // A title typed counts as a change too (the content's come through `touch`).
    return store.$form.listen(() => autosave.touch());
  }, [autosave, revisions, store, item, initialOffer, features.autosave]);

  /** Runs `load` at once, or after a confirmation when the editor holds changes not saved. */
  const replacing = (what: string, load: () => void) => {
    if (!store.$dirty.get()) load();
    else setConfirm({ message: `Restoring ${what} replaces the title and content in the editor, and your changes that are not saved are lost.`, run: load });
  };

  const loaded = (what: string, title: string, content: string) => {
    replace(title, content);
    setNotice(`${what} is in the editor. Review it, then press ${saveLabel} to keep it.`);
    autosave.touch();
  };

  const restoreRevision = (revision: RevisionSummary) => {
    const what = `the revision of ${revision.saved_label} by ${revisionAuthor(revision)}`;
    replacing(what, () => {
      void revisions?.fetch(revision.id).then((found) => {
        if (found) loaded(`The revision of ${revision.saved_label}`, found.title, found.content);
      });
    });
  };

  const restoreAutosave = () => {
    const current = autosave.$offer.get();
    if (!current) return;
    replacing('the autosave', () => {
      const taken = autosave.take();
      if (taken) loaded(`The autosave of ${taken.saved_label}`, taken.title, taken.content);
    });
  };

  const preview = async () => {
    const current = controlsRef.current;
    if (!current || previewing) return;
    // Opened now, while the click still counts as the user's (a tab opened after an await is blocked).
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    setPreviewing(true);
    try {
      const content = await current.getHtml().catch(() => null);
      const url = content === null ? null : await requestPreview(kind, itemId, { title: store.$form.get().title, content }, store);
      if (content === null) void showToast(PREVIEW_FAILURE, { type: 'error' });
      if (url === null) tab?.close();
      else if (tab) tab.location.replace(url);
      else window.open(url, '_blank', 'noopener');
    } finally {
      setPreviewing(false);
    }
  };

  return {
    notices: (
      <div role="status" className="editor-drafts-notices">
        {offer && <AutosaveBanner offer={offer} kind={kind} isNew={itemId === null} onRestore={restoreAutosave} onDiscard={() => void autosave.discard()} />}
        {notice && <div className="alert alert-success">{notice}</div>}
      </div>
    ),
    revisions: revisions && <RevisionsPanel revisions={revisions} onRestore={restoreRevision} disabled={controls === null || saving} />,
    autosaveStatus: <span className="text-secondary editor-autosave-status">{savedLabel && `Draft autosaved at ${savedLabel}`}</span>,
    previewButton: features.preview && (
      <button
        type="button"
        className="btn"
        disabled={controls === null || saving || previewing}
        title={`Opens the ${noun} as the public site would show it, unsaved changes included, in a new tab`}
        onClick={() => void preview()}
      >
        Preview
      </button>
    ),
    dialog: (
      <ConfirmDialog
        open={confirm !== null}
        title={REPLACE_TITLE}
        confirmLabel="Restore"
        danger
        onConfirm={() => {
          const run = confirm?.run;
          setConfirm(null);
          run?.();
        }}
        onCancel={() => setConfirm(null)}
      >
        {confirm?.message}
      </ConfirmDialog>
    ),
    touch: () => autosave.touch(),
    async save(run) {
      await autosave.pause();
      if (!(await run())) autosave.resume();
    },
  };
}
