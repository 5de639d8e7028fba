import type { Autosave } from '../../../revisions-contract';
import type { EditorKind } from '../../../editor';

export interface AutosaveBannerProps {
  offer: Autosave;
  kind: EditorKind;
  /** An item not created yet: its autosave is the user's new post or page. */
  isNew: boolean;
  onRestore: () => void;
  onDiscard: () => void;
}

/** The offer of an autosave newer than what is saved (after a crash or a reload): Restore or Discard. */
export function AutosaveBanner({ offer, kind, isNew, onRestore, onDiscard }: AutosaveBannerProps) {
  const noun = kind === 'post' ? 'post' : 'page';
  return (
    <div className="alert alert-info editor-autosave-offer">
      <p className="m-0">
        {isNew
          ? `There is an autosave of a new ${noun} that was not created, from ${offer.saved_label}.`
          : `There is an autosave of this ${noun} from ${offer.saved_label} that is newer than the saved version.`}
      </p>
      <div className="btn-list mt-2">
        <button type="button" className="btn btn-sm btn-primary" onClick={onRestore}>
          Restore
        </button>
        <button type="button" className="btn btn-sm" onClick={onDiscard}>
          Discard
        </button>
      </div>
    </div>
  );
}
