import { lazy, Suspense, useId, useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import '../../../../ui/islands/ui.css';
import './newsletter.css';
import { AttachmentField, membersPhrase, SendHeaderFields, TestAddressesField, useSendFieldRefs, WebsiteCategoriesField } from './SendFields';
import { ConfirmDialog } from '../../../../ui/islands/ConfirmDialog';
import { RichTextArea } from '../../../../ui/islands/rich-text/RichTextArea';
import type { EditorControls } from '../../../../ui/islands/rich-text/EditorSurface';
import { useLeaveGuard } from '../../../../ui/islands/useLeaveGuard';
import { createSimpleSendStore } from '../stores/simple-send';
import { checkMessage } from '../../send-check';
import { showToast } from '../../../../lib/browser/toast';
import { GENERIC_FAILURE } from '../../../../lib/browser/api-client';
import { useSendChecklist, type SendKind } from './send-check/useSendChecklist';
import type { Category } from '../../../website';

// The builder's preview dialog (the email in a sandboxed frame, its size against Gmail's clip), loaded on first use.
const PreviewDialog = lazy(() => import('./builder/dialogs/PreviewDialog'));

export interface SimpleNewsletterFormProps {
  categories: Category[];
  /** Subscribed members now: whom Send reaches. */
  audience: number;
  schoolName: string;
  /** The Reply-to field's first value (the school's last send's). */
  replyTo: string;
  /** Where the user's tests go (those they used last, or their own address). */
  testAddresses: string[];
}

/**
 * Simple Newsletter: From, Subject, Message, the post's website categories, one attachment, a test
 * to up to five addresses, Preview, and Send (after the pre-send checklist and a confirm naming the audience).
 */
export default function SimpleNewsletterForm({ categories, audience, schoolName, replyTo, testAddresses }: SimpleNewsletterFormProps) {
  const id = useId();
  const [store] = useState(() => createSimpleSendStore({ categories, schoolName, replyTo, testAddresses }));
  const form = useStore(store.$form);
  const ticked = useStore(store.$ticked);
  const attachment = useStore(store.$attachment);
  const sending = useStore(store.$sending);
  const testing = useStore(store.$testing);
  const attachmentMode = useStore(store.$attachmentMode);
  const error = useStore(store.$error);
  const [controls, setControls] = useState<EditorControls | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [checking, setChecking] = useState(false);
  const messageRef = useRef<HTMLDivElement>(null);
  const fields = useSendFieldRefs();
  const guard = useLeaveGuard(() => store.$dirty.get());
  const getMessage = () => (controls ? controls.getHtml() : Promise.reject(new Error('The editor is not ready.')));

  // The pre-send checklist (issue 29 §2): an empty message blocks, pictures without alt text and a clipped size warn.
  const checklist = useSendChecklist({
    fixLabel: (problem) => (problem.field === 'message' ? 'Go to the message' : problem.field === 'subject' ? 'Go to the subject' : null),
    onFix: (problem) => {
      if (problem.field === 'subject') fields.focus('subject');
      if (problem.field !== 'message') return;
      messageRef.current?.scrollIntoView({ block: 'center' });
      messageRef.current?.querySelector<HTMLElement>('[contenteditable="true"]')?.focus({ preventScroll: true });
    },
  });
  const check = async (kind: SendKind, proceed: () => void) => {
    if (checking) return;
    setChecking(true);
    try {
      let html: string;
      try {
        html = await getMessage();
      } catch {
        void showToast(GENERIC_FAILURE, { type: 'error' });
        return;
      }
      // The size is the email's as the preview renders it.
      const rendered = await store.render(html);
      checklist.run(checkMessage({ html, subject: store.$form.get().subject, ...(rendered ? { bytes: rendered.bytes } : {}) }), kind, proceed);
    } finally {
      setChecking(false);
    }
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (store.check()) void check('newsletter', () => setConfirming(true));
    else fields.focus(store.$error.get().field);
  };
  const sendTest = () => {
    if (store.checkTest()) void check('test', () => void store.sendTest(getMessage));
    else fields.focus(store.$error.get().field);
  };
  const confirmSend = () => {
    setConfirming(false);
    void store.send(getMessage, guard.leaveNow);
  };
  const busy = sending || testing || checking || !controls;

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
          <div ref={messageRef}>
            <RichTextArea initialHtml="" labelledBy={`${id}-message`} uploadImage={store.uploadImage} onReady={setControls} onChange={store.markMessageChanged} />
          </div>
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

        <fieldset className="mt-4" aria-describedby={`${id}-test-hint`}>
          <legend className="form-label h4 mb-1">Test email</legend>
          <p className="form-hint mt-0" id={`${id}-test-hint`}>
            Check it in a real inbox first: the test goes only to these addresses, exactly as your readers will see it, with no website post.
          </p>
          <TestAddressesField id={id} value={form.testTo} error={error} errorId={errorId} inputRef={fields.refs.testTo} onChange={(value) => store.$form.setKey('testTo', value)} />
          <button className="btn mt-2" type="button" aria-disabled={busy || undefined} onClick={() => (busy ? undefined : sendTest())}>
            {testing ? 'Sending test…' : 'Send Test Email'}
          </button>
        </fieldset>

        {error.text ? (
          <div className="text-danger mt-3" id={errorId} role="alert">
            {error.text}
          </div>
        ) : null}
      </div>
      <div className="card-footer d-flex flex-wrap align-items-center justify-content-end gap-2">
        <span className="text-secondary me-auto">Goes to {membersPhrase(audience)}.</span>
        <button className="btn" type="button" aria-disabled={!controls || undefined} onClick={() => (controls ? setPreviewing(true) : undefined)}>
          Preview
        </button>
        <button className="btn btn-primary" type="submit" aria-disabled={busy || undefined}>
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
      {checklist.dialog}
      {previewing ? (
        <Suspense fallback={null}>
          <PreviewDialog render={() => getMessage().then(store.render, () => null)} onClose={() => setPreviewing(false)} />
        </Suspense>
      ) : null}
      {guard.dialog}
    </form>
  );
}
