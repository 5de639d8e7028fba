import { useEffect, useId, useRef, useState } from 'react';
import { MAX_FRAME_HTML_LENGTH } from '../../../../builder-rules';
import type { Frame } from '../../../stores/builder/builder';

export interface FrameDialogProps {
  frame: Frame;
  busy: boolean;
  /** Resolves true once saved (the dialog then closes). */
  onSave: (frame: Frame) => Promise<boolean>;
  onClose: () => void;
}

/**
 * The school's header and footer (loaded on first use): the HTML every newsletter is framed by,
 * e.g. the school's name, logo and address. The server keeps it sanitised as every email will
 * show it; what it kept replaces the canvas' frame.
 */
export default function FrameDialog({ frame, busy, onSave, onClose }: FrameDialogProps) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [header, setHeader] = useState(frame.header);
  const [footer, setFooter] = useState(frame.footer);

  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog?.showModal();
    return () => {
      dialog?.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="confirm-dialog nb-frame-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form
        className="modal-content"
        onSubmit={(event) => {
          event.preventDefault();
          void onSave({ header, footer }).then((saved) => saved && onClose());
        }}
      >
        <div className="modal-header">
          <h2 className="modal-title" id={`${id}-title`}>
            Header and footer
          </h2>
        </div>
        <div className="modal-body">
          <p className="text-secondary">Every newsletter of your school starts with this header and ends with this footer: your school’s name, logo, address. HTML; scripts and forms are removed.</p>
          <div className="mb-3">
            <label className="form-label" htmlFor={`${id}-header`}>
              Header (HTML)
            </label>
            <textarea id={`${id}-header`} className="form-control font-monospace" rows={5} maxLength={MAX_FRAME_HTML_LENGTH} value={header} onChange={(event) => setHeader(event.currentTarget.value)} />
          </div>
          <div>
            <label className="form-label" htmlFor={`${id}-footer`}>
              Footer (HTML)
            </label>
            <textarea id={`${id}-footer`} className="form-control font-monospace" rows={5} maxLength={MAX_FRAME_HTML_LENGTH} value={footer} onChange={(event) => setFooter(event.currentTarget.value)} />
          </div>
        </div>
        <div className="modal-footer">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Save header and footer
          </button>
        </div>
      </form>
    </dialog>
  );
}
