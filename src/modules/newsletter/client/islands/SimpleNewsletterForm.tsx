import { useId, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import '../../../../ui/islands/ui.css';
import './newsletter.css';
import { AttachmentField, membersPhrase, SendHeaderFields, useSendFieldRefs, WebsiteCategoriesField } from './SendFields';
import { ConfirmDialog } from '../../../../ui/islands/ConfirmDialog';
import { RichTextArea } from '../../../../ui/islands/rich-text/RichTextArea';
import type { EditorControls } from '../../../../ui/islands/rich-text/EditorSurface';
import { useLeaveGuard } from '../../../../ui/islands/useLeaveGuard';
import { createSimpleSendStore } from '../stores/simple-send';
import type { Category } from '../../../website';

export interface SimpleNewsletterFormProps {
  categories: Category[];
  /** Subscribed members now: whom Send reaches. */
  audience: number;
  schoolName: string;
  /** The Reply-to field's first value (the school's last send's). */
  replyTo: string;
}

/** Simple Newsletter: From, Subject, Message, the post's website categories, one attachment, Send (after a confirm naming the audience). */
export default function SimpleNewsletterForm({ categories, audience, schoolName, replyTo }: SimpleNewsletterFormProps) {
  const id = useId();
  const [store] = useState(() => createSimpleSendStore({ categories, schoolName, replyTo }));
  const form = useStore(store.$form);
  const ticked = useStore(store.$ticked);
  const attachment = useStore(store.$attachment);
  const sending = useStore(store.$sending);
  const attachmentMode = useStore(store.$attachmentMode);
  const error = useStore(store.$error);
  const [controls, setControls] = useState<EditorControls | null>(null);
  const [confirming, setConfirming] = useState(false);
  const fields = useSendFieldRefs();
  const guard = useLeaveGuard(() => store.$dirty.get());

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (store.check()) setConfirming(true);
    else fields.focus(store.$error.get().field);
  };
  const confirmSend = () => {
    setConfirming(false);
    void store.send(() => (controls ? controls.getHtml() : Promise.reject(new Error('The editor is not ready.'))), guard.leaveNow);
  };

  const errorId = `${id}-error`;
  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <div className="card-header">
        <h2 className="card-title" id={`${id}-heading`}>
          New newsletter
        </h2>
      </div>
      <div className="card-body">
        <SendHeaderFields
          id={id}
          form={form}
          error={error}
          errorId={errorId}
          refs={fields.refs}
          onChange={(field, value) => store.$form.setKey(field, value)}
        />

        <div className="mt-3">
          <span className="form-label" id={`${id}-message`}>
            Message
          </span>
          <RichTextArea initialHtml="" labelledBy={`${id}-message`} uploadImage={store.uploadImage} onReady={setControls} onChange={store.markMessageChanged} />
        </div>

        <WebsiteCategoriesField categories={categories} ticked={ticked} onToggle={(category, on) => store.toggleCategory(category, on)} />

        <AttachmentField id={id} onChoose={(file) => store.setAttachment(file)}>
          {attachment ? (
            <fieldset className="mt-2">
              <legend className="form-label mb-1">How families get the file</legend>
              <label className="form-check">
                <input className="form-check-input" type="radio" name="attachment_mode" value="link" checked={attachmentMode === 'link'} onChange={() => store.$attachmentMode.set('link')} />
                <span className="form-check-label">Link to it (recommended): each email links to the file on your website, so it stays small.</span>
              </label>
              <label className="form-check">
                <input className="form-check-input" type="radio" name="attachment_mode" value="attach" checked={attachmentMode === 'attach'} onChange={() => store.$attachmentMode.set('attach')} />
                <span className="form-check-label">Attach it to every email, as well as linking it from the website post.</span>
              </label>
            </fieldset>
          ) : null}
        </AttachmentField>

        {error.text ? (
          <div className="text-danger mt-3" id={errorId} role="alert">
            {error.text}
          </div>
        ) : null}
      </div>
      <div className="card-footer d-flex flex-wrap align-items-center justify-content-end gap-2">
        <span className="text-secondary me-auto">Goes to {membersPhrase(audience)}.</span>
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
        {`“${form.subject.trim()}” goes to ${membersPhrase(audience)} and is published on your website.`}
      </ConfirmDialog>
      {guard.dialog}
    </form>
  );
}
