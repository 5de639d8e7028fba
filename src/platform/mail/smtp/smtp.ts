import nodemailer from 'nodemailer';
import { composeOptions } from '../compose';
import { asDocument } from '../layout';
import type { SmtpSettings } from './mail-url';
import { isRefusal } from '../../errors';
import type { OutgoingMail } from '../message';
import { failureOf, type DeliveryResult, type MailTransport, type SenderSettings } from '../transport';

/** Connection and greeting waits: a stuck server fails the message (to be tried again) instead of holding the worker. */
const CONNECTION_TIMEOUT_MS = 30_000;
const SOCKET_TIMEOUT_MS = 60_000;

/** MAIL_URL's SMTP server through nodemailer's pool (connections reused, the rate spread over each second). */
export function createSmtpTransport(settings: SmtpSettings, sender: SenderSettings): MailTransport {
  const { dkim } = sender;
  const transporter = nodemailer.createTransport({
    pool: true,
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.auth,
    maxConnections: settings.pool,
    ...(settings.rate === undefined ? {} : { rateDelta: 1000, rateLimit: settings.rate }),
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: CONNECTION_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    ...(dkim ? { dkim } : {}),
  });
  return {
    kind: 'smtp',
    async send(mail: OutgoingMail): Promise<DeliveryResult> {
      const options = composeOptions(await asDocument(mail), sender.from, sender.bounceDomain);
      try {
        const info = await transporter.sendMail(options);
        return { ok: true, messageId: info.messageId, response: info.response };
      } catch (err) {
        if (isRefusal(err, 'mail_header')) throw err;
        return failureOf(err);
      }
    },
    close() {
      transporter.close();
    },
  };
}
