import { useRef, type ReactNode, type RefObject } from 'react';
import { CategoryPicker } from '../../../../ui/islands/CategoryPicker';
import { MAX_EMAIL_LENGTH, MAX_FROM_NAME_LENGTH, MAX_SUBJECT_LENGTH, MAX_TEST_ADDRESSES } from '../../rules';
import type { Category } from '../../../website';
import type { SendFields, SendFormError } from '../stores/send-form';

/** The parts both newsletter send screens show (Simple Newsletter, the builder's Send Email). */

/** '1 subscribed member', '32 subscribed members'. */
export const membersPhrase = (n: number) => `${n} subscribed member${n === 1 ? '' : 's'}`;

export type SendFieldRefs = Record<keyof SendFields, RefObject<HTMLInputElement | null>>;

/** The header fields' elements, and focus on the one an error is about (From when it names none). */
export function useSendFieldRefs(): { refs: SendFieldRefs; focus: (field: keyof SendFields | undefined) => void } {
  const refs: SendFieldRefs = { from: useRef(null), subject: useRef(null), replyTo: useRef(null), testTo: useRef(null) };
  return { refs, focus: (field) => refs[field ?? 'from'].current?.focus() };
}

export interface SendHeaderFieldsProps {
  /** The form's useId(): the fields' ids start with it. */
  id: string;
  form: SendFields;
  error: SendFormError;
  /** The error's element, which an invalid field points to. */
  errorId: string;
  refs: SendFieldRefs;
  onChange: (field: keyof SendFields, value: string) => void;
}

/** From (the display name) and Subject, required, and Reply-to, optional, each marked invalid when the error is about it. */
export function SendHeaderFields({ id, form, error, errorId, refs, onChange }: SendHeaderFieldsProps) {
  const invalid = (field: keyof SendFields) => error.text !== '' && error.field === field;
  return (
    <div className="row g-3">
      <div className="col-md-6">
        <label className="form-label required" htmlFor={`${id}-from`}>
          From
        </label>
        <input
          id={`${id}-from`}
          ref={refs.from}
          className={`form-control${invalid('from') ? ' is-invalid' : ''}`}
          name="from"
          autoComplete="organization"
          maxLength={MAX_FROM_NAME_LENGTH}
          required
          value={form.from}
          aria-invalid={invalid('from') || undefined}
          aria-describedby={`${id}-from-hint${invalid('from') ? ` ${errorId}` : ''}`}
          onChange={(event) => onChange('from', event.target.value)}
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
          ref={refs.subject}
          className={`form-control${invalid('subject') ? ' is-invalid' : ''}`}
          name="subject"
          autoComplete="off"
          maxLength={MAX_SUBJECT_LENGTH}
          required
          value={form.subject}
          aria-invalid={invalid('subject') || undefined}
          aria-describedby={invalid('subject') ? errorId : undefined}
          onChange={(event) => onChange('subject', event.target.value)}
        />
      </div>
      <div className="col-md-6">
        <label className="form-label" htmlFor={`${id}-reply-to`}>
          Reply-to address
        </label>
        <input
          id={`${id}-reply-to`}
          ref={refs.replyTo}
          className={`form-control${invalid('replyTo') ? ' is-invalid' : ''}`}
          name="reply_to"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={MAX_EMAIL_LENGTH}
          placeholder="office@your-school.example"
          value={form.replyTo}
          aria-invalid={invalid('replyTo') || undefined}
          aria-describedby={`${id}-reply-to-hint${invalid('replyTo') ? ` ${errorId}` : ''}`}
          onChange={(event) => onChange('replyTo', event.target.value)}
        />
        <div className="form-hint" id={`${id}-reply-to-hint`}>
          Where families’ replies go, such as the school office. Left empty, replies go to the portal’s sending address, which nobody reads.
        </div>
      </div>
    </div>
  );
}

/** Where a test goes (issue 29 §2): up to five addresses in one field; what the user typed stays when it is refused. */
export function TestAddressesField({ id, value, error, errorId, inputRef, onChange }: { id: string; value: string; error: SendFormError; errorId: string; inputRef: SendFieldRefs['testTo']; onChange: (value: string) => void }) {
  const invalid = error.text !== '' && error.field === 'testTo';
  return (
    <div className="mt-3">
      <label className="form-label required" htmlFor={`${id}-test-to`}>
        Send the test to
      </label>
      <input
        id={`${id}-test-to`}
        ref={inputRef}
        className={`form-control${invalid ? ' is-invalid' : ''}`}
        name="test_to"
        inputMode="email"
        autoComplete="off"
        spellCheck={false}
        maxLength={MAX_TEST_ADDRESSES * (MAX_EMAIL_LENGTH + 2)}
        required
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-test-to-hint${invalid ? ` ${errorId}` : ''}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="form-hint" id={`${id}-test-to-hint`}>
        Up to {MAX_TEST_ADDRESSES} email addresses, separated by commas. They are remembered for your next test.
      </div>
    </div>
  );
}

/** The website categories of the newsletter's post. */
export function WebsiteCategoriesField({ categories, ticked, onToggle }: { categories: Category[]; ticked: ReadonlySet<number>; onToggle: (id: number, on: boolean) => void }) {
  return (
    <fieldset className="mt-3">
      <legend className="form-label">Website categories</legend>
      <p className="form-hint mt-0">The newsletter is also published on your website as a post in these categories.</p>
      <CategoryPicker categories={categories} ticked={ticked} onToggle={onToggle} />
    </fieldset>
  );
}

/** The one attachment both send screens take; `children` says what becomes of it (Simple Newsletter's link or attach). */
export function AttachmentField({ id, onChoose, children }: { id: string; onChoose: (file: File | null) => void; children?: ReactNode }) {
  return (
    <div className="mt-3">
      <label className="form-label" htmlFor={`${id}-attachment`}>
        Attachment
      </label>
      <input id={`${id}-attachment`} className="form-control" type="file" name="attachment" onChange={(event) => onChoose(event.currentTarget.files?.[0] ?? null)} />
      {children}
    </div>
  );
}
