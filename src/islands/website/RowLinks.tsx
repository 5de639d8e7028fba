/** Edit, or a disabled 'Locked' when the content holds a marker the editor cannot keep (spec section 4). */
export function EditOrLocked({ title, locked, editHref }: { title: string; locked: boolean; editHref: string }) {
  return locked ? (
    <button
      type="button"
      className="btn btn-sm"
      disabled
      aria-label={`Locked: ${title} cannot be edited here`}
      title="Built with a page builder, table style or form plugin: it cannot be edited here."
    >
      Locked
    </button>
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
