/**
 * Simple Newsletter (/newsletter/send/simple): From, Subject, the message (the rich-text area's
 * HTML), the website categories of its post ('Newsletters' ticked), one attachment, and Send:
 * the checks of spec section 5, then the send, then its Sent Newsletters page.
 */
import { atom, map, type MapStore, type ReadableAtom } from 'nanostores';
import { send } from '../../lib/send';
import { showToast } from '../../lib/toast';
import { setFlash } from '../../lib/flash';
import { GENERIC_FAILURE } from '../../lib/api-client';
import { newsletterApi } from '../../contracts/newsletter-endpoints';
import { websiteApi } from '../../contracts/website-endpoints';
import { NEWSLETTER_SENT, SEND_FIELDS_REQUIRED } from '../../contracts/newsletter-rules';
import { NEWSLETTER_CATEGORY } from '../../contracts/website-rules';
import type { Category } from '../../contracts/website';
import { sendViewHref } from '../../lib/newsletter-sends';

export interface SimpleSendForm {
  from: string;
  subject: string;
}

export interface SimpleSendStore {
  $form: MapStore<SimpleSendForm>;
  $ticked: ReadableAtom<ReadonlySet<number>>;
  $attachment: ReadableAtom<File | null>;
  $sending: ReadableAtom<boolean>;
  /** What is wrong ('' when nothing), and which field to fix. */
  $error: ReadableAtom<{ text: string; field?: keyof SimpleSendForm }>;
  /** Something was typed or chosen: leaving asks first. */
  $dirty: ReadableAtom<boolean>;
  markMessageChanged(): void;
  toggleCategory(id: number, ticked: boolean): void;
  setAttachment(file: File | null): void;
  /** Spec section 5: from and subject are required. True when the form may be sent. */
  check(): boolean;
  /** Sends it (the message's HTML from the rich-text area); on success goes to the send's page. */
  send(getMessage: () => Promise<string>, navigate?: (path: string) => void): Promise<boolean>;
  uploadImage(file: Blob): Promise<string | null>;
}

/** 'Newsletters' (spec section 9) is ticked to start with. */
export function initialTicked(categories: readonly Category[]): Set<number> {
  return new Set(categories.filter((c) => c.name.trim().toLowerCase() === NEWSLETTER_CATEGORY.toLowerCase()).map((c) => c.id));
}

const assign = (path: string) => window.location.assign(path);

export function createSimpleSendStore(init: { categories: readonly Category[]; schoolName: string }): SimpleSendStore {
  const $form = map<SimpleSendForm>({ from: init.schoolName, subject: '' });
  const $ticked = atom<ReadonlySet<number>>(initialTicked(init.categories));
  const $attachment = atom<File | null>(null);
  const $sending = atom(false);
  const $error = atom<{ text: string; field?: keyof SimpleSendForm }>({ text: '' });
  const $dirty = atom(false);
  const touched = () => $dirty.set(true);
  $form.listen(touched);
  $attachment.listen(touched);
  $ticked.listen(touched);

  const store: SimpleSendStore = {
    $form,
    $ticked,
    $attachment,
    $sending,
    $error,
    $dirty,
    markMessageChanged: touched,
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
      $error.set({ text: SEND_FIELDS_REQUIRED, field: from.trim() ? 'subject' : 'from' });
      void showToast(SEND_FIELDS_REQUIRED, { type: 'error' });
      return false;
    },
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
        const category: Record<string, string> = {};
        for (const c of init.categories) if ($ticked.get().has(c.id)) category[String(c.id)] = c.name;
        const { from, subject } = $form.get();
        const attachment = $attachment.get();
        const res = await send(
          newsletterApi.sendSimple,
          { form: { from, subject, message, category: JSON.stringify(category), ...(attachment ? { attachment } : {}) } },
          {
            // The server's reason (a refused file, a line break in the subject) is what the user can act on.
            onFailure: (failure) => {
              const text = failure.message ?? GENERIC_FAILURE;
              $error.set({ text });
              void showToast(text, { type: 'error' });
            },
          },
        );
        if (!res) return false;
        $dirty.set(false);
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
