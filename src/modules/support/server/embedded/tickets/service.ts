import { randomInt } from 'node:crypto';
import { inTransaction, type RequestContext, type SchoolContext } from '../../../../../platform/context';
import { isUniqueViolation } from '../../../../../platform/db';
import { Refusal } from '../../../../../platform/errors';
import { findSchoolUser } from '../../../../account/server';
import { totalPages } from '../../../../../lib/lists/paging';
import {
  DEPARTMENT_REQUIRED,
  HELPDESK_PATHS,
  PRIORITY_REQUIRED,
  TICKET_CLOSED,
  TICKET_NOT_FOUND,
  TICKET_NUMBER_MAX,
  TICKET_NUMBER_MIN,
  TICKETS_PAGE_SIZE,
  type NewTicketForm,
  type ReplyForm,
  type Ticket,
  type TicketMessage,
} from '../../../helpdesk-contract';
import type { SupportStatusKey } from '../schema';
import type { HelpdeskOptions, TicketsPage, TicketThread } from '../../backend';
import { removeAttachment, storeAttachment, type StoredAttachment, type UploadedFile } from './attachments';
import * as repo from './repository';

/**
 * The school's side of the helpdesk: My Tickets, a ticket's thread, a new ticket, a reply, close
 * and reopen. Everything is scoped by the session's school; a ticket of another school answers
 * exactly as a number nobody has.
 */

/** Where files go (the data folder) and the portal's configured address (reply emails link back to it). */
export interface HelpdeskPlace {
  dataDir: string;
  portalOrigin: string;
}

export function toTicket(record: repo.TicketRecord): Ticket {
  return {
    id: record.id,
    number: record.number,
    subject: record.subject,
    department: record.department,
    priority: record.priority,
    status: { name: record.status.name, colour: record.status.colour },
    date_updated: record.updated_at,
    closed: record.status.closed,
  };
}

export function toMessage(record: repo.MessageRecord, number: number): TicketMessage {
  return {
    id: record.id,
    author: record.author,
    author_name: record.author_name,
    body: record.body,
    date_created: record.created_at,
    attachments: record.attachments.map((a) => ({
      id: a.id,
      name: a.name,
      size: a.size,
      mime_type: a.mime_type,
      url: HELPDESK_PATHS.attachment(number, a.id),
    })),
  };
}

/** A page of the school's tickets (spec: 10 a page), last updated first. */
export async function listTickets(ctx: SchoolContext, page: number): Promise<TicketsPage> {
  const [total, rows] = await Promise.all([
    repo.countTickets(ctx.db, ctx.domain.id),
    repo.listTicketsPage(ctx.db, ctx.domain.id, { offset: (page - 1) * TICKETS_PAGE_SIZE, limit: TICKETS_PAGE_SIZE }),
  ]);
  return { tickets: rows.map(toTicket), total_pages: totalPages(total, TICKETS_PAGE_SIZE), total };
}

async function schoolTicket(ctx: SchoolContext, number: number): Promise<repo.TicketRecord> {
  const ticket = await repo.findTicket(ctx.db, number, ctx.domain.id);
  if (!ticket) throw new Refusal(404, 'ticket_not_found', TICKET_NOT_FOUND);
  return ticket;
}

/** One of the school's tickets with its thread, oldest message first. */
export async function getTicket(ctx: SchoolContext, number: number): Promise<TicketThread> {
  const ticket = await schoolTicket(ctx, number);
  const messages = await repo.listMessages(ctx.db, ticket.id);
  return { ticket: toTicket(ticket), messages: messages.map((m) => toMessage(m, ticket.number)) };
}

/** What the new-ticket form offers: the provider's departments and priorities. */
export async function helpdeskOptions(ctx: Pick<SchoolContext, 'db'>): Promise<HelpdeskOptions> {
  const [departments, priorities] = await Promise.all([repo.listDepartments(ctx.db), repo.listPriorities(ctx.db)]);
  return { departments, priorities: priorities.map(({ id, name }) => ({ id, name })) };
}

export async function statusByKey(db: SchoolContext['db'], key: SupportStatusKey): Promise<repo.StatusRecord> {
  const status = (await repo.listStatuses(db)).find((s) => s.key === key);
  if (!status) throw new Error(`The helpdesk has no '${key}' status: migration 0021 writes it.`);
  return status;
}

async function fileOf(file: File | undefined): Promise<UploadedFile | undefined> {
  return file ? { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name } : undefined;
}

/**
 * Stores the file (if any) first, then runs `record` with it; the file is removed again when
 * `record` fails, so a refused ticket or reply leaves nothing on disk.
 */
async function withStoredFile<T>(
  dataDir: string,
  domainId: number,
  file: UploadedFile | undefined,
  record: (stored: StoredAttachment | undefined) => Promise<T>,
): Promise<T> {
  const stored = file ? await storeAttachment(dataDir, domainId, file) : undefined;
  try {
    return await record(stored);
  } catch (err) {
    if (stored) await removeAttachment(dataDir, domainId, stored.stored_name);
    throw err;
  }
}

export interface NewMessage {
  author: 'staff' | 'provider';
  authorName: string;
  body: string;
  attachment: StoredAttachment | undefined;
}

/** Adds a message (and its file's row) to a ticket, in the caller's transaction. */
export async function addMessage(db: SchoolContext['db'], ticket: { id: number; domain_id: number }, message: NewMessage, now: number): Promise<number> {
  const id = await repo.insertMessage(db, {
    ticket_id: ticket.id,
    domain_id: ticket.domain_id,
    author: message.author,
    author_name: message.authorName,
    body: message.body,
    now,
  });
  if (message.attachment) await repo.insertAttachment(db, { ...message.attachment, message_id: id, domain_id: ticket.domain_id, created_at: now });
  return id;
}

/** A six-digit number no ticket has yet (the insert's unique key is the final word). */
async function freeNumber(db: SchoolContext['db']): Promise<number> {
  for (;;) {
    const number = randomInt(TICKET_NUMBER_MIN, TICKET_NUMBER_MAX + 1);
    if (!(await repo.numberTaken(db, number))) return number;
  }
}

/** How many times a new ticket is tried when another took its number meanwhile. */
const NUMBER_ATTEMPTS = 5;

/** Opens a ticket (status Open) with its first message and attachment; answers it as My Tickets lists it. */
export async function createTicket(ctx: RequestContext, form: NewTicketForm, place: HelpdeskPlace): Promise<Ticket> {
  // Named as the schema's refusals are: the field, then what to do.
  if (!(await repo.departmentExists(ctx.db, form.department))) throw new Refusal(400, 'unknown_department', DEPARTMENT_REQUIRED, 'department');
  if (!(await repo.priorityExists(ctx.db, form.priority))) throw new Refusal(400, 'unknown_priority', PRIORITY_REQUIRED, 'priority');
  const open = await statusByKey(ctx.db, 'open');
  const author = await findSchoolUser(ctx, ctx.user.email);
  const authorName = author?.name ?? ctx.user.email;
  const file = await fileOf(form.attachment);
  return withStoredFile(place.dataDir, ctx.domain.id, file, async (attachment) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const number = await inTransaction(ctx, async (trx) => {
          const picked = await freeNumber(trx.db);
          const id = await repo.insertTicket(trx.db, {
            domain_id: trx.domain.id,
            number: picked,
            subject: form.subject,
            department_id: form.department,
            priority_id: form.priority,
            status_id: open.id,
            user_id: trx.user.id,
            author_email: trx.user.email,
            author_name: authorName,
            portal_origin: place.portalOrigin,
            now: trx.now,
          });
          await addMessage(trx.db, { id, domain_id: trx.domain.id }, { author: 'staff', authorName, body: form.message, attachment }, trx.now);
          return picked;
        });
        return toTicket((await repo.findTicket(ctx.db, number, ctx.domain.id))!);
      } catch (err) {
        // Two tickets picked the same free number at once: the loser tries another (in a new transaction).
        if (!isUniqueViolation(err) || attempt >= NUMBER_ATTEMPTS) throw err;
      }
    }
  });
}

/** The school replies: the ticket waits for the provider again (Awaiting reply). A closed ticket takes no reply until reopened. */
export async function replyAsStaff(
  ctx: RequestContext,
  number: number,
  form: ReplyForm,
  place: HelpdeskPlace,
): Promise<TicketThread & { message: TicketMessage }> {
  const ticket = await schoolTicket(ctx, number);
  if (ticket.status.closed) throw new Refusal(409, 'ticket_closed', TICKET_CLOSED);
  const awaiting = await statusByKey(ctx.db, 'awaiting');
  const author = await findSchoolUser(ctx, ctx.user.email);
  const file = await fileOf(form.attachment);
  const messageId = await withStoredFile(place.dataDir, ctx.domain.id, file, (attachment) =>
    inTransaction(ctx, async (trx) => {
      const id = await addMessage(trx.db, ticket, { author: 'staff', authorName: author?.name ?? ctx.user.email, body: form.message, attachment }, trx.now);
      await repo.updateTicket(trx.db, ticket.id, { statusId: awaiting.id, now: trx.now });
      return id;
    }),
  );
  const thread = await getTicket(ctx, number);
  const message = thread.messages.find((m) => m.id === messageId)!;
  return { ...thread, message };
}

/** Close (status Closed) or reopen (status Open) one of the school's tickets; asking for what it already is changes nothing. */
export async function setTicketOpen(ctx: RequestContext, number: number, action: 'close' | 'reopen'): Promise<Ticket> {
  const ticket = await schoolTicket(ctx, number);
  const wanted = action === 'close';
  if (ticket.status.closed !== wanted) {
    const status = await statusByKey(ctx.db, wanted ? 'closed' : 'open');
    await repo.updateTicket(ctx.db, ticket.id, { statusId: status.id, now: ctx.now });
  }
  return toTicket((await repo.findTicket(ctx.db, number, ctx.domain.id))!);
}

/** The file of an attachment of the school's ticket, for download; null when the school has no such attachment. */
export async function findAttachmentFile(ctx: SchoolContext, number: number, attachmentId: number): Promise<repo.AttachmentRecord | null> {
  return (await repo.findAttachment(ctx.db, ctx.domain.id, number, attachmentId)) ?? null;
}
