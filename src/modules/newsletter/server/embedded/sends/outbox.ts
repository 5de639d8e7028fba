import type { SchoolContext } from '../../../../../platform/context';
import { Refusal } from '../../../../../platform/errors';
import { headerValue, listOutbox, readOutboxMessage } from '../../../../../platform/mail/outbox-reader';
import { OUTBOX_PAGE_SIZE, type OutboxMessage, type SendMessage } from '../../../contract';
import { totalPages } from '../../../../../lib/lists/paging';
import { countDelivered, deliveredPage, findSend, sendThatDelivered } from './repository';

/**
 * What a send left in the outbox (no MAIL_URL): its delivered copies, found by the Message-ID
 * each delivery recorded, and one message whole. Staff see only messages a send of their own
 * school delivered: the outbox may also hold a school's other mail (invitations with their
 * links), which is not the newsletter's to show.
 */

const NOT_FOUND = 'This message was not found.';

/** A page of a send's delivered copies, in its audience's order, each with its outbox message when there is one. */
export async function listSendMessages(ctx: SchoolContext, sendId: number, page: number): Promise<{ messages: SendMessage[]; total_pages: number; total: number }> {
  const send = await findSend(ctx.db, ctx.domain.id, sendId);
  if (!send) throw new Refusal(404, 'not_found', 'This newsletter was not found.');
  const [total, deliveries] = await Promise.all([
    countDelivered(ctx.db, ctx.domain.id, sendId),
    deliveredPage(ctx.db, ctx.domain.id, sendId, (page - 1) * OUTBOX_PAGE_SIZE, OUTBOX_PAGE_SIZE),
  ]);
  const messageIds = deliveries.map((d) => d.message_id);
  const { messages } = await listOutbox(ctx.db, ctx.domain.id, { offset: 0, limit: messageIds.length, messageIds });
  const kept = new Map(messages.map((m) => [m.message_id, m]));
  return {
    messages: deliveries.map((d) => {
      const message = kept.get(d.message_id);
      return { outbox_id: message?.id ?? null, recipient: d.email, name: d.name, subject: message?.subject ?? send.subject, created_at: message?.created_at ?? null };
    }),
    total_pages: totalPages(total, OUTBOX_PAGE_SIZE),
    total,
  };
}

/** One message of the outbox that a send of the school delivered, or null. */
export async function findOutboxMessage(ctx: SchoolContext, id: number): Promise<OutboxMessage | null> {
  const message = await readOutboxMessage(ctx.db, ctx.domain.id, id);
  const sendId = message ? await sendThatDelivered(ctx.db, ctx.domain.id, message.message_id) : null;
  if (!message || sendId === null) return null;
  const { headers } = message;
  return {
    id: message.id,
    send_id: sendId,
    from: headerValue(headers, 'From') ?? message.sender,
    to: headerValue(headers, 'To') ?? message.recipients,
    subject: headerValue(headers, 'Subject') ?? message.subject,
    date: headerValue(headers, 'Date'),
    created_at: message.created_at,
    message_id: message.message_id,
    headers,
    html: message.html,
    text: message.text,
    raw: message.raw,
  };
}

/** findOutboxMessage for the API: another school's id, or none, is a 404. */
export async function outboxMessage(ctx: SchoolContext, id: number): Promise<OutboxMessage> {
  const message = await findOutboxMessage(ctx, id);
  if (!message) throw new Refusal(404, 'not_found', NOT_FOUND);
  return message;
}
