import { useId, useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import '../ui/ui.css';
import './newsletter.css';
import { CategoryPicker } from '../ui/CategoryPicker';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { RichTextArea } from '../ui/rich-text/RichTextArea';
import type { EditorControls } from '../ui/rich-text/EditorSurface';
import { useLeaveGuard } from '../ui/useLeaveGuard';
import { createSimpleSendStore } from '../../stores/newsletter/simple-send';
import { MAX_FROM_NAME_LENGTH, MAX_SUBJECT_LENGTH } from '../../contracts/newsletter-rules';
import type { Category } from '../../contracts/website';

export interface SimpleNewsletterFormProps {
  categories: Category[];
  /** Subscribed members now: whom Send reaches. */
  audience: number;
  schoolName: string;
}

const members = (n: number) => `${n} subscribed member${n === 1 ? '' : 's'}`;

/** Simple Newsletter: From, Subject, Message, the post's website categories, one attachment, Send (after a confirm naming the audience). */
export default function SimpleNewsletterForm({ categories, audience, schoolName }: SimpleNewsletterFormProps) {
  const id = useId();
  const [store] = useState(() => createSimpleSendStore({ categories, schoolName }));
  const form = useStore(store.$form);
  const ticked = useStore(store.$ticked);
  const attachment = useStore(store.$attachment);
  const sending = useStore(store.$sending);
  const error = useStore(store.$error);
  const [controls, setControls] = useState<EditorControls | null>(null);
  const [confirming, setConfirming] = useState(false);
  const fromRef = useRef<HTMLInputElement>(null);
  const subjectRef = useRef<HTMLInputElement>(null);
  const guard = useLeaveGuard(() => store.$dirty.get());

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (store.check()) setConfirming(true);
    else (store.$error.get().field === 'subject' ? subjectRef : fromRef).current?.focus();
  };
  const confirmSend = () => {
    setConfirming(false);
    void store.send(() => (controls ? controls.getHtml() : Promise.reject(new Error('The editor is not ready.'))), guard.leaveNow);
  };

  const invalid = (field: 'from' | 'subject') => error.text !== '' && error.field === field;
  const errorId = `${id}-error`;
  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <div className="card-header">
        <h2 className="card-title" id={`${id}-heading`}>
          New newsletter
        </h2>
      </div>
      <div className="card-body">
        <div className="row g-3">
          <div className="col-md-6">
            <label className="form-label required" htmlFor={`${id}-from`}>
              From
            </label>
            <input
              id={`${id}-from`}
              ref={fromRef}
              className={`form-control${invalid('from') ? ' is-invalid' : ''}`}
              name="from"
              autoComplete="organization"
              maxLength={MAX_FROM_NAME_LENGTH}
              required
              value={form.from}
              aria-invalid={invalid('from') || undefined}
              aria-describedby={`${id}-from-hint${invalid('from') ? ` ${errorId}` : ''}`}
              onChange={(event) => store.$form.setKey('from', event.target.value)}
            />
            <div className="form-hint" id={`${id}-from-hint`}>
              The name your readers see the newsletter come from.
            </div>
          </div>
          <div className="col-md-6">
            <label className="form-label required" htmlFor={`${id}-subject`}>
              Subject
            </label>
            <input
              id={`${id}-subject`}
              ref={subjectRef}
              className={`form-control${invalid('subject') ? ' is-invalid' : ''}`}
              name="subject"
              autoComplete="off"
              maxLength={MAX_SUBJECT_LENGTH}
              required
              value={form.subject}
              aria-invalid={invalid('subject') || undefined}
              aria-describedby={invalid('subject') ? errorId : undefined}
              onChange={(event) => store.$form.setKey('subject', event.target.value)}
            />
          </div>
        </div>

        <div className="mt-3">
          <span className="form-label" id={`${id}-message`}>
            Message
          </span>
          <RichTextArea initialHtml="" labelledBy={`${id}-message`} uploadImage={store.uploadImage} onReady={setControls} onChange={store.markMessageChanged} />
        </div>

        <fieldset className="mt-3">
          <legend className="form-label">Website categories</legend>
          <p className="form-hint mt-0">The newsletter is also published on your website as a post in these categories.</p>
          <CategoryPicker categories={categories} ticked={ticked} onToggle={(category, on) => store.toggleCategory(category, on)} />
        </fieldset>

        <div className="mt-3">
          <label className="form-label" htmlFor={`${id}-attachment`}>
            Attachment
          </label>
          <input
            id={`${id}-attachment`}
            className="form-control"
            type="file"
            name="attachment"
            onChange={(event) => store.setAttachment(event.currentTarget.files?.[0] ?? null)}
          />
          {attachment ? <div className="form-hint">Sent with every copy and linked from the website post.</div> : null}
        </div>

        {error.text ? (
          <div className="text-danger mt-3" id={errorId} role="alert">
            {error.text}
          </div>
        ) : null}
      </div>
      <div className="card-footer d-flex flex-wrap align-items-center justify-content-end gap-2">
        <span className="text-secondary me-auto">Goes to {members(audience)}.</span>
        <button className="btn btn-primary" type="submit" aria-disabled={sending || !controls || undefined}>
          {sending ? 'Sending…' : 'Send'}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Send this newsletter?"
        confirmLabel="Send"
        onConfirm={confirmSend}
        onCancel={() => setConfirming(false)}
      >
        {`“${form.subject.trim()}” goes to ${members(audience)} and is published on your website.`}
      </ConfirmDialog>
      {guard.dialog}
    </form>
  );
}
