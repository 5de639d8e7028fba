import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import './helpdesk.css';
import { AttachmentField } from './AttachmentField';
import { createNewTicketStore, type NewTicketInit, type TicketField } from '../stores/new-ticket';
import { MAX_SUBJECT_LENGTH } from '../../rules';

export type NewTicketFormProps = NewTicketInit;

/**
 * The helpdesk's new-ticket form: Subject, Department, Priority, Message and an Attachment. What
 * is wrong is said above the button and announced, its field marked and focused.
 */
export default function NewTicketForm(props: NewTicketFormProps) {
  const [store] = useState(() => createNewTicketStore(props));
  const form = useStore(store.$form);
  const attachment = useStore(store.$attachment);
  const error = useStore(store.$error);
  const sending = useStore(store.$sending);
  const id = useId();
  const errorId = `${id}-error`;
  const fields = useRef<Partial<Record<TicketField, HTMLElement | null>>>({});
  const [attempt, setAttempt] = useState(0);

  // After a refused submit, focus goes to the field the problem is about.
  useEffect(() => {
    if (attempt > 0 && error?.field) fields.current[error.field]?.focus();
  }, [attempt, error]);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!(await store.submit())) setAttempt((n) => n + 1);
  };
  const invalid = (field: TicketField) => error?.field === field;
  const described = (field: TicketField) => (invalid(field) ? errorId : undefined);

  return (
    <form className="helpdesk-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={sending || undefined}>
      <div className="mb-3">
        <label className="form-label required" htmlFor={`${id}-subject`}>
          Subject
        </label>
        <input
          ref={(el) => {
            fields.current.subject = el;
          }}
          id={`${id}-subject`}
          className={`form-control${invalid('subject') ? ' is-invalid' : ''}`}
          name="subject"
          autoComplete="off"
          maxLength={MAX_SUBJECT_LENGTH}
          aria-required="true"
          aria-invalid={invalid('subject') || undefined}
          aria-describedby={described('subject')}
          value={form.subject}
          onChange={(event) => store.setField('subject', event.currentTarget.value)}
        />
      </div>
      <div className="row">
        <div className="col-sm-6 mb-3">
          <label className="form-label required" htmlFor={`${id}-department`}>
            Department
          </label>
          <select
            ref={(el) => {
              fields.current.department = el;
            }}
            id={`${id}-department`}
            className={`form-select${invalid('department') ? ' is-invalid' : ''}`}
            name="department"
            aria-required="true"
            aria-invalid={invalid('department') || undefined}
            aria-describedby={described('department')}
            value={form.department}
            onChange={(event) => store.setField('department', event.currentTarget.value)}
          >
            <option value="">Choose a department…</option>
            {props.departments.map((d) => (
              <option key={d.id} value={String(d.id)}>
                {d.name}
              </option>
            ))}
          </select>
        </div>
        <div className="col-sm-6 mb-3">
          <label className="form-label required" htmlFor={`${id}-priority`}>
            Priority
          </label>
          <select
            ref={(el) => {
              fields.current.priority = el;
            }}
            id={`${id}-priority`}
            className={`form-select${invalid('priority') ? ' is-invalid' : ''}`}
            name="priority"
            aria-required="true"
            aria-invalid={invalid('priority') || undefined}
            aria-describedby={described('priority')}
            value={form.priority}
            onChange={(event) => store.setField('priority', event.currentTarget.value)}
          >
            {props.priorities.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="mb-3">
        <label className="form-label required" htmlFor={`${id}-message`}>
          Message
        </label>
        <textarea
          ref={(el) => {
            fields.current.message = el;
          }}
          id={`${id}-message`}
          className={`form-control${invalid('message') ? ' is-invalid' : ''}`}
          name="message"
          rows={8}
          aria-required="true"
          aria-invalid={invalid('message') || undefined}
          aria-describedby={described('message')}
          value={form.message}
          onChange={(event) => store.setField('message', event.currentTarget.value)}
        />
      </div>
      <div
        ref={(el) => {
          fields.current.attachment = el?.querySelector('input') ?? null;
        }}
      >
        <AttachmentField
          id={`${id}-attachment`}
          label="Attachment"
          file={attachment}
          maxUploadMb={props.maxUploadMb}
          invalid={invalid('attachment')}
          errorId={errorId}
          onChange={(file) => store.setAttachment(file)}
        />
      </div>
      <div role="alert" id={errorId} className={error ? 'alert alert-danger' : 'visually-hidden'}>
        {error?.message ?? ''}
      </div>
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending ? 'Submitting…' : 'Submit ticket'}
      </button>
    </form>
  );
}
