import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useLeaveGuard } from '../../../../ui/islands/useLeaveGuard';
import { createFormError } from '../../../../ui/stores/form-error';
import type { SendStore } from '../stores/send';
import type { SendPostRow } from '../../notifications';
import { cutText, MAX_NOTIFICATION_MESSAGE_LENGTH, MAX_NOTIFICATION_TITLE_LENGTH, NOTIFICATION_FIELDS_REQUIRED } from '../../rules';

export interface SendNotificationDialogProps {
  store: SendStore;
  row: SendPostRow;
  onClose: () => void;
  /** Where focus goes on close when the opener is gone. */
  fallbackFocus: () => HTMLElement | null;
}

type Field = 'title' | 'message';

/**
 * 'Send Notification' for one post: a modal form with the notification's title and message
 * (prefilled from the post's title and excerpt), then a confirmation that shows the notification
 * as it will read and says where it goes; Send sends it (the toast follows), Back returns to the
 * form. The native <dialog>: the page behind is inert, Escape cancels, focus returns to the
 * opener. Mounted while open.
 */
export function SendNotificationDialog({ store, row, onClose, fallbackFocus }: SendNotificationDialogProps) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const sending = useStore(store.$sending);
  const start = { title: cutText(row.title, MAX_NOTIFICATION_TITLE_LENGTH), message: cutText(row.excerpt, MAX_NOTIFICATION_MESSAGE_LENGTH) };
  const [values, setValues] = useState(start);
  const [step, setStep] = useState<'write' | 'confirm'>('write');
  const [formError] = useState(() => createFormError<Field>(['title', 'message'], NOTIFICATION_FIELDS_REQUIRED));
  const { message: error, field: invalid } = useStore(formError.$error);
  const fallback = useRef(fallbackFocus);
  fallback.current = fallbackFocus;
  const dirty = values.title !== start.title || values.message !== start.message;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const guard = useLeaveGuard(() => dirtyRef.current);
  const fieldId = (field: Field) => `${id}-${field}`;
  const errorId = `${id}-error`;

  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog?.showModal();
    dialog?.querySelector<HTMLElement>('input')?.focus();
    return () => {
      dialog?.close();
      if (opener?.isConnected && !opener.hasAttribute('disabled')) opener.focus();
      else fallback.current()?.focus();
    };
  }, []);

  // Each step starts where its reader does: the first field, or the confirmation's heading.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const target = step === 'confirm' ? `${id}-confirm-title` : fieldId(invalid ?? 'title');
    dialog.querySelector<HTMLElement>(`#${CSS.escape(target)}`)?.focus();
    // Only a change of step moves focus (not each keystroke's new `invalid`).
  }, [step]);

  const showError = (message: string, field: Field | null) => {
    formError.fail(message, field);
    setStep('write');
    if (field) ref.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(field))}`)?.focus();
  };

  const review = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const empty = (['title', 'message'] as const).find((field) => values[field].trim() === '');
    if (empty) return showError(NOTIFICATION_FIELDS_REQUIRED, empty);
    formError.clear();
    setStep('confirm');
  };

  const sendNow = async () => {
    if (sending) return;
    const outcome = await store.send(row, values);
    if (outcome.ok) onClose();
    else if (outcome.message) showError(outcome.message, /title/i.test(outcome.message) ? 'title' : /message/i.test(outcome.message) ? 'message' : null);
  };

  const field = (name: Field) => ({
    id: fieldId(name),
    name,
    value: values[name],
    className: `form-control${invalid === name ? ' is-invalid' : ''}`,
    required: true,
    'aria-invalid': invalid === name || undefined,
    'aria-describedby': [`${fieldId(name)}-hint`, invalid === name ? errorId : ''].filter(Boolean).join(' '),
  });
  const change = (name: Field) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    const next = { ...values, [name]: value };
    setValues(next);
    formError.edited(name, next);
  };

  return (
    <dialog
      ref={ref}
      className="confirm-dialog send-dialog"
      aria-labelledby={step === 'write' ? `${id}-heading` : `${id}-confirm-title`}
      onCancel={(event) => {
        // Escape: the island's state decides whether the dialog is open.
        event.preventDefault();
        onClose();
      }}
    >
      {step === 'write' ? (
        <form className="modal-content" onSubmit={review} noValidate>
          <div className="modal-header">
            <h2 className="modal-title" id={`${id}-heading`}>
              Send Notification: {row.title}
            </h2>
          </div>
          <div className="modal-body">
            <p className="text-secondary">Every device that turned on notifications on your school&rsquo;s website gets it; a tap opens the post.</p>
            <div className="mb-3">
              <label className="form-label required" htmlFor={fieldId('title')}>
                Title
              </label>
              <input {...field('title')} type="text" autoComplete="off" maxLength={MAX_NOTIFICATION_TITLE_LENGTH} onChange={change('title')} />
              <div className="form-hint" id={`${fieldId('title')}-hint`}>
                {values.title.length} of {MAX_NOTIFICATION_TITLE_LENGTH} characters
              </div>
            </div>
            <div className="mb-3">
              <label className="form-label required" htmlFor={fieldId('message')}>
                Message
              </label>
              <textarea {...field('message')} rows={4} maxLength={MAX_NOTIFICATION_MESSAGE_LENGTH} onChange={change('message')} />
              <div className="form-hint" id={`${fieldId('message')}-hint`}>
                {values.message.length} of {MAX_NOTIFICATION_MESSAGE_LENGTH} characters
              </div>
            </div>
            {error ? (
              <div className="text-danger" id={errorId} role="alert">
                {error}
              </div>
            ) : null}
          </div>
          <div className="modal-footer">
            <button type="button" className="btn" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary">
              Send Notification
            </button>
          </div>
        </form>
      ) : (
        <div className="modal-content">
          <div className="modal-header">
            <h2 className="modal-title" id={`${id}-confirm-title`} tabIndex={-1}>
              Send this notification?
            </h2>
          </div>
          <div className="modal-body">
            <div className="notification-preview">
              <span className="notification-title">{values.title.trim()}</span>
              <span className="notification-message">{values.message.trim()}</span>
            </div>
            <p className="m-0">
              It goes to every device that turned on notifications on your school&rsquo;s website at once, and opens &ldquo;{row.title}&rdquo;. A notification
              cannot be taken back.
            </p>
          </div>
          <div className="modal-footer">
            <button type="button" className="btn" onClick={() => setStep('write')}>
              Back
            </button>
            {/* aria-disabled, not disabled, while the call runs: focus stays on the button. */}
            <button
              type="button"
              className={`btn btn-primary${sending ? ' disabled-look' : ''}`}
              aria-disabled={sending || undefined}
              onClick={() => void sendNow()}
            >
              Send
            </button>
          </div>
        </div>
      )}
      {guard.dialog}
    </dialog>
  );
}
