/**
 * Simple Newsletter (/newsletter/send/simple): From, Subject, the message (the rich-text area's
 * HTML), the website categories of its post ('Newsletters' ticked), one attachment (linked or
 * attached), and Send: the checks of spec section 5, then the send, then its Sent Newsletters
 * page. Beyond the spec (issue 29 §2): a test to up to five addresses (no post, the form stays)
 * and the email rendered as members get it (the preview, and the checklist's size).
 */
import { atom, type ReadableAtom, type WritableAtom } from 'nanostores';
import { send } from '../../../../lib/browser/send';
import { showToast } from '../../../../lib/browser/toast';
import { setFlash } from '../../../../lib/browser/flash';
import { GENERIC_FAILURE } from '../../../../lib/browser/api-client';
import { newsletterApi } from '../../calls';
import { websiteApi, type Category } from '../../../website';
import { NEWSLETTER_SENT, testSentText, type AttachmentMode } from '../../rules';
import { sendViewHref } from '../../sends';
import { createSendFormState, sendFieldOf, type SendFormInit, type SendFormState } from './send-form';

export interface SimpleSendStore extends Pick<SendFormState, '$form' | '$ticked' | '$attachment' | '$error' | '$dirty' | 'toggleCategory' | 'setAttachment' | 'check' | 'checkTest'> {
  $sending: ReadableAtom<boolean>;
  /** A test is on its way (Send and the test wait). */
  $testing: ReadableAtom<boolean>;
  /** How families get the attachment: linked (the default) or attached to every copy. */
  $attachmentMode: WritableAtom<AttachmentMode>;
  markMessageChanged(): void;
  /** Sends it (the message's HTML from the rich-text area); on success goes to the send's page. */
  send(getMessage: () => Promise<string>, navigate?: (path: string) => void): Promise<boolean>;
  /** Sends it as a test to the test addresses (remembered for next time); the form stays. */
  sendTest(getMessage: () => Promise<string>): Promise<boolean>;
  /** The email as members get it and its size (the preview, the checklist's size); null when it could not be made. */
  render(message: string): Promise<{ html: string; bytes: number } | null>;
  uploadImage(file: Blob): Promise<string | null>;
}

const assign = (path: string) => window.location.assign(path);

/** The editor's message as HTML; null (with the generic failure toast) when it cannot be written. */
async function messageOf(getMessage: () => Promise<string>): Promise<string | null> {
  try {
    return await getMessage();
  } catch {
    void showToast(GENERIC_FAILURE, { type: 'error' });
    return null;
  }
}

export function createSimpleSendStore(init: SendFormInit & { categories: readonly Category[] }): SimpleSendStore {
  const state = createSendFormState(init);
  const { $form, $attachment } = state;
  const $sending = atom(false);
  const $testing = atom(false);
  // The server's reason (a refused file, a line break in the subject, an address) is what the user can act on.
  const onFailure = (failure: { message?: string | undefined; field?: string | undefined }) => state.fail(failure.message ?? GENERIC_FAILURE, sendFieldOf(failure.field));
  const $attachmentMode = atom<AttachmentMode>('link');

  const store: SimpleSendStore = {
    $form,
    $ticked: state.$ticked,
    $attachment,
    $sending,
    $testing,
    $attachmentMode,
    $error: state.$error,
    $dirty: state.$dirty,
    markMessageChanged: state.touched,
    toggleCategory: state.toggleCategory,
    setAttachment: state.setAttachment,
    check: state.check,
    checkTest: state.checkTest,
    async send(getMessage, navigate = assign) {
      if ($sending.get() || $testing.get() || !store.check()) return false;
      $sending.set(true);
      try {
        const message = await messageOf(getMessage);
        if (message === null) return false;
        const { from, subject } = $form.get();
        const attachment = $attachment.get();
        const res = await send(
          newsletterApi.sendSimple,
          { form: { from, subject, ...state.replyToField(), message, category: state.categoryJson(), ...(attachment ? { attachment, attachment_mode: $attachmentMode.get() } : {}) } },
          { onFailure },
        );
        if (!res) return false;
        state.markSent();
        setFlash(sendViewHref(res.id).split('?')[0] ?? '', NEWSLETTER_SENT);
        navigate(sendViewHref(res.id));
        return true;
      } finally {
        $sending.set(false);
      }
    },
    async sendTest(getMessage) {
      if ($sending.get() || $testing.get() || !store.checkTest()) return false;
      $testing.set(true);
      try {
        const message = await messageOf(getMessage);
        if (message === null) return false;
        const { from, subject } = $form.get();
        const attachment = $attachment.get();
        const res = await send(
          newsletterApi.sendSimpleTest,
          { form: { from, subject, ...state.replyToField(), message, ...state.testToField(), ...(attachment ? { attachment, attachment_mode: $attachmentMode.get() } : {}) } },
          { onFailure },
        );
        if (!res) return false;
        void showToast(testSentText(res.to), { type: 'success' });
        return true;
      } finally {
        $testing.set(false);
      }
    },
    async render(message) {
      const { from, subject } = $form.get();
      const res = await send(newsletterApi.previewSimple, { body: { message, ...(subject.trim() ? { subject } : {}), ...(from.trim() ? { from } : {}) } });
      return res ? { html: res.html, bytes: res.bytes } : null;
    },
    async uploadImage(file) {
      const res = await send(websiteApi.uploadBuilderMedia, { form: { file } });
      return res?.media.source_url ?? null;
    },
  };
  return store;
}
