/**
 * A ticket's frame (/helpdesk/tickets/N, in My Tickets' dialog): the thread, the reply box (a
 * message and one attachment) and Close / Reopen. Each change tells the page around, which
 * refreshes My Tickets.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { send } from '../../../../lib/browser/send';
import { helpdeskApi } from '../../helpdesk-calls';
import { MAX_MESSAGE_LENGTH, MESSAGE_REQUIRED, REPLY_SENT } from '../../rules';
import type { Ticket, TicketMessage } from '../../helpdesk-contract';
import { tellParent } from './frame';
import { attachmentProblem, formErrorOf, type FormError } from './new-ticket';

export type ReplyField = 'message' | 'attachment';

export interface ThreadInit {
  ticket: Ticket;
  messages: TicketMessage[];
  maxUploadMb: number;
}

export interface ThreadStore {
  $ticket: ReadableAtom<Ticket>;
  $messages: ReadableAtom<TicketMessage[]>;
  $reply: ReadableAtom<string>;
  $attachment: ReadableAtom<File | null>;
  $error: ReadableAtom<FormError<ReplyField> | null>;
  $busy: ReadableAtom<boolean>;
  /** What just happened, for the polite live region ('' when nothing). */
  $notice: ReadableAtom<string>;
  setReply(text: string): void;
  setAttachment(file: File | null): void;
  reply(): Promise<boolean>;
  setOpen(open: boolean): Promise<boolean>;
}

const FIELDS: readonly ReplyField[] = ['message', 'attachment'];

/** What stops a reply from being sent (the server checks the same), or null. */
function replyProblem(text: string, attachment: File | null, maxUploadMb: number): FormError<ReplyField> | null {
  if (!text.trim()) return { field: 'message', message: MESSAGE_REQUIRED };
  if (text.length > MAX_MESSAGE_LENGTH)
    return { field: 'message', message: `A message can be at most ${MAX_MESSAGE_LENGTH.toLocaleString('en-GB')} characters.` };
  const fileProblem = attachmentProblem(attachment, maxUploadMb);
  return fileProblem ? { field: 'attachment', message: fileProblem } : null;
}

export function createThreadStore(init: ThreadInit): ThreadStore {
  const $ticket = atom(init.ticket);
  const $messages = atom(init.messages);
  const $reply = atom('');
  const $attachment = atom<File | null>(null);
  const $error = atom<FormError<ReplyField> | null>(null);
  const $busy = atom(false);
  const $notice = atom('');

  async function busy<T>(work: () => Promise<T>): Promise<T | null> {
    if ($busy.get()) return null;
    $busy.set(true);
    $notice.set('');
    try {
      return await work();
    } finally {
      $busy.set(false);
    }
  }

  return {
    $ticket,
    $messages,
    $reply,
    $attachment,
    $error,
    $busy,
    $notice,
    setReply(text) {
      $reply.set(text);
      if ($error.get()?.field === 'message') $error.set(null);
    },
    setAttachment(file) {
      $attachment.set(file);
      const problem = attachmentProblem(file, init.maxUploadMb);
      $error.set(problem ? { field: 'attachment', message: problem } : $error.get()?.field === 'attachment' ? null : $error.get());
    },
    async reply() {
      const text = $reply.get();
      const attachment = $attachment.get();
      const problem = replyProblem(text, attachment, init.maxUploadMb);
      $error.set(problem);
      if (problem) return false;
      const done = await busy(async () => {
        const res = await send(
          helpdeskApi.replyTicket,
          { params: { number: $ticket.get().number }, form: { message: text, ...(attachment ? { attachment } : {}) } },
          { onFailure: (failure) => $error.set(formErrorOf(failure, FIELDS)) },
        );
        if (!res) return false;
        $ticket.set(res.ticket);
        $messages.set([...$messages.get(), res.message]);
        $reply.set('');
        $attachment.set(null);
        $notice.set(REPLY_SENT);
        tellParent({ type: 'changed', number: res.ticket.number });
        return true;
      });
      return done ?? false;
    },
    async setOpen(open) {
      const done = await busy(async () => {
        const res = await send(helpdeskApi.ticketStatus, { params: { number: $ticket.get().number }, body: { action: open ? 'reopen' : 'close' } });
        if (!res) return false;
        $ticket.set(res.ticket);
        $error.set(null);
        $notice.set(open ? 'The ticket has been reopened.' : 'The ticket has been closed.');
        tellParent({ type: 'changed', number: res.ticket.number });
        return true;
      });
      return done ?? false;
    },
  };
}
