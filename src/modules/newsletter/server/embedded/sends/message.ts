import { escapeAttribute, escapeText } from '../../../../../lib/editor-html/dom';
import type { Db } from '../../../../../platform/db';
import { schoolListId, type MailAttachment, type MailingListId, type OutgoingMail } from '../../../../../platform/mail';
import { findSchoolById } from '../../../../account/server';
import type { SendRow } from './repository';

/**
 * One recipient's copy of a send: the composed message plus the unsubscribe footer (HTML and
 * text) and the List-Unsubscribe headers with one-click (RFC 8058) pointing at the same link,
 * under the school's List-Id; `bounceTag` makes its bounce address its own (VERP).
 */
export function recipientMail(
  send: Pick<SendRow, 'domain_id' | 'from_name' | 'reply_to' | 'subject' | 'html' | 'text'>,
  recipient: { email: string; name: string; bounceTag?: string },
  unsubscribeLink: string,
  list: MailingListId,
  attachment?: MailAttachment,
): OutgoingMail {
  const footer = `<p style="margin:24px 0 0;font:12px/1.5 Arial,sans-serif;color:#6b7280">You receive this newsletter because you are on ${escapeText(send.from_name)}’s mailing list. <a href="${escapeAttribute(unsubscribeLink)}" style="color:#6b7280">Unsubscribe</a></p>`;
  return {
    kind: 'newsletter',
    list,
    ...(recipient.bounceTag ? { bounceTag: recipient.bounceTag } : {}),
    domainId: send.domain_id,
    fromName: send.from_name,
    to: { name: recipient.name, address: recipient.email },
    ...(send.reply_to ? { replyTo: { address: send.reply_to } } : {}),
    subject: send.subject,
    html: withFooter(send.html, footer),
    text: `${send.text}\n\n--\nUnsubscribe: ${unsubscribeLink}\n`,
    unsubscribe: { url: unsubscribeLink, oneClick: true },
    ...(attachment ? { attachments: [attachment] } : {}),
  };
}

/** The school's List-Id, under the host of the portal the send's links point at. */
export async function schoolList(db: Db, domainId: number, portalOrigin: string): Promise<MailingListId> {
  const school = await findSchoolById(db, domainId);
  return schoolListId(school ?? { label: `school-${domainId}`, name: '' }, portalOrigin);
}

/**
 * The footer after the message: appended to a fragment (the simple send's post), or, in a whole
 * document (the builder's email), inside its body, centred under the 600 px email; anything after
 * </body> would be moved there by some clients and dropped by others.
 */
export function withFooter(html: string, footer: string): string {
  const end = html.toLowerCase().lastIndexOf('</body>');
  if (end < 0) return `${html}${footer}`;
  // Inset as the school's header and footer are (25 px), so it lines up with the email above it.
  return `${html.slice(0, end)}<div style="max-width:600px;margin:0 auto;padding:0 25px 24px">${footer}</div>${html.slice(end)}`;
}
