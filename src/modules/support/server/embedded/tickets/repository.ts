import type { Db } from '../../../../../platform/db';
import type { Insertable, Selectable } from 'kysely';
import type { SupportAttachmentTable, SupportMessageAuthor, SupportMessageTable, SupportStatusKey, SupportTicketTable } from '../schema';
import '../schema';

/**
 * All SQL of the helpdesk's tickets. The school's screens and calls always pass its domain id;
 * the provider's operator command looks across schools (it serves them all) and names a ticket
 * by its number, which is unique across schools.
 *
 * Integer columns are bigint on PostgreSQL, which pg answers as strings: every number read here is
 * passed through Number().
 */

export interface StatusRecord {
  id: number;
  key: SupportStatusKey;
  name: string;
  colour: string;
  closed: boolean;
}

export interface TicketRecord {
  id: number;
  domain_id: number;
  number: number;
  subject: string;
  department: string;
  priority: { name: string; colour: string };
  status: StatusRecord;
  user_id: number | null;
  author_email: string;
  author_name: string;
  portal_origin: string;
  created_at: number;
  updated_at: number;
}

export type AttachmentRecord = Selectable<SupportAttachmentTable>;

export type MessageRecord = Selectable<SupportMessageTable> & { attachments: AttachmentRecord[] };

function tickets(db: Db) {
  return db
    .selectFrom('support_tickets as t')
    .innerJoin('support_departments as d', 'd.id', 't.department_id')
    .innerJoin('support_priorities as p', 'p.id', 't.priority_id')
    .innerJoin('support_statuses as s', 's.id', 't.status_id')
    .select([
      't.id',
      't.domain_id',
      't.number',
      't.subject',
      'd.name as department',
      'p.name as priority_name',
      'p.colour as priority_colour',
      's.id as status_id',
      's.key as status_key',
      's.name as status_name',
      's.colour as status_colour',
      's.closed as status_closed',
      't.user_id',
      't.author_email',
      't.author_name',
      't.portal_origin',
      't.created_at',
      't.updated_at',
    ]);
}

type TicketRow = Awaited<ReturnType<ReturnType<typeof tickets>['executeTakeFirstOrThrow']>>;

function toTicket(row: TicketRow): TicketRecord {
  return {
    id: Number(row.id),
    domain_id: Number(row.domain_id),
    number: Number(row.number),
    subject: row.subject,
    department: row.department,
    priority: { name: row.priority_name, colour: row.priority_colour },
    status: { id: Number(row.status_id), key: row.status_key, name: row.status_name, colour: row.status_colour, closed: Number(row.status_closed) === 1 },
    user_id: row.user_id === null ? null : Number(row.user_id),
    author_email: row.author_email,
    author_name: row.author_name,
    portal_origin: row.portal_origin,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

export async function countTickets(db: Db, domainId: number): Promise<number> {
  const row = await db
    .selectFrom('support_tickets')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('domain_id', '=', domainId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A page of the school's tickets, last updated first (the newest ticket first among equals). */
export async function listTicketsPage(db: Db, domainId: number, page: { offset: number; limit: number }): Promise<TicketRecord[]> {
  const rows = await tickets(db)
    .where('t.domain_id', '=', domainId)
    .orderBy('t.updated_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map(toTicket);
}

/** The provider's list: every school's tickets (or one school's), in the given statuses, oldest change first. */
export async function listTicketsForProvider(
  db: Db,
  filter: { domainId?: number | undefined; statusKeys?: readonly SupportStatusKey[] | undefined },
): Promise<TicketRecord[]> {
  let query = tickets(db);
  if (filter.domainId !== undefined) query = query.where('t.domain_id', '=', filter.domainId);
  if (filter.statusKeys !== undefined) query = query.where('s.key', 'in', [...filter.statusKeys]);
  return (await query.orderBy('t.updated_at', 'asc').orderBy('t.id', 'asc').execute()).map(toTicket);
}

/** A ticket by its number; with a domain id, only that school's. */
export async function findTicket(db: Db, number: number, domainId?: number): Promise<TicketRecord | undefined> {
  let query = tickets(db).where('t.number', '=', number);
  if (domainId !== undefined) query = query.where('t.domain_id', '=', domainId);
  const row = await query.executeTakeFirst();
  return row ? toTicket(row) : undefined;
}

export async function numberTaken(db: Db, number: number): Promise<boolean> {
  return (await db.selectFrom('support_tickets').select('id').where('number', '=', number).executeTakeFirst()) !== undefined;
}

/** A new ticket's columns; `now` is its creation and its last change. */
export type NewTicketRow = Omit<Insertable<SupportTicketTable>, 'id' | 'created_at' | 'updated_at'> & { now: number };

export async function insertTicket(db: Db, row: NewTicketRow): Promise<number> {
  const { now, ...values } = row;
  const inserted = await db
    .insertInto('support_tickets')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** A new status (or none) and the moment of the ticket's last change. */
export async function updateTicket(db: Db, ticketId: number, change: { statusId?: number; now: number }): Promise<void> {
  await db
    .updateTable('support_tickets')
    .set({ updated_at: change.now, ...(change.statusId === undefined ? {} : { status_id: change.statusId }) })
    .where('id', '=', ticketId)
    .execute();
}

export async function insertMessage(
  db: Db,
  row: { ticket_id: number; domain_id: number; author: SupportMessageAuthor; author_name: string; body: string; now: number },
): Promise<number> {
  const { now, ...values } = row;
  const inserted = await db
    .insertInto('support_messages')
    .values({ ...values, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function insertAttachment(db: Db, row: Omit<AttachmentRecord, 'id'>): Promise<number> {
  const inserted = await db.insertInto('support_attachments').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

function toAttachment(row: {
  id: number;
  message_id: number;
  domain_id: number;
  name: string;
  stored_name: string;
  mime_type: string;
  size: number;
  created_at: number;
}): AttachmentRecord {
  return {
    ...row,
    id: Number(row.id),
    message_id: Number(row.message_id),
    domain_id: Number(row.domain_id),
    size: Number(row.size),
    created_at: Number(row.created_at),
  };
}

const MESSAGE_COLUMNS = ['id', 'ticket_id', 'domain_id', 'author', 'author_name', 'body', 'created_at'] as const;
const ATTACHMENT_COLUMNS = ['id', 'message_id', 'domain_id', 'name', 'stored_name', 'mime_type', 'size', 'created_at'] as const;

/** A ticket's thread, oldest first, each message with its attachments. */
export async function listMessages(db: Db, ticketId: number): Promise<MessageRecord[]> {
  const messages = await db.selectFrom('support_messages').select(MESSAGE_COLUMNS).where('ticket_id', '=', ticketId).orderBy('id').execute();
  if (messages.length === 0) return [];
  const attachments = await db
    .selectFrom('support_attachments')
    .select(ATTACHMENT_COLUMNS)
    .where(
      'message_id',
      'in',
      messages.map((m) => m.id),
    )
    .orderBy('id')
    .execute();
  const byMessage = new Map<number, AttachmentRecord[]>();
  for (const attachment of attachments.map(toAttachment)) {
    byMessage.set(attachment.message_id, [...(byMessage.get(attachment.message_id) ?? []), attachment]);
  }
  return messages.map((m) => ({
    ...m,
    id: Number(m.id),
    ticket_id: Number(m.ticket_id),
    domain_id: Number(m.domain_id),
    created_at: Number(m.created_at),
    attachments: byMessage.get(Number(m.id)) ?? [],
  }));
}

/** One message with its ticket's id (the reply email's job). */
export async function findMessage(db: Db, messageId: number): Promise<MessageRecord | undefined> {
  const row = await db.selectFrom('support_messages').select(MESSAGE_COLUMNS).where('id', '=', messageId).executeTakeFirst();
  if (!row) return undefined;
  const attachments = await db.selectFrom('support_attachments').select(ATTACHMENT_COLUMNS).where('message_id', '=', messageId).orderBy('id').execute();
  return {
    ...row,
    id: Number(row.id),
    ticket_id: Number(row.ticket_id),
    domain_id: Number(row.domain_id),
    created_at: Number(row.created_at),
    attachments: attachments.map(toAttachment),
  };
}

/** The ticket a message belongs to (any school's: the job acts for the provider). */
export async function findTicketById(db: Db, ticketId: number): Promise<TicketRecord | undefined> {
  const row = await tickets(db).where('t.id', '=', ticketId).executeTakeFirst();
  return row ? toTicket(row) : undefined;
}

/** An attachment of the school's ticket of this number, or undefined. */
export async function findAttachment(db: Db, domainId: number, number: number, attachmentId: number): Promise<AttachmentRecord | undefined> {
  const row = await db
    .selectFrom('support_attachments as a')
    .innerJoin('support_messages as m', 'm.id', 'a.message_id')
    .innerJoin('support_tickets as t', 't.id', 'm.ticket_id')
    .select(['a.id', 'a.message_id', 'a.domain_id', 'a.name', 'a.stored_name', 'a.mime_type', 'a.size', 'a.created_at'])
    .where('a.id', '=', attachmentId)
    .where('a.domain_id', '=', domainId)
    .where('t.domain_id', '=', domainId)
    .where('t.number', '=', number)
    .executeTakeFirst();
  return row ? toAttachment(row) : undefined;
}

/* ---- The provider's data: departments, priorities, statuses ---- */

export async function listDepartments(db: Db): Promise<Array<{ id: number; name: string }>> {
  const rows = await db.selectFrom('support_departments').select(['id', 'name']).orderBy('position').orderBy('id').execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

export async function listPriorities(db: Db): Promise<Array<{ id: number; name: string; colour: string }>> {
  const rows = await db.selectFrom('support_priorities').select(['id', 'name', 'colour']).orderBy('position').orderBy('id').execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export async function listStatuses(db: Db): Promise<StatusRecord[]> {
  const rows = await db.selectFrom('support_statuses').select(['id', 'key', 'name', 'colour', 'closed']).orderBy('position').orderBy('id').execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), closed: Number(r.closed) === 1 }));
}

export async function departmentExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('support_departments').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function priorityExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('support_priorities').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
