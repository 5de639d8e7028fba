/**
 * What a bounce or a complaint says, whichever way it came: a delivery status notification
 * (RFC 3464) or an abuse report (ARF, RFC 5965) read from the bounce mailbox, or a mail
 * provider's webhook event. The newsletter module decides what it means for its list.
 *
 * `hard`: the address cannot receive mail (5.x.x, a provider's permanent bounce); `soft`: a
 * temporary failure the relay gave up on (4.x.x, a full mailbox); `complaint`: the recipient
 * marked the message as spam.
 */
export type BounceKind = 'hard' | 'soft' | 'complaint';

export const BOUNCE_SOURCES = ['mailbox', 'ses', 'sendgrid', 'postmark', 'mailgun'] as const;
export type BounceSource = (typeof BOUNCE_SOURCES)[number];

export interface BounceReport {
  kind: BounceKind;
  source: BounceSource;
  /** The failed recipient (Final-Recipient, the complainant's address, the event's email), or null if the report names none. */
  recipient: string | null;
  /** The VERP tag of the bounce address the report came back to (`bounce+<tag>@…`), or null. */
  tag: string | null;
  /** The original message's Message-ID without angle brackets, when the report carries it. */
  messageId: string | null;
  /** For staff to read: the status code and the diagnostic (at most 500 characters). */
  detail: string;
  /** Stable per event (a provider's event id, or the report's own Message-ID and recipient): a report read twice is recorded once. */
  eventId: string;
  /** When it happened, in Unix seconds (the event's time, or when the report was read). */
  at: number;
}

/** An enhanced status code (RFC 3463) as a bounce kind: 5.x.x is hard, 4.x.x soft; anything else is no bounce. */
export function kindOfStatus(status: string): Extract<BounceKind, 'hard' | 'soft'> | null {
  const m = /^\s*([245])\.\d{1,3}\.\d{1,3}/.exec(status);
  if (!m) return null;
  if (m[1] === '5') return 'hard';
  if (m[1] === '4') return 'soft';
  return null;
}

// The local part must be exactly `bounce+<tag>`: `xbounce+…` or `a.bounce+…` are someone else's.
const VERP = /(?:^|[^a-z0-9.!#$%&'*+/=?^_`{|}~-])bounce\+([a-z0-9]+(?:-[a-z0-9]+)*)@/i;

/** The tag of a VERP bounce address (`bounce+<tag>@domain`, lowercased) found in an address or a header value, or null. */
export function verpTagOf(text: string | undefined): string | null {
  const m = text ? VERP.exec(text) : null;
  return m?.[1] ? m[1].toLowerCase() : null;
}

/** Trims a detail to what a row keeps. */
export function detailOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 500 ? `${flat.slice(0, 499)}…` : flat;
}
