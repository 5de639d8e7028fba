/**
 * The builder's confirm screen (/newsletter/send/builder/confirm?id=N[&test=1]): From, Subject,
 * the website categories of the newsletter's post ('Newsletters' ticked; not for a test), one
 * attachment, and its actions: Send (a real send goes to the list and on to its Sent Newsletters
 * page; a test goes to the signed-in user, and the screen stays), Publish to website, and
 * Download PDF (emailed to the user). The build is the one saved on the server.
 */
import { atom, map, type MapStore, type ReadableAtom } from 'nanostores';
import { send } from '../../lib/send';
import { showToast } from '../../lib/toast';
import { setFlash } from '../../lib/flash';
import { GENERIC_FAILURE } from '../../lib/api-client';
import { sendViewHref } from '../../lib/newsletter-sends';
import { builderApi } from '../../contracts/newsletter-builder-endpoints';
import { PDF_EMAILED, PDF_FAILED, PDF_WAIT, POSTED_TO_WEBSITE, SUBJECT_REQUIRED, type Build } from '../../contracts/newsletter-builder-rules';
import { NEWSLETTER_SENT, SEND_FIELDS_REQUIRED } from '../../contracts/newsletter-rules';
import type { Category } from '../../contracts/website';
import { initialTicked } from './simple-send';

export interface BuilderConfirmForm {
  from: string;
  subject: string;
}

export type ConfirmAction = 'send' | 'publish' | 'pdf';

export interface BuilderConfirmInit {
  build: Build;
  /** The email as rendered for this build (what the PDF prints). */
  html: string;
  categories: readonly Category[];
  schoolName: string;
  /** Where a test goes: the signed-in user. */
  userEmail: string;
  test: boolean;
}

export interface BuilderConfirmStore {
  $form: MapStore<BuilderConfirmForm>;
  $ticked: ReadableAtom<ReadonlySet<number>>;
  $attachment: ReadableAtom<File | null>;
  /** The action under way, if any (the others wait). */
  $busy: ReadableAtom<ConfirmAction | null>;
  /** What is wrong ('' when nothing), and which field to fix. */
  $error: ReadableAtom<{ text: string; field?: keyof BuilderConfirmForm }>;
  /** The website post made by Publish to website, once there is one. */
  $postUrl: ReadableAtom<string | null>;
  $dirty: ReadableAtom<boolean>;
  toggleCategory(id: number, ticked: boolean): void;
  setAttachment(file: File | null): void;
  /** Spec section 5: from and subject are required. True when the form may be sent. */
  check(): boolean;
  send(navigate?: (path: string) => void): Promise<boolean>;
  /** Spec section 5: a subject is required. */
  publish(): Promise<boolean>;
  downloadPdf(): Promise<boolean>;
}

const assign = (path: string) => window.location.assign(path);

/** What a test's toast says. */
export const testSentText = (email: string) => `Your test email has been sent to ${email}.`;

export function createBuilderConfirmStore(init: BuilderConfirmInit): BuilderConfirmStore {
  const $form = map<BuilderConfirmForm>({ from: init.schoolName, subject: '' });
  const $ticked = atom<ReadonlySet<number>>(initialTicked(init.categories));
  const $attachment = atom<File | null>(null);
  const $busy = atom<ConfirmAction | null>(null);
  const $error = atom<{ text: string; field?: keyof BuilderConfirmForm }>({
    text: '',
  });
  const $postUrl = atom<string | null>(null);
  const $dirty = atom(false);
  const touched = () => $dirty.set(true);
  $form.listen(touched);
  $attachment.listen(touched);
  $ticked.listen(touched);

  const fail = (text: string, field?: keyof BuilderConfirmForm) => {
    $error.set(field ? { text, field } : { text });
    void showToast(text, { type: 'error' });
  };
  const categoryMap = (): string => {
    const category: Record<string, string> = {};
    for (const c of init.categories) if ($ticked.get().has(c.id)) category[String(c.id)] = c.name;
    return JSON.stringify(category);
  };
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
  const onFailure = (failure: { message?: string | undefined }) => fail(failure.message ?? GENERIC_FAILURE);

  const store: BuilderConfirmStore = {
    $form,
    $ticked,
    $attachment,
    $busy,
    $error,
    $postUrl,
    $dirty,
    toggleCategory(id, ticked) {
      const next = new Set($ticked.get());
      if (ticked) next.add(id);
      else next.delete(id);
      $ticked.set(next);
    },
    setAttachment(file) {
      $attachment.set(file);
    },
    check() {
      const { from, subject } = $form.get();
      if (from.trim() && subject.trim()) {
        $error.set({ text: '' });
        return true;
      }
      fail(SEND_FIELDS_REQUIRED, from.trim() ? 'subject' : 'from');
      return false;
    },
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
              build: JSON.stringify(init.build),
              test: init.test ? '1' : '0',
              ...(init.test ? {} : { category: categoryMap() }),
              ...(attachment ? { attachment } : {}),
            },
          },
          { onFailure },
        );
        if (!res) return false;
        if (init.test || res.id === null) {
          void showToast(testSentText(init.userEmail), { type: 'success' });
          return true;
        }
        $dirty.set(false);
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
      $error.set({ text: '' });
      return exclusive('publish', async () => {
        const res = await send(
          builderApi.builderWebsite,
          {
            form: {
              subject,
              build: JSON.stringify(init.build),
              category: categoryMap(),
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
        const res = await send(builderApi.builderDownload, { body: { html: init.html } }, { onFailure: () => void showToast(PDF_FAILED, { type: 'error' }) });
        if (!res) return false;
        void showToast(PDF_EMAILED, { type: 'success' });
        return true;
      });
    },
  };
  return store;
}
