/**
 * The helpdesk's new-ticket form (/helpdesk/new, framed by /support/new): subject, department,
 * priority, message and one attachment, checked here first (the server checks again), then
 * sent. The page around the frame is told the ticket's number and moves on to My Tickets; the
 * frame itself moves on to the ticket.
 */
import { atom, map, type MapStore, type ReadableAtom } from 'nanostores';
import { send } from '../../../../lib/browser/send';
import { GENERIC_FAILURE } from '../../../../lib/browser/api-client';
import type { Failure } from '../../../../lib/contract/envelope';
import { helpdeskApi } from '../../helpdesk-calls';
import {
  DEPARTMENT_REQUIRED,
  HELPDESK_PATHS,
  MAX_MESSAGE_LENGTH,
  MAX_SUBJECT_LENGTH,
  MESSAGE_REQUIRED,
  PRIORITY_REQUIRED,
  SUBJECT_REQUIRED,
} from '../../rules';
import type { HelpdeskOption } from '../../helpdesk-contract';
import { tellParent } from './frame';

export type TicketField = 'subject' | 'department' | 'priority' | 'message' | 'attachment';

export interface TicketFormValues {
  subject: string;
  department: string;
  priority: string;
  message: string;
}

/** What is wrong with a form, and the field it is about (focused and marked invalid). */
export interface FormError<F extends string = TicketField> {
  message: string;
  field?: F;
}

export interface NewTicketInit {
  departments: HelpdeskOption[];
  priorities: HelpdeskOption[];
  /** PORTAL_MAX_UPLOAD_MB. */
  maxUploadMb: number;
}

export interface NewTicketStore {
  $form: MapStore<TicketFormValues>;
  $attachment: ReadableAtom<File | null>;
  $error: ReadableAtom<FormError | null>;
  $sending: ReadableAtom<boolean>;
  setField(field: keyof TicketFormValues, value: string): void;
  setAttachment(file: File | null): void;
  /** Sends the ticket; true when it was created (the page is moving on). */
  submit(navigate?: (path: string) => void): Promise<boolean>;
}

/**
 * A refusal as the form shows it: under its `field` when the form has that field. A zod 400 puts
 * its field's name in front of its message (`subject: A subject is one line of text.`, for
 * clients that show only the message): the form, which marks the field, shows the words after it.
 */
export function formErrorOf<F extends string>(failure: Failure, fields: readonly F[]): FormError<F> {
  const message = failure.message ?? GENERIC_FAILURE;
  const field = fields.find((name) => name === failure.field);
  if (field === undefined) return { message };
  return { field, message: message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message };
}

/** The file's own check before it is sent: the upload limit (the server's 413 says the same). */
export function attachmentProblem(file: File | null, maxUploadMb: number): string | null {
  if (file && file.size > maxUploadMb * 1024 * 1024) return `The file is too large. Files can be at most ${maxUploadMb} MB.`;
  if (file && file.size === 0) return 'The file is empty.';
  return null;
}

const FIELDS: readonly TicketField[] = ['subject', 'department', 'priority', 'message', 'attachment'];

export function createNewTicketStore(init: NewTicketInit): NewTicketStore {
  // Medium (or the first) priority unless the user chooses; the department must be chosen.
  const defaultPriority = init.priorities.find((p) => p.name === 'Medium') ?? init.priorities[0];
  const $form = map<TicketFormValues>({ subject: '', department: '', priority: defaultPriority ? String(defaultPriority.id) : '', message: '' });
  const $attachment = atom<File | null>(null);
  const $error = atom<FormError | null>(null);
  const $sending = atom(false);
  const assign = (path: string) => window.location.assign(path);

  function check(): FormError | null {
    const form = $form.get();
    if (!form.subject.trim()) return { field: 'subject', message: SUBJECT_REQUIRED };
    if (form.subject.trim().length > MAX_SUBJECT_LENGTH) return { field: 'subject', message: `A subject can be at most ${MAX_SUBJECT_LENGTH} characters.` };
    if (!init.departments.some((d) => String(d.id) === form.department)) return { field: 'department', message: DEPARTMENT_REQUIRED };
    if (!init.priorities.some((p) => String(p.id) === form.priority)) return { field: 'priority', message: PRIORITY_REQUIRED };
    if (!form.message.trim()) return { field: 'message', message: MESSAGE_REQUIRED };
    if (form.message.length > MAX_MESSAGE_LENGTH)
      return { field: 'message', message: `A message can be at most ${MAX_MESSAGE_LENGTH.toLocaleString('en-GB')} characters.` };
    const problem = attachmentProblem($attachment.get(), init.maxUploadMb);
    return problem ? { field: 'attachment', message: problem } : null;
  }

  return {
    $form,
    $attachment,
    $error,
    $sending,
    setField(field, value) {
      $form.setKey(field, value);
      if ($error.get()?.field === field) $error.set(null);
    },
    setAttachment(file) {
      $attachment.set(file);
      const problem = attachmentProblem(file, init.maxUploadMb);
      $error.set(problem ? { field: 'attachment', message: problem } : $error.get()?.field === 'attachment' ? null : $error.get());
    },
    async submit(navigate = assign) {
      if ($sending.get()) return false;
      const problem = check();
      $error.set(problem);
      if (problem) return false;
      $sending.set(true);
      try {
        const form = $form.get();
        const attachment = $attachment.get();
        const res = await send(
          helpdeskApi.newTicket,
          {
            form: {
              subject: form.subject,
              department: Number(form.department),
              priority: Number(form.priority),
              message: form.message,
              ...(attachment ? { attachment } : {}),
            },
          },
          { onFailure: (failure) => $error.set(formErrorOf(failure, FIELDS)) },
        );
        if (!res) return false;
        // The page around moves on to My Tickets; the frame shows the new ticket meanwhile (or for good, on its own).
        tellParent({ type: 'created', number: res.ticket.number });
        navigate(HELPDESK_PATHS.ticket(res.ticket.number));
        return true;
      } finally {
        $sending.set(false);
      }
    },
  };
}
