import { useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { RevisionSummary } from '../../../revisions-contract';
import type { RevisionsStore } from '../../stores/revisions';

export interface RevisionsPanelProps {
  revisions: RevisionsStore;
  /** Restore pressed: the island loads that revision into the editor (asking first when there are unsaved changes). */
  onRestore: (revision: RevisionSummary) => void;
  disabled: boolean;
}

/** Who saved a revision, in words. */
export function revisionAuthor(revision: RevisionSummary): string {
  return revision.author ?? 'an earlier import';
}

/**
 * The item's revisions, behind a disclosure button: one row per save (when on the school's clock,
 * who, the title then) with a Restore button that names the revision for screen readers.
 */
export function RevisionsPanel({ revisions, onRestore, disabled }: RevisionsPanelProps) {
  const list = useStore(revisions.$revisions);
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const panelId = useId();
  return (
    <section className="mb-3 editor-revisions" aria-labelledby={headingId}>
      <div className="editor-content-head">
        <h2 className="form-label m-0" id={headingId}>
          Revisions
        </h2>
        <button type="button" className="btn btn-sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          {open ? 'Hide revisions' : 'Show revisions'}
        </button>
      </div>
      <div id={panelId} hidden={!open}>
        {list.state === 'loading' || list.state === 'idle' ? (
          <p className="text-secondary m-0">Loading revisions…</p>
        ) : list.state === 'failed' ? (
          <p className="text-danger m-0">The revisions could not be loaded.</p>
        ) : list.items.length === 0 ? (
          <p className="text-secondary m-0">No revisions yet: each save keeps one.</p>
        ) : (
          <>
            <p className="text-secondary mb-2">
              {list.items.length === 1 ? '1 save kept' : `${list.items.length} saves kept`}, the latest first. Restore puts one in the editor for you to
              review and save.
            </p>
            <ol className="list-group editor-revision-list">
              {list.items.map((revision, index) => (
                <li key={revision.id} className="list-group-item editor-revision">
                  <div className="editor-revision-text">
                    <time dateTime={revision.saved_at}>{revision.saved_label}</time> by {revisionAuthor(revision)}
                    {index === 0 && <span className="text-secondary"> (latest save)</span>}
                    <div className="text-secondary text-truncate">{revision.title || 'Untitled'}</div>
                  </div>
                  <button
                    type="button"
                    className="btn btn-sm"
                    disabled={disabled}
                    aria-label={`Restore the revision of ${revision.saved_label} by ${revisionAuthor(revision)}`}
                    onClick={() => onRestore(revision)}
                  >
                    Restore
                  </button>
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
    </section>
  );
}
