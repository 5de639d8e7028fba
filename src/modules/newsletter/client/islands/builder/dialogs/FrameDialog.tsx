import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import '../frame/frame.css';
import { MAX_FRAME_HTML_LENGTH } from '../../../../builder-rules';
import type { Frame, FrameSave } from '../../../stores/builder/builder';
import { blocksFromHtml, createFrameStore, frameBlocksOf } from '../../../stores/builder/frame';
import { FrameBlocksEditor } from '../frame/FrameBlocksEditor';

export interface FrameDialogProps {
  frame: Frame;
  busy: boolean;
  /** Resolves true once saved (the dialog then closes). */
  onSave: (frame: FrameSave) => Promise<boolean>;
  onClose: () => void;
}

type Mode = 'blocks' | 'html';

/** Typing in a field or a text block keeps the browser's own undo. */
function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

/**
 * The school's header and footer (loaded on first use): what every newsletter is framed by, e.g.
 * the school's logo, name and address. Built with the builder's own blocks, or, as an advanced
 * option, written as HTML. A frame of HTML stays HTML until the school saves it as blocks: the
 * blocks then start from its text and pictures. The server keeps what it saves sanitised; what it
 * kept replaces the canvas' frame.
 */
export default function FrameDialog({ frame, busy, onSave, onClose }: FrameDialogProps) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [mode, setMode] = useState<Mode>(frame.blocks ? 'blocks' : 'html');
  const [header, setHeader] = useState(frame.header);
  const [footer, setFooter] = useState(frame.footer);
  const [store] = useState(() => createFrameStore(frame, frame.blocks ?? { header: blocksFromHtml(frame.header), footer: blocksFromHtml(frame.footer) }));
  const history = useStore(store.$history);
  // What was loaded, to ask before Cancel (or Escape) throws changes away.
  const [loaded] = useState(() => JSON.stringify(frameBlocksOf(store.$build.get())));
  const [confirming, setConfirming] = useState(false);
  const changed = () => header !== frame.header || footer !== frame.footer || JSON.stringify(frameBlocksOf(store.$build.get())) !== loaded;
  const cancel = () => (changed() ? setConfirming(true) : onClose());

  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog?.showModal();
    return () => {
      dialog?.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  // Ctrl+Z / Ctrl+Shift+Z here undo the header and footer, never the newsletter behind the dialog.
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key !== 'z' && key !== 'y') return;
    event.stopPropagation();
    if (mode !== 'blocks' || isTyping(event.target)) return;
    event.preventDefault();
    if (key === 'z' && !event.shiftKey) store.undo();
    else store.redo();
  };

  return (
    <dialog
      ref={ref}
      className="confirm-dialog nb-frame-dialog"
      aria-labelledby={`${id}-title`}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        cancel();
      }}
    >
      <form
        className="modal-content"
        onSubmit={(event) => {
          event.preventDefault();
          const next: FrameSave = mode === 'blocks' ? { blocks: frameBlocksOf(store.$build.get()) } : { header, footer };
          void onSave(next).then((saved) => saved && onClose());
        }}
      >
        <div className="modal-header">
          <h2 className="modal-title" id={`${id}-title`}>
            Header and footer
          </h2>
        </div>
        <div className="modal-body">
          <p className="text-secondary">Every newsletter of your school starts with this header and ends with this footer: your school’s logo, name and address.</p>
          <div className="nb-frame-bar">
            <fieldset className="nb-frame-mode">
              <legend className="visually-hidden">Edit the header and footer with</legend>
              <label className="form-check form-check-inline">
                <input className="form-check-input" type="radio" name={`${id}-mode`} checked={mode === 'blocks'} onChange={() => setMode('blocks')} />
                <span className="form-check-label">Blocks</span>
              </label>
              <label className="form-check form-check-inline">
                <input className="form-check-input" type="radio" name={`${id}-mode`} checked={mode === 'html'} onChange={() => setMode('html')} />
                <span className="form-check-label">Advanced: HTML</span>
              </label>
            </fieldset>
            {mode === 'blocks' ? (
              <div className="d-flex gap-2">
                <button type="button" className="btn btn-sm" onClick={() => store.undo()} disabled={history.past.length === 0} aria-keyshortcuts="Control+Z">
                  Undo
                </button>
                <button type="button" className="btn btn-sm" onClick={() => store.redo()} disabled={history.future.length === 0} aria-keyshortcuts="Control+Shift+Z">
                  Redo
                </button>
              </div>
            ) : null}
          </div>
          {mode === 'blocks' && !frame.blocks ? (
            <p className="alert alert-info py-2" role="note">
              Your header and footer are HTML. These blocks start from their text and pictures; the HTML is replaced when you save.
            </p>
          ) : null}
          {mode === 'blocks' ? (
            <FrameBlocksEditor store={store} />
          ) : (
            <>
              {frame.blocks ? (
                <p className="alert alert-info py-2" role="note">
                  The HTML your blocks make. Once you save it, your header and footer are HTML until you choose Blocks again.
                </p>
              ) : null}
              <div className="mb-3">
                <label className="form-label" htmlFor={`${id}-header`}>
                  Header (HTML)
                </label>
                <textarea
                  id={`${id}-header`}
                  className="form-control font-monospace"
                  rows={5}
                  maxLength={MAX_FRAME_HTML_LENGTH}
                  value={header}
                  aria-describedby={`${id}-html-hint`}
                  onChange={(event) => setHeader(event.currentTarget.value)}
                />
              </div>
              <div>
                <label className="form-label" htmlFor={`${id}-footer`}>
                  Footer (HTML)
                </label>
                <textarea
                  id={`${id}-footer`}
                  className="form-control font-monospace"
                  rows={5}
                  maxLength={MAX_FRAME_HTML_LENGTH}
                  value={footer}
                  aria-describedby={`${id}-html-hint`}
                  onChange={(event) => setFooter(event.currentTarget.value)}
                />
              </div>
              <p className="form-hint mt-2" id={`${id}-html-hint`}>
                Scripts, forms and anything a mail client would not show are removed.
              </p>
            </>
          )}
        </div>
        {/* Keyed: a reused button would turn into Save while its click is still going on, and submit. */}
        {confirming ? (
          <div className="modal-footer" key="confirm">
            <p className="me-auto mb-0 fw-bold" role="alert">
              Discard unsaved changes?
            </p>
            <button type="button" className="btn" autoFocus onClick={() => setConfirming(false)}>
              Keep editing
            </button>
            <button type="button" className="btn btn-danger" onClick={onClose}>
              Discard
            </button>
          </div>
        ) : (
          <div className="modal-footer" key="actions">
            <button type="button" className="btn" onClick={cancel}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Save header and footer
            </button>
          </div>
        )}
      </form>
    </dialog>
  );
}
