import { useId } from 'react';

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
