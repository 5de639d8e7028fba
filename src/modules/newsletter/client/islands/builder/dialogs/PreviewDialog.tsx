import { useEffect, useId, useRef, useState } from 'react';
import { EMAIL_WIDTH, GMAIL_CLIP_BYTES } from '../../../../builder-rules';
// Its styles (.nb-preview-*) live with the builder's; the Simple Newsletter opens this dialog too.
import '../builder.css';
import type { Rendered } from '../../../stores/builder/builder';

export interface PreviewDialogProps {
  /** The server's render of the build (spec `build`): what is sent, less the unsubscribe link. */
  render: () => Promise<Rendered | null>;
  onClose: () => void;
}

const PHONE_WIDTH = 375;
const WIDTHS = [
  { label: 'Desktop', width: EMAIL_WIDTH },
  { label: 'Phone', width: PHONE_WIDTH },
] as const;

/** KB with one decimal (1 KB = 1024 bytes, as Gmail counts its 102 KB). */
export function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * Preview (loaded on first use): the email's HTML from the server in a sandboxed frame (no
 * scripts, no same-origin access) at desktop or phone width, with its size against Gmail's
 * clipping limit.
 */
export default function PreviewDialog({ render, onClose }: PreviewDialogProps) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [rendered, setRendered] = useState<Rendered | null>(null);
  const [failed, setFailed] = useState(false);
  const [width, setWidth] = useState<number>(EMAIL_WIDTH);
  const renderRef = useRef(render);

  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog?.showModal();
    let live = true;
    void renderRef.current().then((result) => {
      if (!live) return;
      if (result) setRendered(result);
      else setFailed(true);
    });
    return () => {
      live = false;
      dialog?.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const over = rendered !== null && rendered.bytes > GMAIL_CLIP_BYTES;
  return (
    <dialog
      ref={ref}
      className="confirm-dialog nb-preview-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="modal-content">
        <div className="modal-header">
          <h2 className="modal-title" id={`${id}-title`}>
            Preview
          </h2>
          <div className="nb-widths" role="group" aria-label="Preview width">
            {WIDTHS.map((option) => (
              <button
                key={option.width}
                type="button"
                className={`btn btn-sm${width === option.width ? ' btn-primary' : ''}`}
                aria-pressed={width === option.width}
                onClick={() => setWidth(option.width)}
              >
                {option.label} ({option.width} px)
              </button>
            ))}
          </div>
        </div>
        <div className="modal-body">
          {rendered ? (
            <>
              <p className={`nb-size${over ? ' text-danger' : ''}`} role="status">
                Size: <strong>{kilobytes(rendered.bytes)}</strong> of {kilobytes(GMAIL_CLIP_BYTES)}
                {over ? ' — Gmail clips messages over 102 KB: readers will see “[Message clipped]”.' : null}
              </p>
              <meter
                className="nb-size-meter"
                min={0}
                max={GMAIL_CLIP_BYTES}
                high={GMAIL_CLIP_BYTES * 0.8}
                optimum={0}
                value={Math.min(rendered.bytes, GMAIL_CLIP_BYTES)}
                aria-label="Email size"
              />
              <div className="nb-preview-stage">
                <iframe
                  className="nb-preview-frame"
                  title="Email preview"
                  sandbox=""
                  srcDoc={rendered.html}
                  width={width}
                  height={720}
                  style={{ width: `${width}px` }}
                />
              </div>
            </>
          ) : failed ? (
            <p className="text-danger" role="alert">
              The preview could not be made. Please try again.
            </p>
          ) : (
            <p className="text-secondary" role="status">
              Making the preview…
            </p>
          )}
        </div>
        <div className="modal-footer">
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}
