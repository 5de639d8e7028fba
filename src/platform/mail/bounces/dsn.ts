import { createHash } from 'node:crypto';
import { parseAddressHeader, simpleParser, type Attachment, type HeaderLines } from 'mailparser';
import { detailOf, kindOfStatus, verpTagOf, type BounceReport } from './report';

/**
 * A message of the bounce mailbox as bounce reports: a delivery status notification (RFC 3464)
 * gives one report per recipient that failed, an abuse report (ARF, RFC 5965) one complaint.
 * Anything else that lands there (out-of-office replies, people answering the newsletter, spam)
 * gives none, and so does a message too broken to read: the mailbox is written to by strangers,
 * so nothing in it may stop the run.
 *
 * Only the standard reports are read. The free-text bounces of old or odd MTAs name their
 * failure in prose that differs per MTA and language; guessing at it would unsubscribe parents
 * on a misreading, and those messages stay in the mailbox for a person to look at.
 */

// Every message/rfc822 part stays an attachment (ignoreEmbedded), whatever its disposition, so
// the original message's headers are read the same way whether the MTA attached or inlined it.
const PARSE_OPTIONS = {
  keepDeliveryStatus: true,
  ignoreEmbedded: true,
  keepCidLinks: true,
  skipHtmlToText: true,
  skipTextToHtml: true,
  skipImageLinks: true,
  skipTextLinks: true,
  checksumAlgo: false,
} as const;

const STATUS_PARTS = ['message/delivery-status', 'message/global-delivery-status'];
const FEEDBACK_PARTS = ['message/feedback-report'];
/** The returned message, whole or its headers only (the `global` ones are RFC 6532's UTF-8 forms). */
const ORIGINAL_PARTS = ['message/rfc822', 'text/rfc822-headers', 'message/global', 'message/global-headers'];

/** What an ARF report's Feedback-Type must be for a complaint: `auth-failure` (DMARC), `not-spam` and `virus` are no recipient's complaint. */
const COMPLAINT_TYPES = new Set(['abuse', 'fraud']);

/** The headers on the bounce itself that name the address it was sent to, most telling first. */
const ENVELOPE_HEADERS = ['to', 'delivered-to', 'x-original-to', 'envelope-to'];

export { verpTagOf };

/** Fields as a report part writes them: case-insensitive names, continuation lines unfolded, the first of a repeated name kept. */
type Fields = Map<string, string>;

/** The blank-line separated field groups of a delivery-status or feedback-report part, or a header block. */
function fieldGroups(text: string): Fields[] {
  const groups: Fields[] = [];
  let group: Fields | null = null;
  let last: string | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') {
      group = null;
      last = null;
    } else if (/^[ \t]/.test(line)) {
      if (group && last) group.set(last, `${group.get(last) ?? ''} ${line.trim()}`);
    } else {
      const colon = line.indexOf(':');
      if (colon <= 0) {
        last = null;
        continue;
      }
      if (!group) {
        group = new Map();
        groups.push(group);
      }
      const name = line.slice(0, colon).trim().toLowerCase();
      // A repeated field's continuation must not be glued onto the first one.
      last = group.has(name) ? null : name;
      if (last) group.set(name, line.slice(colon + 1).trim());
    }
  }
  return groups;
}

function headerValues(lines: HeaderLines, name: string): string[] {
  return lines.filter((h) => h.key === name).map((h) => h.line.slice(h.line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim());
}

function withoutBrackets(id: string): string | null {
  const bracketed = /<([^<>]+)>/.exec(id);
  const bare = (bracketed?.[1] ?? id).trim();
  return bare || null;
}

/** `rfc822; user@example.org` (RFC 3464's address-type; value) as the address, or null when it names none. */
function addressOfField(value: string | undefined): string | null {
  if (!value) return null;
  const address = value.slice(value.indexOf(';') + 1).trim().replace(/^<|>$/g, '').trim();
  return address.includes('@') ? address : null;
}

function attachmentOf(attachments: Attachment[], types: string[]): Attachment | undefined {
  return attachments.find((a) => types.includes(a.contentType.toLowerCase()));
}

/** The header block most messages keep to, with room to spare for long Received and DKIM chains. */
const HEADER_BYTES = 256 * 1024;

/** The returned message's headers (only its header block is read: the body can be a whole newsletter). */
function originalHeaders(part: Attachment | undefined): Fields {
  if (!part) return new Map();
  const text = part.content.subarray(0, HEADER_BYTES).toString('utf8');
  const end = /\r?\n\r?\n/.exec(text);
  return fieldGroups(end ? text.slice(0, end.index) : text)[0] ?? new Map();
}

function singleAddress(header: string | undefined): string | null {
  if (!header) return null;
  const addresses = parseAddressHeader(header).value.flatMap((a) => (a.group ? a.group : [a]));
  return addresses.length === 1 ? (addresses[0]?.address ?? null) : null;
}

function firstTag(values: (string | undefined)[]): string | null {
  for (const value of values) {
    const tag = value ? verpTagOf(value) : null;
    if (tag) return tag;
  }
  return null;
}

interface Envelope {
  /** The bounce's own Message-ID, or the sha256 of the raw message when it has none: the stem of every event id. */
  eventStem: string;
  tag: string | null;
  messageId: string | null;
  at: number;
}

function reportOf(envelope: Envelope, fields: Pick<BounceReport, 'kind' | 'recipient' | 'detail'>): BounceReport {
  return {
    ...fields,
    source: 'mailbox',
    tag: envelope.tag,
    messageId: envelope.messageId,
    eventId: `${envelope.eventStem}|${fields.recipient ?? ''}`,
    at: envelope.at,
  };
}

function deliveryReports(envelope: Envelope, status: Attachment): BounceReport[] {
  const reports: BounceReport[] = [];
  for (const group of fieldGroups(status.content.toString('utf8'))) {
    // The per-message group comes first, but some MTAs leave it out: a group is a recipient's when it names one or an action.
    if (!group.has('final-recipient') && !group.has('original-recipient') && !group.has('action')) continue;
    // `delayed`, `delivered`, `relayed` and `expanded` are no failure; a comment may follow the action.
    const action = (group.get('action') ?? '').split(/[\s(]/)[0]?.toLowerCase();
    if (action !== 'failed') continue;
    const status = group.get('status') ?? '';
    const kind = kindOfStatus(status);
    if (!kind) continue;
    const recipient = addressOfField(group.get('final-recipient')) ?? addressOfField(group.get('original-recipient'));
    const diagnostic = (group.get('diagnostic-code') ?? '').replace(/^[a-z0-9-]+\s*;\s*/i, '');
    reports.push(reportOf(envelope, { kind, recipient, detail: detailOf(diagnostic ? `${status.trim()}: ${diagnostic}` : status) }));
  }
  return reports;
}

function complaintReports(envelope: Envelope, fields: Fields, original: Fields): BounceReport[] {
  const type = fields.get('feedback-type')?.trim().toLowerCase() ?? '';
  if (!COMPLAINT_TYPES.has(type)) return [];
  const recipient = singleAddress(original.get('to')) ?? addressOfField(fields.get('original-rcpt-to'));
  const agent = fields.get('user-agent');
  const detail = detailOf(`Feedback-Type: ${type}${agent ? `; User-Agent: ${agent}` : ''}`);
  return [reportOf(envelope, { kind: 'complaint', recipient, detail })];
}

/** The bounce reports in one message of the bounce mailbox; `readAt` (Unix seconds) is their time. Never throws. */
export async function parseBounceMessage(raw: Buffer | string, readAt: number): Promise<BounceReport[]> {
  try {
    const mail = await simpleParser(raw, PARSE_OPTIONS);
    const status = attachmentOf(mail.attachments, STATUS_PARTS);
    const feedback = status ? undefined : attachmentOf(mail.attachments, FEEDBACK_PARTS);
    if (!status && !feedback) return [];
    const original = originalHeaders(attachmentOf(mail.attachments, ORIGINAL_PARTS));
    const feedbackFields = feedback ? (fieldGroups(feedback.content.toString('utf8'))[0] ?? new Map<string, string>()) : undefined;
    const ownId = withoutBrackets(headerValues(mail.headerLines, 'message-id')[0] ?? '');
    const envelope: Envelope = {
      eventStem: ownId ?? createHash('sha256').update(raw).digest('hex'),
      // Some feedback loops rewrite the report's own To; the original's Return-Path is the address the newsletter went out with.
      tag: firstTag([
        ...ENVELOPE_HEADERS.flatMap((name) => headerValues(mail.headerLines, name)),
        original.get('return-path'),
        feedbackFields?.get('original-mail-from'),
      ]),
      messageId: withoutBrackets(original.get('message-id') ?? ''),
      at: readAt,
    };
    return status ? deliveryReports(envelope, status) : feedbackFields ? complaintReports(envelope, feedbackFields, original) : [];
  } catch {
    return [];
  }
}
