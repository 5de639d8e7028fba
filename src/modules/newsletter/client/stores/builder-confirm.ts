/**
 * The builder's confirm screen (/newsletter/send/builder/confirm?id=N[&test=1]): From, Subject,
 * the website categories of the newsletter's post ('Newsletters' ticked; not for a test), one
 * attachment, and its actions: Send (a real send goes to the list and on to its Sent Newsletters
 * page; a test goes to the test addresses, up to five, and the screen stays), Publish to website, and
 * Email me a PDF (made and emailed to the user). The build is the one saved on the server.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { send } from '../../../../lib/browser/send';
import { showToast } from '../../../../lib/browser/toast';
import { setFlash } from '../../../../lib/browser/flash';
import { GENERIC_FAILURE } from '../../../../lib/browser/api-client';
import { sendViewHref } from '../../sends';
import { builderApi } from '../../builder-calls';
import { PDF_EMAILED, PDF_FAILED, PDF_WAIT, POSTED_TO_WEBSITE, SUBJECT_REQUIRED, type Build } from '../../builder-rules';
import { NEWSLETTER_SENT, testSentText } from '../../rules';
import type { Category } from '../../../website';
import { createSendFormState, sendFieldOf, type SendFormInit, type SendFormState } from './send-form';

export type ConfirmAction = 'send' | 'publish' | 'pdf';

export interface BuilderConfirmInit extends SendFormInit {
  build: Build;
  /** The email as rendered for this build (what the PDF prints). */
  html: string;
  categories: readonly Category[];
  test: boolean;
}

export interface BuilderConfirmStore extends Pick<SendFormState, '$form' | '$ticked' | '$attachment' | '$error' | '$dirty' | 'toggleCategory' | 'setAttachment' | 'check'> {
  /** The action under way, if any (the others wait). */
  $busy: ReadableAtom<ConfirmAction | null>;
  /** The website post made by Publish to website, once there is one. */
  $postUrl: ReadableAtom<string | null>;
  send(navigate?: (path: string) => void): Promise<boolean>;
  /** Spec section 5: a subject is required. */
  publish(): Promise<boolean>;
  downloadPdf(): Promise<boolean>;
}

const assign = (path: string) => window.location.assign(path);

export function createBuilderConfirmStore(init: BuilderConfirmInit): BuilderConfirmStore {
  const state = createSendFormState(init);
  const { $form, $attachment, fail } = state;
  const $busy = atom<ConfirmAction | null>(null);
  const $postUrl = atom<string | null>(null);

  /** Runs one action at a time. */
  const exclusive = async (action: ConfirmAction, work: () => Promise<boolean>): Promise<boolean> => {
    if ($busy.get()) return false;
    $busy.set(action);
    try {
      return await work();
    } finally {
      $busy.set(null);
    }
  };
  // The server's reason (a refused file, a line break in the subject) is what the user can act on.
  const onFailure = (failure: { message?: string | undefined; field?: string | undefined }) => fail(failure.message ?? GENERIC_FAILURE, sendFieldOf(failure.field));

  const store: BuilderConfirmStore = {
    $form,
    $ticked: state.$ticked,
    $attachment,
    $busy,
    $error: state.$error,
    $postUrl,
    $dirty: state.$dirty,
    toggleCategory: state.toggleCategory,
    setAttachment: state.setAttachment,
    // A test also needs its addresses.
    check: init.test ? state.checkTest : state.check,
    send(navigate = assign) {
      if (!store.check()) return Promise.resolve(false);
      return exclusive('send', async () => {
        const { from, subject } = $form.get();
        const attachment = $attachment.get();
        const res = await send(
          builderApi.builderSend,
          {
            form: {
              from,
              subject,
              ...state.replyToField(),
              build: JSON.stringify(init.build),
              test: init.test ? '1' : '0',
              ...(init.test ? state.testToField() : { category: state.categoryJson() }),
              ...(attachment ? { attachment } : {}),
            },
          },
          { onFailure },
        );
        if (!res) return false;
        if (init.test || res.id === null) {
          void showToast(testSentText(state.testAddresses()), { type: 'success' });
          return true;
        }
        state.markSent();
        const href = sendViewHref(res.id);
        setFlash(href.split('?')[0] ?? '', NEWSLETTER_SENT);
        navigate(href);
        return true;
      });
    },
    publish() {
      const { subject } = $form.get();
      if (!subject.trim()) {
        fail(SUBJECT_REQUIRED, 'subject');
        return Promise.resolve(false);
      }
      state.clearError();
      return exclusive('publish', async () => {
        const res = await send(
          builderApi.builderWebsite,
          {
            form: {
              subject,
              build: JSON.stringify(init.build),
              category: state.categoryJson(),
            },
          },
          { onFailure },
        );
        if (!res) return false;
        $postUrl.set(res.post_url);
        void showToast(POSTED_TO_WEBSITE, { type: 'success' });
        return true;
      });
    },
    downloadPdf() {
      return exclusive('pdf', async () => {
        void showToast(PDF_WAIT, { type: 'info' });
        // Spec section 8: whatever went wrong, the PDF's own failure text.
        const subject = $form.get().subject.trim();
        const res = await send(builderApi.builderDownload, { body: { html: init.html, ...(subject ? { subject } : {}) } }, { onFailure: () => void showToast(PDF_FAILED, { type: 'error' }) });
        if (!res) return false;
        void showToast(PDF_EMAILED, { type: 'success' });
        return true;
      });
    },
  };
  return store;
}
