import { useId, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import '../../../../../ui/islands/ui.css';
import '../newsletter.css';
import { AttachmentField, membersPhrase, SendHeaderFields, TestAddressesField, useSendFieldRefs, WebsiteCategoriesField } from '../SendFields';
import { ConfirmDialog } from '../../../../../ui/islands/ConfirmDialog';
import { useLeaveGuard } from '../../../../../ui/islands/useLeaveGuard';
import { createBuilderConfirmStore } from '../../stores/builder-confirm';
import type { Build } from '../../../builder-rules';
import { checkBuild } from '../../../send-check';
import { useSendChecklist } from '../send-check/useSendChecklist';
import { BLOCK_PARAM } from '../send-check/useBuilderSendCheck';
import type { Category } from '../../../../website';

export interface BuilderConfirmProps {
  /** The saved build's id (the checklist's fixes open the builder on it) and name (what is being sent). */
  buildId: number;
  name: string;
  build: Build;
  /** The email as rendered for this build (the PDF prints it). */
  html: string;
  categories: Category[];
  /** Subscribed members now: whom Send reaches. */
  audience: number;
  schoolName: string;
  /** The Reply-to field's first value (the school's last send's). */
  replyTo: string;
  /** Where the user's tests go (those they used last, or their own address). */
  testAddresses: string[];
  /** Send Test Email: to the test addresses only, no website categories. */
  test: boolean;
  /** Where Cancel goes: the builder, with the build as saved. */
  builderHref: string;
}

/** Send Email / Send Test Email: From, Subject, the post's categories (not for a test), an attachment; Send, Publish to website, Email me a PDF, Cancel. */
export default function BuilderConfirm({ buildId, name, build, html, categories, audience, schoolName, replyTo, testAddresses, test, builderHref }: BuilderConfirmProps) {
  const id = useId();
  const [store] = useState(() =>
    createBuilderConfirmStore({
      build,
      html,
      categories,
      schoolName,
      replyTo,
      testAddresses,
      test,
    }),
  );
  const form = useStore(store.$form);
  const ticked = useStore(store.$ticked);
  const busy = useStore(store.$busy);
  const error = useStore(store.$error);
  const postUrl = useStore(store.$postUrl);
  const [confirming, setConfirming] = useState(false);
  const fields = useSendFieldRefs();
  const guard = useLeaveGuard(() => store.$dirty.get());

  // The pre-send checklist (issue 29 §2): a block to fix opens the builder with it selected.
  const checklist = useSendChecklist({
    fixLabel: (problem) => (problem.blockId ? 'Fix in the builder' : problem.field === 'subject' ? 'Go to the subject' : null),
    onFix: (problem) => {
      if (problem.blockId) guard.confirmLeave(`${builderHref}?id=${buildId}&${BLOCK_PARAM}=${encodeURIComponent(problem.blockId)}`);
      else if (problem.field === 'subject') fields.focus('subject');
    },
  });
  const focusError = () => fields.focus(store.$error.get().field);
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!store.check()) {
      focusError();
      return;
    }
    // The size is the email's as rendered for this page, the preview's measurement.
    const problems = checkBuild({ build, subject: form.subject, bytes: new TextEncoder().encode(html).length });
    checklist.run(problems, test ? 'test' : 'newsletter', () => {
      if (test) void store.send(guard.leaveNow);
      else setConfirming(true);
    });
  };
  const publish = async () => {
    if (!(await store.publish()) && store.$error.get().field) focusError();
  };

  const errorId = `${id}-error`;
  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <div className="card-header">
        <h2 className="card-title" id={`${id}-heading`}>
          {name}
        </h2>
      </div>
      <div className="card-body">
        <p className="text-secondary mt-0">
          {test
            ? 'The test goes to the addresses below only, exactly as your readers will see it.'
            : `Goes to ${membersPhrase(audience)} and is published on your website.`}
        </p>
        <SendHeaderFields
          id={id}
          form={form}
          error={error}
          errorId={errorId}
          refs={fields.refs}
          onChange={(field, value) => store.$form.setKey(field, value)}
        />

        {test ? (
          <TestAddressesField id={id} value={form.testTo} error={error} errorId={errorId} inputRef={fields.refs.testTo} onChange={(value) => store.$form.setKey('testTo', value)} />
        ) : null}

        {test ? null : (
          <WebsiteCategoriesField categories={categories} ticked={ticked} onToggle={(category, on) => store.toggleCategory(category, on)} />
        )}

        <AttachmentField id={id} onChoose={(file) => store.setAttachment(file)} />

        {error.text ? (
          <div className="text-danger mt-3" id={errorId} role="alert">
            {error.text}
          </div>
        ) : null}
        {postUrl ? (
          <p className="mt-3 mb-0" role="status">
            Published on your website:{' '}
            <a href={postUrl} target="_blank" rel="noopener">
              view the post (opens in a new tab)
            </a>
          </p>
        ) : null}
      </div>
      <div className="card-footer d-flex flex-wrap align-items-center justify-content-end gap-2">
        <a className="btn me-auto" href={builderHref}>
          Cancel
        </a>
        <button className="btn" type="button" aria-disabled={busy !== null || undefined} onClick={() => void store.downloadPdf()}>
          {busy === 'pdf' ? 'Generating PDF…' : 'Email me a PDF'}
        </button>
        {test ? null : (
          <button className="btn" type="button" aria-disabled={busy !== null || undefined} onClick={() => void publish()}>
            {busy === 'publish' ? 'Publishing…' : 'Publish to website'}
          </button>
        )}
        <button className="btn btn-primary" type="submit" aria-disabled={busy !== null || undefined}>
          {busy === 'send' ? 'Sending…' : test ? 'Send test' : 'Send'}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Send this newsletter?"
        confirmLabel="Send"
        onConfirm={() => {
          setConfirming(false);
          void store.send(guard.leaveNow);
        }}
        onCancel={() => setConfirming(false)}
      >
        {`“${form.subject.trim()}” goes to ${membersPhrase(audience)} and is published on your website.`}
      </ConfirmDialog>
      {checklist.dialog}
      {guard.dialog}
    </form>
  );
}
