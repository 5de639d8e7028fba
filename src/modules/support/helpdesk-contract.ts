import { z } from 'zod';
import { successSchema } from '../../lib/contract/envelope';
import { defineCalls } from '../../lib/contract/calls';
import { pageNumberSchema } from '../../lib/contract/params';
import { SUPPORT_HELPDESK_ENDPOINTS } from './helpdesk-endpoints';
import {
  DEPARTMENT_REQUIRED,
  MAX_MESSAGE_LENGTH,
  MAX_SEARCH_LENGTH,
  MAX_SUBJECT_LENGTH,
  MESSAGE_REQUIRED,
  PRIORITY_REQUIRED,
  SUBJECT_REQUIRED,
} from './rules';

export * from './rules';

/**
 * The embedded helpdesk's contract (Support: My Tickets, a ticket's thread, new ticket, reply,
 * close and reopen, the knowledgebase's search): the support module's calls beyond the shell's
 * (./support.ts), in their own table so that the shell's pages ship none of them.
 */

/* ---- The helpdesk: tickets ---- */

/** A priority or status as a badge shows it: its name and colour (`#rrggbb`, from the data). */
export const badgeSchema = z.object({ name: z.string(), colour: z.string() });
export type Badge = z.infer<typeof badgeSchema>;

/** Spec section 3, Support ticket; `closed` (beyond the spec) says whether its status closes it. */
export const ticketSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  subject: z.string(),
  department: z.string(),
  priority: badgeSchema,
  status: badgeSchema,
  /** Unix seconds. */
  date_updated: z.number().int(),
  closed: z.boolean(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketAttachmentSchema = z.object({
  id: z.number().int(),
  /** The uploader's file name. */
  name: z.string(),
  /** Bytes. */
  size: z.number().int(),
  /** The type its bytes were found to be. */
  mime_type: z.string(),
  /** Where the signed-in school downloads it (the helpdesk's own address). */
  url: z.string(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

/** One message of a ticket's thread: the school's staff or the provider. */
export const ticketMessageSchema = z.object({
  id: z.number().int(),
  author: z.enum(['staff', 'provider']),
  author_name: z.string(),
  /** Plain text; line breaks are the writer's. */
  body: z.string(),
  /** Unix seconds. */
  date_created: z.number().int(),
  attachments: z.array(ticketAttachmentSchema),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

/** A ticket is named by its number in addresses and calls. */
export const ticketNumberSchema = z.coerce
  .number({ error: 'A ticket is named by its number.' })
  .int('A ticket is named by its number.')
  .positive('A ticket is named by its number.')
  .max(Number.MAX_SAFE_INTEGER, 'A ticket is named by its number.');
export const ticketParamsSchema = z.object({ number: ticketNumberSchema });

/** GET /api/support/tickets?page=: the school's tickets, last updated first, 10 a page. */
export const ticketsQuerySchema = z.object({ page: pageNumberSchema });
export const ticketsResponseSchema = successSchema({ tickets: z.array(ticketSchema), total_pages: z.number().int(), total: z.number().int().nonnegative() });

/** GET /api/support/tickets/{number}: the ticket with its thread, oldest message first. */
export const ticketResponseSchema = successSchema({ ticket: ticketSchema, messages: z.array(ticketMessageSchema) });

// Control characters (line breaks included) never belong in a subject: it becomes a mail header.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

const subjectField = z
  .string({ error: SUBJECT_REQUIRED })
  .trim()
  .min(1, SUBJECT_REQUIRED)
  .max(MAX_SUBJECT_LENGTH, `A subject can be at most ${MAX_SUBJECT_LENGTH} characters.`)
  .refine((value) => !CONTROL_CHARACTERS.test(value), 'A subject is one line of text.');

const messageField = z
  .string({ error: MESSAGE_REQUIRED })
  .max(MAX_MESSAGE_LENGTH, `A message can be at most ${MAX_MESSAGE_LENGTH.toLocaleString('en-GB')} characters.`)
  // Windows line ends kept as one; the text is otherwise as typed.
  .transform((value) => value.replace(/\r\n?/g, '\n').trim())
  .refine((value) => value !== '', MESSAGE_REQUIRED);

/** A department or priority of the helpdesk (the provider's, the same for every school), by its id. */
function optionField(required: string) {
  return z.coerce.number({ error: required }).int(required).positive(required).max(Number.MAX_SAFE_INTEGER, required);
}

/** POST /api/support/tickets/new: multipart subject, department, priority, message and an optional attachment. */
export const newTicketFormSchema = z.object({
  subject: subjectField,
  department: optionField(DEPARTMENT_REQUIRED),
  priority: optionField(PRIORITY_REQUIRED),
  message: messageField,
  attachment: z.file().optional(),
});
export type NewTicketForm = z.infer<typeof newTicketFormSchema>;
export const newTicketResponseSchema = successSchema({ ticket: ticketSchema });

/** POST /api/support/tickets/{number}/reply: multipart message and an optional attachment. */
export const replyFormSchema = z.object({ message: messageField, attachment: z.file().optional() });
export type ReplyForm = z.infer<typeof replyFormSchema>;
export const replyResponseSchema = successSchema({ ticket: ticketSchema, message: ticketMessageSchema });

/** POST /api/support/tickets/{number}/status: close the ticket, or reopen it. */
export const ticketStatusBodySchema = z.object({ action: z.enum(['close', 'reopen'], { error: 'action is close or reopen.' }) });
export const ticketStatusResponseSchema = successSchema({ ticket: ticketSchema });

/** A department or priority as the new-ticket form offers it. */
export const helpdeskOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type HelpdeskOption = z.infer<typeof helpdeskOptionSchema>;

/* ---- The knowledgebase ---- */

export const articleSummarySchema = z.object({ slug: z.string(), title: z.string(), category: z.string(), excerpt: z.string() });
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

/** GET /api/support/knowledgebase?query=: articles matching every word, title matches first; all articles without a query. */
export const knowledgebaseQuerySchema = z.object({
  query: z.string().max(MAX_SEARCH_LENGTH, `A search can be at most ${MAX_SEARCH_LENGTH} characters.`).optional(),
});
export const knowledgebaseResponseSchema = successSchema({ articles: z.array(articleSummarySchema) });

/** The helpdesk's calls: endpoints (./support-helpdesk-endpoints.ts) joined with their schemas. */
export const supportHelpdeskCalls = defineCalls(SUPPORT_HELPDESK_ENDPOINTS, {
  tickets: { query: ticketsQuerySchema, response: ticketsResponseSchema },
  ticket: { params: ticketParamsSchema, response: ticketResponseSchema },
  newTicket: { form: newTicketFormSchema, response: newTicketResponseSchema },
  replyTicket: { params: ticketParamsSchema, form: replyFormSchema, response: replyResponseSchema },
  ticketStatus: { params: ticketParamsSchema, body: ticketStatusBodySchema, response: ticketStatusResponseSchema },
  knowledgebase: { query: knowledgebaseQuerySchema, response: knowledgebaseResponseSchema },
});
