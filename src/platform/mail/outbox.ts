import nodemailer from 'nodemailer';
import type { Db } from '../db';
import type { Clock } from '../clock';
import { composeOptions } from './compose';
import { asDocument } from './layout';
import type { OutgoingMail } from './message';
import type { DeliveryResult, MailTransport, SenderSettings } from './transport';
import './schema';

/**
 * The embedded default when no MAIL_URL is set: each message is built exactly as SMTP would
 * carry it (nodemailer's stream transport) and kept in `mail_outbox`, where staff can read what
 * would have gone out. Nothing leaves the machine, and nothing claims it did: the result's
 * response says the message is in the outbox.
 */
export function createOutboxTransport(db: Db, clock: Clock, sender: SenderSettings): MailTransport {
  const { from: fromAddress, dkim } = sender;
  // Signed as SMTP would be: the outbox shows the DKIM-Signature a relay would receive.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows', ...(dkim ? { dkim } : {}) });
  return {
    kind: 'outbox',
    async send(message: OutgoingMail): Promise<DeliveryResult> {
      const mail = await asDocument(message);
      const info = await composer.sendMail(composeOptions(mail, fromAddress, sender.bounceDomain));
      const raw = Buffer.isBuffer(info.message) ? info.message.toString('utf8') : String(info.message);
      await db
        .insertInto('mail_outbox')
        .values({
          domain_id: mail.domainId,
          created_at: clock(),
          message_id: info.messageId,
          // The envelope sender a relay would be given (a newsletter copy's VERP address).
          sender: info.envelope.from || fromAddress,
          recipients: mail.to.address,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          raw,
        })
        .execute();
      return { ok: true, messageId: info.messageId, response: 'Kept in the outbox: MAIL_URL is not set, so nothing was sent.' };
    },
    close() {
      composer.close();
    },
  };
}
