import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import './helpdesk.css';
import { TicketBadge } from './Badge';
import { AttachmentField } from './AttachmentField';
import { createThreadStore, type ThreadInit } from '../stores/thread';
import { formatDayMonthYearTime } from '../../../../lib/dates';
import type { TicketMessage } from '../../helpdesk-contract';

export interface TicketThreadProps extends ThreadInit {
  timeZone: string;
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function Message({ message, timeZone }: { message: TicketMessage; timeZone: string }) {
  const when = new Date(message.date_created * 1000);
  return (
    <li className={`ticket-message ticket-message-${message.author}`}>
      <div className="ticket-message-head">
        <strong>{message.author_name}</strong>
        <span className="text-secondary">{message.author === 'provider' ? 'Support team' : 'Your school'}</span>
        <time className="text-secondary" dateTime={when.toISOString()}>
          {formatDayMonthYearTime(when, timeZone)}
        </time>
      </div>
      <div className="ticket-message-body">{message.body}</div>
      {message.attachments.length > 0 ? (
        <ul className="ticket-attachments" aria-label="Attachments">
          {message.attachments.map((file) => (
            <li key={file.id}>
              <a href={file.url} target="_blank" rel="noopener">
                {file.name}
              </a>{' '}
              <span className="text-secondary">({size(file.size)})</span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * A ticket's page in the helpdesk: its details and badges, the thread (oldest first), the reply
 * box, and Close ticket / Reopen ticket. What happened is announced politely; a refusal is
 * announced at once and its field marked and focused.
 */
export default function TicketThread(props: TicketThreadProps) {
  const [store] = useState(() => createThreadStore(props));
  const ticket = useStore(store.$ticket);
  const messages = useStore(store.$messages);
  const reply = useStore(store.$reply);
  const attachment = useStore(store.$attachment);
  const error = useStore(store.$error);
  const busy = useStore(store.$busy);
  const notice = useStore(store.$notice);
  const id = useId();
  const errorId = `${id}-error`;
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt === 0 || !error) return;
    if (error.field === 'attachment') document.getElementById(`${id}-attachment`)?.focus();
    else messageRef.current?.focus();
  }, [attempt, error, id]);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!(await store.reply())) setAttempt((n) => n + 1);
  };

  return (
    <div className="ticket-thread">
      <dl className="ticket-facts">
        <div>
          <dt>Department</dt>
          <dd>{ticket.department}</dd>
        </div>
        <div>
          <dt>Priority</dt>
          <dd>
            <TicketBadge badge={ticket.priority} />
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <TicketBadge badge={ticket.status} />
          </dd>
        </div>
      </dl>

      <h2 className="h3 mt-3">Conversation</h2>
      <ol className="ticket-messages">
        {messages.map((message) => (
          <Message key={message.id} message={message} timeZone={props.timeZone} />
        ))}
      </ol>

      <p className="visually-hidden" role="status" aria-live="polite">
        {notice}
      </p>

      {ticket.closed ? (
        <div className="ticket-closed">
          <p className="mb-2">This ticket is closed. Reopen it if you need more help.</p>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void store.setOpen(true)}>
            Reopen ticket
          </button>
        </div>
      ) : (
        <form className="helpdesk-form mt-3" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy || undefined}>
          <h2 className="h3">Reply</h2>
          <div className="mb-3">
            <label className="form-label required" htmlFor={`${id}-message`}>
              Your reply
            </label>
            <textarea
              ref={messageRef}
              id={`${id}-message`}
              className={`form-control${error?.field === 'message' ? ' is-invalid' : ''}`}
              name="message"
              rows={5}
              aria-required="true"
              aria-invalid={error?.field === 'message' || undefined}
              aria-describedby={error?.field === 'message' ? errorId : undefined}
              value={reply}
              onChange={(event) => store.setReply(event.currentTarget.value)}
            />
          </div>
          <AttachmentField
            id={`${id}-attachment`}
            label="Attachment"
            file={attachment}
            maxUploadMb={props.maxUploadMb}
            invalid={error?.field === 'attachment'}
            errorId={errorId}
            onChange={(file) => store.setAttachment(file)}
          />
          <div role="alert" id={errorId} className={error ? 'alert alert-danger' : 'visually-hidden'}>
            {error?.message ?? ''}
          </div>
          <div className="d-flex flex-wrap gap-2">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Send reply
            </button>
            <button type="button" className="btn" disabled={busy} onClick={() => void store.setOpen(false)}>
              Close ticket
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
