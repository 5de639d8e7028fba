import { useEffect, useRef, useState } from 'react';
import { folderLabel } from '../../rules';

export interface FolderSelectProps {
  /** The class's code: names the controls. */
  mailbox: string;
  /** The school's folders, in its order. */
  options: readonly string[];
  chosen: readonly string[];
  buttonId: string;
  invalid: boolean;
  onChange: (folder: string, chosen: boolean) => void;
}

/**
 * A class's folders as a multi-select: a button that says what is chosen and opens a group of
 * checkboxes (one per folder the school offers, '*' shown as 'All Files'). Escape or a click
 * elsewhere closes it, focus back on the button.
 */
export function FolderSelect({ mailbox, options, chosen, buttonId, invalid, onChange }: FolderSelectProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = `${buttonId}-panel`;
  // A folder the class has that the school no longer offers stays visible, so it can be taken off.
  const shown = [...options, ...chosen.filter((folder) => !options.includes(folder))];
  const summary = chosen.length === 0 ? 'Choose folders' : chosen.map(folderLabel).join(', ');

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  return (
    <div
      className="folder-select"
      ref={rootRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        id={buttonId}
        ref={buttonRef}
        type="button"
        className={`btn btn-sm folder-select-button${invalid ? ' is-invalid btn-outline-danger' : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Folders of ${mailbox}: ${summary}`}
        aria-invalid={invalid || undefined}
        onClick={() => setOpen(!open)}
      >
        <span className="folder-select-summary">{summary}</span>
        <span aria-hidden="true" className="folder-select-caret">
          ▾
        </span>
      </button>
      {open && (
        <fieldset className="folder-select-panel" id={panelId}>
          <legend className="visually-hidden">Folders of {mailbox}</legend>
          {shown.map((folder) => (
            <label key={folder} className="form-check mb-1">
              <input
                className="form-check-input"
                type="checkbox"
                checked={chosen.includes(folder)}
                onChange={(event) => onChange(folder, event.currentTarget.checked)}
              />
              <span className="form-check-label">{folderLabel(folder)}</span>
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
