import { escapeAttribute, escapeText } from '../../../../../lib/editor-html/dom';
import type { MailAttachment, OutgoingMail } from '../../../../../platform/mail';
import type { SendRow } from './repository';

/**
 * One recipient's copy of a send: the composed message plus the unsubscribe footer (HTML and
 * text) and the List-Unsubscribe headers with one-click (RFC 8058) pointing at the same link.
 */
export function recipientMail(
  send: Pick<SendRow, 'domain_id' | 'from_name' | 'subject' | 'html' | 'text'>,
  recipient: { email: string; name: string },
  unsubscribeLink: string,
  attachment?: MailAttachment,
): OutgoingMail {
  const footer = `<p style="margin:24px 0 0;font:12px/1.5 Arial,sans-serif;color:#6b7280">You receive this newsletter because you are on ${escapeText(send.from_name)}’s mailing list. <a href="${escapeAttribute(unsubscribeLink)}" style="color:#6b7280">Unsubscribe</a></p>`;
  return {
    domainId: send.domain_id,
    fromName: send.from_name,
    to: { name: recipient.name, address: recipient.email },
    subject: send.subject,
    html: withFooter(send.html, footer),
    text: `${send.text}\n\n--\nUnsubscribe: ${unsubscribeLink}\n`,
    unsubscribe: { url: unsubscribeLink, oneClick: true },
    ...(attachment ? { attachments: [attachment] } : {}),
  };
}

/**
 * The footer after the message: appended to a fragment (the simple send's post), or, in a whole
 * document (the builder's email), inside its body, centred under the 600 px email; anything after
 * </body> would be moved there by some clients and dropped by others.
 */
export function withFooter(html: string, footer: string): string {
  const end = html.toLowerCase().lastIndexOf('</body>');
  if (end < 0) return `${html}${footer}`;
  return `${html.slice(0, end)}<div style="max-width:600px;margin:0 auto;padding:0 16px 24px">${footer}</div>${html.slice(end)}`;
}
