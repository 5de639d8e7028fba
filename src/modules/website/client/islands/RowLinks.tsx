import { useId } from 'react';
import { ConfirmDialog } from '../../../../ui/islands/ConfirmDialog';

/** Why an item is Locked: said by the button's tooltip and, for screen readers, as its description. */
export const LOCKED_REASON =
  'Locked: this content was made with a page builder, a table style or a form plugin outside the portal; editing it here could break it.';

/**
 * Edit, or 'Locked' when the item came from outside the portal with a marker the editor cannot
 * keep (spec section 4). Locked is aria-disabled rather than disabled so that keyboard and
 * screen-reader users can reach it and hear why (its description), not only mouse users (title).
 */
export function EditOrLocked({ title, locked, editHref }: { title: string; locked: boolean; editHref: string }) {
  const reasonId = useId();
  return locked ? (
    <>
      <button
        type="button"
        className="btn btn-sm disabled"
        aria-disabled="true"
        aria-label={`Locked: ${title} cannot be edited here`}
        aria-describedby={reasonId}
        title={LOCKED_REASON}
        onClick={(event) => event.preventDefault()}
      >
        Locked
      </button>
      <span id={reasonId} className="visually-hidden">
        {LOCKED_REASON}
      </span>
    </>
  ) : (
    <a className="btn btn-sm" href={editHref} aria-label={`Edit ${title}`}>
      Edit
    </a>
  );
}

/** View: the public address, in a new tab. */
export function ViewLink({ title, url }: { title: string; url: string }) {
  return (
    <a className="btn btn-sm" href={url} target="_blank" rel="noopener noreferrer" aria-label={`View ${title} (opens in a new tab)`}>
      View
    </a>
  );
}

/** A row's Delete: asks first (DeleteConfirm). aria-disabled, not disabled, while a call runs: a disabled button would drop keyboard focus. */
export function DeleteButton({ title, busy, onClick }: { title: string; busy: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      className={`btn btn-sm btn-outline-danger${busy ? ' disabled-look' : ''}`}
      aria-disabled={busy || undefined}
      aria-label={`Delete ${title}`}
      onClick={() => {
        if (!busy) onClick();
      }}
    >
      Delete
    </button>
  );
}

/**
 * The confirm before a row's delete (Manage Posts, Pages, Galleries): Delete deletes, Cancel,
 * Escape and the backdrop keep the item. `what` says what goes with it.
 */
export function DeleteConfirm({
  noun,
  title,
  what = 'will be deleted from your website. This cannot be undone.',
  onConfirm,
  onCancel,
  fallbackFocus,
}: {
  noun: 'post' | 'page' | 'gallery';
  /** The row's title while asking, null when closed. */
  title: string | null;
  what?: string;
  onConfirm: () => void;
  onCancel: () => void;
  fallbackFocus: () => HTMLElement | null;
}) {
  return (
    <ConfirmDialog open={title !== null} title={`Delete this ${noun}?`} confirmLabel="Delete" danger onConfirm={onConfirm} onCancel={onCancel} fallbackFocus={fallbackFocus}>
      <p className="m-0">
        “{title}” {what}
      </p>
    </ConfirmDialog>
  );
}
