import type { DkimSettings } from './dkim';
import type { OutgoingMail } from './message';

/** Who the portal's mail is from: the From address, the domain of VERP bounce addresses (when set), the DKIM key (when set). */
export interface SenderSettings {
  from: string;
  bounceDomain?: string | undefined;
  dkim?: DkimSettings | undefined;
}

/**
 * What became of one message. `permanent` failures (an SMTP 5xx answer: the address does not
 * exist, the message is refused) are never tried again; the others (4xx, a lost connection, a
 * timeout, a refused sign-in the operator can fix) are worth another try later.
 */
export type DeliveryResult =
  | { ok: true; messageId: string; response: string }
  | { ok: false; permanent: boolean; response: string };

/** Where the portal's mail goes: an SMTP server (MAIL_URL) or the outbox in the database. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  /** Sends one message. Throws a Refusal (mail_header) for a header with a line break. */
  send(mail: OutgoingMail): Promise<DeliveryResult>;
  /** Ends the pool's connections. */
  close(): void;
}

interface SmtpFailure {
  responseCode?: number;
  response?: string;
  code?: string;
  message?: string;
}

/** A failed send as a DeliveryResult: 5xx answers are permanent, except a refused sign-in (the operator's to fix). */
export function failureOf(err: unknown): DeliveryResult {
  const e = (typeof err === 'object' && err !== null ? err : {}) as SmtpFailure;
  const code = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const permanent = code !== undefined && code >= 500 && code < 600 && e.code !== 'EAUTH';
  const response = e.response ?? [e.code, e.message ?? String(err)].filter(Boolean).join(': ');
  return { ok: false, permanent, response: response.slice(0, 1000) };
}
