/**
 * Simple Newsletter (/newsletter/send/simple): From, Subject, the message (the rich-text area's
 * HTML), the website categories of its post ('Newsletters' ticked), one attachment (linked or
 * attached), and Send:
 * the checks of spec section 5, then the send, then its Sent Newsletters page.
 */
import { atom, type ReadableAtom, type WritableAtom } from 'nanostores';
import { send } from '../../../../lib/browser/send';
import { showToast } from '../../../../lib/browser/toast';
import { setFlash } from '../../../../lib/browser/flash';
import { GENERIC_FAILURE } from '../../../../lib/browser/api-client';
import { newsletterApi } from '../../calls';
import { websiteApi, type Category } from '../../../website';
import { NEWSLETTER_SENT, type AttachmentMode } from '../../rules';
import { sendViewHref } from '../../sends';
import { createSendFormState, sendFieldOf, type SendFormState } from './send-form';

export interface SimpleSendStore extends Pick<SendFormState, '$form' | '$ticked' | '$attachment' | '$error' | '$dirty' | 'toggleCategory' | 'setAttachment' | 'check'> {
  $sending: ReadableAtom<boolean>;
  /** How families get the attachment: linked (the default) or attached to every copy. */
  $attachmentMode: WritableAtom<AttachmentMode>;
  markMessageChanged(): void;
  /** Sends it (the message's HTML from the rich-text area); on success goes to the send's page. */
  send(getMessage: () => Promise<string>, navigate?: (path: string) => void): Promise<boolean>;
  uploadImage(file: Blob): Promise<string | null>;
}

const assign = (path: string) => window.location.assign(path);

export function createSimpleSendStore(init: { categories: readonly Category[]; schoolName: string; replyTo?: string | undefined }): SimpleSendStore {
  const state = createSendFormState(init);
  const { $form, $attachment } = state;
  const $sending = atom(false);
  const $attachmentMode = atom<AttachmentMode>('link');

  const store: SimpleSendStore = {
    $form,
    $ticked: state.$ticked,
    $attachment,
    $sending,
    $attachmentMode,
    $error: state.$error,
    $dirty: state.$dirty,
    markMessageChanged: state.touched,
    toggleCategory: state.toggleCategory,
    setAttachment: state.setAttachment,
    check: state.check,
    async send(getMessage, navigate = assign) {
      if ($sending.get() || !store.check()) return false;
      $sending.set(true);
      try {
        let message: string;
        try {
          message = await getMessage();
        } catch {
          void showToast(GENERIC_FAILURE, { type: 'error' });
          return false;
        }
        const { from, subject } = $form.get();
        const attachment = $attachment.get();
        const res = await send(
          newsletterApi.sendSimple,
          { form: { from, subject, ...state.replyToField(), message, category: state.categoryJson(), ...(attachment ? { attachment, attachment_mode: $attachmentMode.get() } : {}) } },
          {
            // The server's reason (a refused file, a line break in the subject) is what the user can act on.
            onFailure: (failure) => state.fail(failure.message ?? GENERIC_FAILURE, sendFieldOf(failure.field)),
          },
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
    async uploadImage(file) {
      const res = await send(websiteApi.uploadBuilderMedia, { form: { file } });
      return res?.media.source_url ?? null;
    },
  };
  return store;
}
