import { useEffect, useId, useRef } from 'react';
import { canSend, type SendProblem } from '../../../send-check';
import './checklist.css';

export interface SendChecklistProps {
  /** The check's problems (blocking first); the dialog is open while this is not null. */
  problems: readonly SendProblem[] | null;
  /** What the send is, for the title and the button: 'newsletter' or 'test'. */
  kind: 'newsletter' | 'test';
  /** The label of a problem's fix button (none: the problem has nothing to go to). */
  fixLabel: (problem: SendProblem) => string | null;
  onFix: (problem: SendProblem) => void;
  /** Only offered when nothing blocks. */
  onSendAnyway: () => void;
  onClose: () => void;
}

/**
 * The pre-send checklist (../../../send-check.ts) as a modal: what must be fixed first, then what
 * is worth checking, each with a button that goes to the block or field. "Send anyway" appears
 * only when nothing blocks; focus starts on the first fix (or Send anyway) and returns to the
 * opener on close, as ConfirmDialog's does.
 */
export function SendChecklist({ problems, kind, fixLabel, onFix, onSendAnyway, onClose }: SendChecklistProps) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = problems !== null;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      dialog.querySelector<HTMLButtonElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      // A fix moved focus to its block or field: leave it there.
      if (dialog.contains(document.activeElement) || document.activeElement === document.body) opener.current?.focus();
      opener.current = null;
    }
  }, [open]);
  useEffect(() => () => ref.current?.close(), []);

  const list = problems ?? [];
  const blocking = list.filter((p) => p.level === 'block');
  const warnings = list.filter((p) => p.level === 'warn');
  const sendable = canSend(list);
  const what = kind === 'test' ? 'the test' : 'the newsletter';
  // Focus starts on the first fix; with none, on Send anyway (or Close).
  const firstFix = list.find((p) => fixLabel(p) !== null);
  const item = (problem: SendProblem, index: number) => {
    const label = fixLabel(problem);
    return (
      <li key={`${problem.code}-${problem.blockId ?? problem.field ?? ''}-${index}`} className={`nb-check nb-check-${problem.level}`}>
        <div>
          {problem.where ? <strong className="d-block">{problem.where}</strong> : null}
          <span>{problem.text}</span>
        </div>
        {label ? (
          <button type="button" className="btn btn-sm" onClick={() => onFix(problem)} data-autofocus={problem === firstFix || undefined}>
            {label}
          </button>
        ) : null}
      </li>
    );
  };
  const section = (title: string, items: SendProblem[], offset: number) =>
    items.length ? (
      <section aria-labelledby={`${id}-${offset}`}>
        <h3 className="h4 mt-2 mb-1" id={`${id}-${offset}`}>
          {title}
        </h3>
        <ul className="nb-checklist">{items.map((p, i) => item(p, offset + i))}</ul>
      </section>
    ) : null;

  return (
    <dialog
      ref={ref}
      className="confirm-dialog nb-checklist-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="modal-content">
        <div className="modal-header">
          <h2 className="modal-title" id={`${id}-title`}>
            {sendable ? `Check before sending ${what}` : `Fix these before sending ${what}`}
          </h2>
        </div>
        <div className="modal-body">
          <p id={`${id}-intro`} className="mb-1">
            {sendable
              ? `${what[0]!.toUpperCase()}${what.slice(1)} can go, but your readers may notice ${warnings.length === 1 ? 'this' : 'these'}.`
              : `${what[0]!.toUpperCase()}${what.slice(1)} would arrive looking broken: ${blocking.length === 1 ? 'this needs' : 'these need'} fixing first.`}
          </p>
          {section('Must be fixed', blocking, 0)}
          {section('Worth checking', warnings, blocking.length)}
        </div>
        <div className="modal-footer">
          <button type="button" className="btn" onClick={onClose} data-autofocus={(!firstFix && !sendable) || undefined}>
            {sendable ? 'Cancel' : 'Close'}
          </button>
          {sendable ? (
            <button type="button" className="btn btn-primary" onClick={onSendAnyway} data-autofocus={!firstFix || undefined}>
              Send anyway
            </button>
          ) : null}
        </div>
      </div>
    </dialog>
  );
}
