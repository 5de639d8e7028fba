import { useEffect, useId, useRef, type ReactNode, type SubmitEvent } from 'react';
import { useLeaveGuard } from '../../../../ui/islands/useLeaveGuard';

export interface StudentDialogProps {
  title: string;
  /** A line under the title saying what happens on submit. */
  intro: string;
  submitLabel: string;
  busy: boolean;
  /** What is wrong ('' when nothing): shown above the buttons and announced. */
  error: string;
  /** Something was typed that Cancel would lose: closing or reloading the tab asks first. */
  dirty: boolean;
  onSubmit: () => void;
  onClose: () => void;
  /** Where focus goes on close when the opener is gone or disabled (its row now waits for verification). */
  fallbackFocus: () => HTMLElement | null;
  /** The id the fields' aria-describedby name for the error. */
  errorId: string;
  children: ReactNode;
}

/**
 * The add and edit forms' modal: the native <dialog> (the page behind is inert), labelled by its
 * title, the first field focused on open, Escape cancels, focus back to the opener on close.
 * Mounted while open.
 */
export function StudentDialog({ title, intro, submitLabel, busy, error, dirty, onSubmit, onClose, fallbackFocus, errorId, children }: StudentDialogProps) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const fallback = useRef(fallbackFocus);
  fallback.current = fallbackFocus;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const guard = useLeaveGuard(() => dirtyRef.current);

  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog?.showModal();
    dialog?.querySelector<HTMLElement>('input, select')?.focus();
    return () => {
      dialog?.close();
      if (opener?.isConnected && !opener.hasAttribute('disabled')) opener.focus();
      else fallback.current()?.focus();
    };
  }, []);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <dialog
      ref={ref}
      className="confirm-dialog student-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      onCancel={(event) => {
        // Escape: the island's state decides whether the dialog is open.
        event.preventDefault();
        onClose();
      }}
    >
      <form className="modal-content" onSubmit={submit} noValidate>
        <div className="modal-header">
          <h2 className="modal-title" id={`${id}-title`}>
            {title}
          </h2>
        </div>
        <div className="modal-body">
          <p className="text-secondary" id={`${id}-intro`}>
            {intro}
          </p>
          {children}
          {error ? (
            <div className="text-danger mt-3" id={errorId} role="alert">
              {error}
            </div>
          ) : null}
        </div>
        <div className="modal-footer">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          {/* aria-disabled, not disabled, while the call runs: focus stays on the button. */}
          <button type="submit" className={`btn btn-primary${busy ? ' disabled-look' : ''}`} aria-disabled={busy || undefined}>
            {submitLabel}
          </button>
        </div>
      </form>
      {guard.dialog}
    </dialog>
  );
}
