import type { SendMailOptions } from 'nodemailer';
import { bounceAddress } from './verp';
import { assertHeaderSafe, type MailAddress, type OutgoingMail } from './message';

function envelopeSender(mail: OutgoingMail, fromAddress: string, bounceDomain: string | undefined): string {
  return mail.kind === 'newsletter' && mail.bounceTag && bounceDomain ? bounceAddress(mail.bounceTag, bounceDomain) : fromAddress;
}

function formatted({ name, address }: MailAddress): { name: string; address: string } {
  return { name: name ?? '', address };
}

/**
 * nodemailer's options for a message, the same for every transport (so the outbox holds exactly
 * what SMTP would have carried). Throws a Refusal (mail_header) for a line break in a header field.
 */
export function composeOptions(mail: OutgoingMail, fromAddress: string, bounceDomain?: string): SendMailOptions {
  assertHeaderSafe(mail);
  const options: SendMailOptions = {
    from: { name: mail.fromName, address: fromAddress },
    to: formatted(mail.to),
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    // Bounces come back to the portal's address (a newsletter copy's own, with a bounce domain), never to whatever a form said.
    envelope: { from: envelopeSender(mail, fromAddress, bounceDomain), to: mail.to.address },
    // Never read a file or URL named in a message: attachments are given as bytes.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
  if (mail.replyTo) options.replyTo = formatted(mail.replyTo);
  const headers: Record<string, string> = {};
  const list: NonNullable<SendMailOptions['list']> = {};
  if (mail.kind === 'system') headers['Auto-Submitted'] = 'auto-generated';
  else list.id = { url: mail.list.id, comment: mail.list.name };
  if (mail.unsubscribe) {
    const { url, mailto } = mail.unsubscribe;
    // One List-Unsubscribe header with both: an array nested in the array joins into one header.
    list.unsubscribe = mailto ? [[url, `mailto:${mailto}`]] : url;
    if (mail.unsubscribe.oneClick) headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  if (Object.keys(list).length > 0) options.list = list;
  if (Object.keys(headers).length > 0) options.headers = headers;
  if (mail.attachments?.length) {
    options.attachments = mail.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType }));
  }
  return options;
}
