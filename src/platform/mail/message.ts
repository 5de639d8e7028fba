import { Refusal } from '../errors';
/**
 * A message the portal sends: what every sender (newsletters, invitations, Learning in the
 * Cloud's notices, helpdesk replies) hands to the mail transport. Addresses are structured, never
 * header text: nodemailer encodes display names and subjects, and CR/LF in them is refused here,
 * so no input can add a header.
 */
export interface MailAddress {
  name?: string;
  address: string;
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/**
 * What a message is, for the headers mail providers sort by: `system` mail (invitations, resets,
 * confirmations, PDFs, request outcomes, ticket replies) says it was sent by a machine
 * (Auto-Submitted, RFC 3834: no out-of-office answers); a `newsletter` copy names its school's list
 * (List-Id, RFC 2919), stable per school, so filters and providers can tell the lists apart, and
 * may carry the VERP tag of its own bounce address (verp.ts; used when MAIL_BOUNCE_DOMAIN is set).
 */
export type MailKind = { kind: 'system' } | { kind: 'newsletter'; list: MailingListId; bounceTag?: string };

/** A school's list: `id` is the List-Id's dot-atom (e.g. `demo-school.list-id.portal.example.org`), `name` its comment. */
export interface MailingListId {
  id: string;
  name: string;
}

export type OutgoingMail = MailKind & MailContent;

export interface MailContent {
  /** The school the message is sent for (its outbox), or null for the provider's own mail. */
  domainId: number | null;
  /** The display name of the From address; the address itself is PORTAL_MAIL_FROM. */
  fromName: string;
  to: MailAddress;
  replyTo?: MailAddress;
  subject: string;
  html: string;
  text: string;
  /** RFC 2369/8058: the unsubscribe link (https) and mailto, and whether one-click POST works. */
  unsubscribe?: { url: string; mailto?: string; oneClick: boolean };
  attachments?: MailAttachment[];
}

const LINE_BREAK = /[\r\n]/;

const LIST_ID_LABEL = /[^a-z0-9-]+/g;

/**
 * A school's List-Id: its label (lower case, anything but letters, digits and hyphens made a
 * hyphen) under `list-id.<portal host>`, the host the portal's links use. Stable while the school's
 * label and the portal's address are.
 */
export function schoolListId(school: { label: string; name: string }, portalOrigin: string): MailingListId {
  const label = school.label.toLowerCase().replace(LIST_ID_LABEL, '-').replace(/^-+|-+$/g, '') || 'school';
  // An IPv6 host ([::1]) is not a dot-atom: its colons become hyphens.
  const host = new URL(portalOrigin).hostname.replace(/^\[|\]$/g, '').replace(/:/g, '-');
  return { id: `${label}.list-id.${host}`, name: school.name };
}

/** Refuses text that would end a header line (header injection): display names, subjects, addresses. */
export function assertHeaderSafe(mail: OutgoingMail): void {
  const fields: [string, string | undefined][] = [
    ['from', mail.fromName],
    ['subject', mail.subject],
    ['to', mail.to.address],
    ['to name', mail.to.name],
    ['reply-to', mail.replyTo?.address],
    ['reply-to name', mail.replyTo?.name],
    ['unsubscribe link', mail.unsubscribe?.url],
    ['unsubscribe address', mail.unsubscribe?.mailto],
    ['list name', mail.kind === 'newsletter' ? mail.list.name : undefined],
    ...(mail.attachments ?? []).map((a): [string, string] => ['attachment name', a.filename]),
  ];
  assertHeaderFields(fields);
}

/** The same check for header fields before there is a message (a send's from name and subject). */
export function assertHeaderFields(fields: ReadonlyArray<readonly [string, string | undefined]>): void {
  for (const [name, value] of fields) {
    if (value !== undefined && LINE_BREAK.test(value)) throw new Refusal(400, 'mail_header', `The ${name} cannot contain a line break.`);
  }
}
