import { useEffect, useId, useRef } from 'react';
import { HelpdeskFrame } from './HelpdeskFrame';

export interface TicketDialogProps {
  number: number;
  subject: string | null;
  /** The ticket's helpdesk page. */
  src: string;
  origin: string | null;
  onClose: () => void;
  onChanged: () => void;
  /** Where focus goes on close when the opener is gone (the page was refreshed meanwhile). */
  fallbackFocus: () => HTMLElement | null;
}

/**
 * The large dialog of a ticket (spec: clicking a row opens the ticket in an embedded frame): the
 * native <dialog>, labelled by the ticket, the page behind inert; Escape (pressed here or inside
 * the frame) and Close shut it, and focus goes back to the row it was opened from. Mounted while open.
 */
export function TicketDialog({ number, subject, src, origin, onClose, onChanged, fallbackFocus }: TicketDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const fallback = useRef(fallbackFocus);
  fallback.current = fallbackFocus;
  const titleId = useId();
  const title = subject ? `Ticket #${number}: ${subject}` : `Ticket #${number}`;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    dialog.showModal();
    return () => {
      dialog.close();
      const back = opener.current?.isConnected ? opener.current : fallback.current();
      back?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="ticket-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: React state decides whether the dialog is open.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="modal-content">
        <div className="modal-header">
          <h2 className="modal-title text-break" id={titleId}>
            {title}
          </h2>
          <button type="button" className="btn-close" aria-label="Close" onClick={onClose} />
        </div>
        <div className="modal-body">
          <HelpdeskFrame src={src} title={title} origin={origin} onChanged={onChanged} onEscape={onClose} />
        </div>
      </div>
    </dialog>
  );
}
