export interface BulkBarProps<Action extends string> {
  /** Rows ticked. */
  count: number;
  /** The noun of one row, e.g. 'post' (names the bar for screen readers). */
  noun: string;
  actions: ReadonlyArray<{ id: Action; label: string; danger?: boolean }>;
  /** An action is on its way: the buttons look disabled but keep focus. */
  busy: boolean;
  onAction: (action: Action) => void;
  onClear: () => void;
}

/**
 * The actions on a list's ticked rows: 'N selected' and a button per action. The count sits in a
 * live region that is always there (an appearing region is not announced), and the buttons only
 * while something is ticked.
 */
export function BulkBar<Action extends string>({ count, noun, actions, busy, onAction, onClear }: BulkBarProps<Action>) {
  return (
    <div className={`bulk-bar${count > 0 ? ' is-active' : ''}`} role="group" aria-label={`Actions on the selected ${noun}s`}>
      <p className="bulk-count m-0" role="status" aria-live="polite">
        {count > 0 ? `${count} selected` : ''}
      </p>
      {count > 0 && (
        <div className="bulk-actions">
          {actions.map((action) => (
            <button
              key={action.id}
              type="button"
              className={`btn btn-sm${action.danger ? ' btn-outline-danger' : ''}${busy ? ' disabled-look' : ''}`}
              aria-disabled={busy || undefined}
              onClick={() => {
                if (!busy) onAction(action.id);
              }}
            >
              {action.label}
            </button>
          ))}
          <button type="button" className="btn btn-sm btn-ghost-secondary" onClick={onClear}>
            Clear selection
          </button>
        </div>
      )}
    </div>
  );
}
