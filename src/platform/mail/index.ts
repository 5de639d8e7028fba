import type { Runtime } from '../runtime';
import { dkimSettings } from './dkim';
import { parseMailUrl } from './smtp/mail-url';
import { createOutboxTransport } from './outbox';
import { createSmtpTransport } from './smtp/smtp';
import type { MailTransport } from './transport';
import './schema';

export type { MailAddress, MailAttachment, MailContent, MailKind, MailingListId, OutgoingMail } from './message';
export { schoolListId } from './message';
export { dkimSettings } from './dkim';
export { asDocument } from './layout';
export type { DeliveryResult, MailTransport, SenderSettings } from './transport';
export { verpTag, verpTarget } from './verp';

/** The From address of every message: PORTAL_MAIL_FROM, or no-reply@ the provider's host. */
export function mailFromAddress(config: Runtime['config']): string {
  return config.PORTAL_MAIL_FROM ?? `no-reply@${new URL(config.PORTAL_PROVIDER_URL).hostname}`;
}

/** A transport for this configuration: MAIL_URL's SMTP server, or the database's outbox. */
export function createMailTransport(runtime: Runtime): MailTransport {
  const sender = { from: mailFromAddress(runtime.config), bounceDomain: runtime.config.MAIL_BOUNCE_DOMAIN, dkim: dkimSettings(runtime.config) };
  const url = runtime.config.MAIL_URL;
  return url ? createSmtpTransport(parseMailUrl(url), sender) : createOutboxTransport(runtime.db, runtime.clock, sender);
}

const transports = new WeakMap<Runtime, MailTransport>();

/** The runtime's one transport (one SMTP pool per process), made on first use. */
export function mailTransportOf(runtime: Runtime): MailTransport {
  let transport = transports.get(runtime);
  if (!transport) {
    transport = createMailTransport(runtime);
    transports.set(runtime, transport);
  }
  return transport;
}
