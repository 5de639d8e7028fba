import type { Runtime } from '../../../../../platform/runtime';
import { mailTransportOf, type OutgoingMail } from '../../../../../platform/mail';
import { isRefusal } from '../../../../../platform/errors';
import { escapeAttribute, escapeText } from '../../../../../lib/editor-html/dom';
import { TICKET_QUERY } from '../../../rules';
import * as repo from './repository';

/**
 * The `support-ticket-reply-mail` job: tells a ticket's author that the provider replied, with
 * the reply and a link to the ticket in the portal. Enqueued in the reply's transaction. A
 * temporary failure of the mail server throws, so the queue tries again later; a refused address
 * or a header that cannot be written is final.
 */
export const REPLY_MAIL_JOB = 'support-ticket-reply-mail';

/** One line: a subject or name never carries a line break into a header. */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ');
}

/** My Tickets with the ticket's dialog open, on the portal the ticket was written on. */
export function ticketLink(ticket: Pick<repo.TicketRecord, 'portal_origin' | 'number'>): string {
  return `${ticket.portal_origin.replace(/\/+$/, '')}/support/tickets?${TICKET_QUERY}=${ticket.number}`;
}

export function replyMail(ticket: repo.TicketRecord, message: repo.MessageRecord, providerName: string): OutgoingMail {
  const subject = `Re: [Ticket #${ticket.number}] ${oneLine(ticket.subject)}`;
  const link = ticketLink(ticket);
  const intro = `${message.author_name} replied to your support ticket #${ticket.number}, “${ticket.subject}”:`;
  const files = message.attachments.map((a) => a.name);
  const filesLine = files.length ? `Attached in the portal: ${files.join(', ')}.` : null;
  const status = `The ticket is now: ${ticket.status.name}. Read the whole conversation and reply in the portal:`;
  const text = [`Hello ${ticket.author_name},`, '', intro, '', message.body, '', ...(filesLine ? [filesLine, ''] : []), status, link].join('\n');
  const html = [
    `<p>Hello ${escapeText(ticket.author_name)},</p>`,
    `<p>${escapeText(intro)}</p>`,
    `<blockquote style="margin:0 0 1em;padding:0 0 0 1em;border-left:3px solid #d0d7de;white-space:pre-wrap">${escapeText(message.body)}</blockquote>`,
    ...(filesLine ? [`<p>${escapeText(filesLine)}</p>`] : []),
    `<p>${escapeText(status)}<br><a href="${escapeAttribute(link)}">Open ticket #${ticket.number}</a></p>`,
  ].join('\n');
  return {
    kind: 'system',
    domainId: ticket.domain_id,
    fromName: oneLine(providerName),
    to: { address: ticket.author_email, name: oneLine(ticket.author_name) },
    subject,
    html,
    text,
  };
}

export async function sendReplyMail(rt: Runtime, messageId: number): Promise<void> {
  const message = await repo.findMessage(rt.db, messageId);
  // Gone with its school, or not the provider's (nothing to tell the author about).
  if (!message || message.author !== 'provider') return;
  const ticket = await repo.findTicketById(rt.db, message.ticket_id);
  if (!ticket) return;
  let result;
  try {
    result = await mailTransportOf(rt).send(replyMail(ticket, message, rt.config.PORTAL_PROVIDER_NAME));
  } catch (err) {
    if (isRefusal(err, 'mail_header')) return;
    throw err;
  }
  if (!result.ok && !result.permanent) throw new Error(`The mail server will take the ticket's reply later: ${result.response}`);
}
