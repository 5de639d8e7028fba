import type { Runtime } from '../../../../../platform/runtime';
import { enqueue } from '../../../../../platform/jobs';
import { Refusal } from '../../../../../platform/errors';
import { findSchoolById } from '../../../../account/server';
import { MAX_MESSAGE_LENGTH, MESSAGE_REQUIRED, TICKET_NOT_FOUND } from '../../../helpdesk-contract';
import type { SupportStatusKey } from '../schema';
import { removeAttachment, storeAttachment, type UploadedFile } from './attachments';
import { REPLY_MAIL_JOB } from './mail';
import { addMessage, statusByKey } from './service';
import * as repo from './repository';

/**
 * The provider's side of the helpdesk (the operator command `tickets`): every school's tickets,
 * one ticket's thread, a reply (the author is emailed, in the reply's transaction) and a status.
 */

export interface TicketWithSchool extends repo.TicketRecord {
  school: { label: string; name: string };
}

async function withSchool(db: Runtime['db'], ticket: repo.TicketRecord): Promise<TicketWithSchool> {
  const school = await findSchoolById(db, ticket.domain_id);
  return { ...ticket, school: school ? { label: school.label, name: school.name } : { label: `#${ticket.domain_id}`, name: '' } };
}

export async function providerTicket(runtime: Runtime, number: number): Promise<TicketWithSchool> {
  const ticket = await repo.findTicket(runtime.db, number);
  if (!ticket) throw new Refusal(404, 'ticket_not_found', `There is no ticket #${number}.`);
  return withSchool(runtime.db, ticket);
}

/** Tickets of every school (or one), in some statuses (or all), the longest waiting first. */
export async function listTicketsForProvider(
  runtime: Runtime,
  filter: { domainId?: number | undefined; statusKeys?: readonly SupportStatusKey[] | undefined },
): Promise<TicketWithSchool[]> {
  const tickets = await repo.listTicketsForProvider(runtime.db, filter);
  return Promise.all(tickets.map((t) => withSchool(runtime.db, t)));
}

export async function providerThread(runtime: Runtime, number: number): Promise<{ ticket: TicketWithSchool; messages: repo.MessageRecord[] }> {
  const ticket = await providerTicket(runtime, number);
  return { ticket, messages: await repo.listMessages(runtime.db, ticket.id) };
}

/** A status by its key or its name, as the operator types it ('answered', 'Awaiting reply'). */
export async function findStatus(runtime: Runtime, text: string): Promise<repo.StatusRecord> {
  const wanted = text.trim().toLowerCase();
  const statuses = await repo.listStatuses(runtime.db);
  const status = statuses.find((s) => s.key === wanted || s.name.toLowerCase() === wanted);
  if (!status) throw new Refusal(400, 'unknown_status', `The status is one of ${statuses.map((s) => `"${s.name}"`).join(', ')}, not "${text}".`);
  return status;
}

export interface ProviderReply {
  message: string;
  /** Who signs the reply in the thread and the email. */
  authorName: string;
  /** The ticket's status after the reply; Answered when not given. */
  status?: string | undefined;
  attachment?: UploadedFile | undefined;
}

/**
 * The provider answers a ticket: the message joins the thread, the ticket's status (Answered
 * unless told otherwise) and date change, and the author's email is queued, all in one
 * transaction. Answers the ticket as it is now and the new message's id.
 */
export async function replyAsProvider(runtime: Runtime, number: number, reply: ProviderReply): Promise<{ ticket: TicketWithSchool; messageId: number }> {
  const body = reply.message.replace(/\r\n?/g, '\n').trim();
  if (!body) throw new Refusal(400, 'message_required', MESSAGE_REQUIRED);
  if (body.length > MAX_MESSAGE_LENGTH)
    throw new Refusal(400, 'message_too_long', `A message can be at most ${MAX_MESSAGE_LENGTH.toLocaleString('en-GB')} characters.`);
  const ticket = await providerTicket(runtime, number);
  const status = reply.status === undefined ? await statusByKey(runtime.db, 'answered') : await findStatus(runtime, reply.status);
  const dataDir = runtime.config.PORTAL_DATA_DIR;
  const stored = reply.attachment ? await storeAttachment(dataDir, ticket.domain_id, reply.attachment) : undefined;
  const now = runtime.clock();
  try {
    const messageId = await runtime.db.transaction().execute(async (trx) => {
      // Still there (a school removed meanwhile takes its tickets with it).
      if (!(await repo.findTicket(trx, number))) throw new Refusal(404, 'ticket_not_found', TICKET_NOT_FOUND);
      const id = await addMessage(trx, ticket, { author: 'provider', authorName: reply.authorName, body, attachment: stored }, now);
      await repo.updateTicket(trx, ticket.id, { statusId: status.id, now });
      await enqueue(trx, { name: REPLY_MAIL_JOB, payload: { messageId: id }, now, key: `${REPLY_MAIL_JOB}:${id}`, domainId: ticket.domain_id });
      return id;
    });
    return { ticket: await providerTicket(runtime, number), messageId };
  } catch (err) {
    if (stored) await removeAttachment(dataDir, ticket.domain_id, stored.stored_name);
    throw err;
  }
}

/** The provider sets a ticket's status (its date changes with it). */
export async function setStatusAsProvider(runtime: Runtime, number: number, statusText: string): Promise<TicketWithSchool> {
  const ticket = await providerTicket(runtime, number);
  const status = await findStatus(runtime, statusText);
  await repo.updateTicket(runtime.db, ticket.id, { statusId: status.id, now: runtime.clock() });
  return providerTicket(runtime, number);
}
