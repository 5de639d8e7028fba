import { z } from 'zod';
import { detailOf, type BounceReport } from '../report';
import { carriesSecret } from './secret';
import { bareMessageId, joined, MALFORMED, parseJson, refuse, secondsOf, tagOf, verpTagOf } from './shared';
import type { WebhookOutcome, WebhookRequest } from './types';

/**
 * Amazon SES bounce and complaint notifications, delivered by SNS over HTTPS: an SNS envelope
 * whose Message is the SES event as JSON text. SNS's own message signature (an X.509 certificate
 * fetched from AWS) is not checked: the subscription URL carries a secret instead.
 */

const snsEnvelope = z.object({
  Type: z.enum(['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation']),
  MessageId: z.string(),
  Message: z.string().optional(),
  SubscribeURL: z.string().optional(),
  Timestamp: z.string().optional(),
});

const recipientOf = z.object({ emailAddress: z.string().min(1), status: z.string().optional(), diagnosticCode: z.string().optional() });

const sesEvent = z.object({
  // Identity notifications say notificationType; configuration-set event publishing says eventType.
  notificationType: z.string().optional(),
  eventType: z.string().optional(),
  mail: z
    .object({
      source: z.string().optional(),
      headers: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
      commonHeaders: z.object({ messageId: z.string().optional() }).optional(),
      // Event publishing only: the message's tags (X-SES-MESSAGE-TAGS), each a list of values.
      tags: z.record(z.string(), z.array(z.string())).optional(),
    })
    .optional(),
  bounce: z
    .object({
      bounceType: z.string(),
      bounceSubType: z.string().optional(),
      bouncedRecipients: z.array(recipientOf),
      timestamp: z.string().optional(),
      feedbackId: z.string().min(1),
    })
    .optional(),
  complaint: z
    .object({
      complainedRecipients: z.array(z.object({ emailAddress: z.string().min(1) })),
      complaintFeedbackType: z.string().optional(),
      timestamp: z.string().optional(),
      feedbackId: z.string().min(1),
    })
    .optional(),
});

type SesEvent = z.output<typeof sesEvent>;

/** SNS's endpoints only: confirming a subscription is a GET the portal makes, so the host must be AWS's. */
const SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;

export function readSes(request: WebhookRequest, secret: string, now: number): WebhookOutcome {
  if (!carriesSecret(request, secret)) return refuse(401, 'The webhook secret is missing or wrong.');
  const body = parseJson(request.body);
  // With raw message delivery on, SNS posts the SES event itself, without the envelope.
  if (isRecord(body) && !('Type' in body) && ('notificationType' in body || 'eventType' in body)) return readEvent(body, now);
  const envelope = snsEnvelope.safeParse(body);
  if (!envelope.success) return refuse(400, MALFORMED);
  const { Type, Message, SubscribeURL, Timestamp } = envelope.data;
  if (Type === 'UnsubscribeConfirmation') return { ok: true, reports: [] };
  if (Type === 'SubscriptionConfirmation') {
    const confirmUrl = snsUrl(SubscribeURL);
    return confirmUrl ? { ok: true, reports: [], confirmUrl } : refuse(400, 'The SubscribeURL is not an Amazon SNS address.');
  }
  if (Message === undefined) return refuse(400, MALFORMED);
  const event = parseJson(Message);
  // Not JSON: SES's plain-text test message when an SNS topic is added to a configuration set.
  if (event === undefined) return { ok: true, reports: [] };
  return readEvent(event, secondsOf(Timestamp, now));
}

function readEvent(json: unknown, now: number): WebhookOutcome {
  const parsed = sesEvent.safeParse(json);
  if (!parsed.success) return refuse(400, MALFORMED);
  const event = parsed.data;
  const type = event.notificationType ?? event.eventType;
  if (type === 'Bounce') {
    if (!event.bounce) return refuse(400, MALFORMED);
    const { bounceType, bounceSubType, bouncedRecipients, feedbackId, timestamp } = event.bounce;
    // Transient and Undetermined (and any type AWS adds) are soft: only Permanent says the address is gone.
    const kind = bounceType === 'Permanent' ? 'hard' : 'soft';
    return {
      ok: true,
      reports: bouncedRecipients.map(({ emailAddress, status, diagnosticCode }) => ({
        ...common(event, feedbackId, emailAddress, timestamp, now),
        kind,
        detail: detailOf(joined(status, diagnosticCode) || `${bounceType} bounce (${bounceSubType ?? 'no subtype'})`),
      })),
    };
  }
  if (type === 'Complaint') {
    if (!event.complaint) return refuse(400, MALFORMED);
    const { complainedRecipients, complaintFeedbackType, feedbackId, timestamp } = event.complaint;
    return {
      ok: true,
      reports: complainedRecipients.map(({ emailAddress }) => ({
        ...common(event, feedbackId, emailAddress, timestamp, now),
        kind: 'complaint',
        detail: detailOf(complaintFeedbackType ? `Spam complaint (${complaintFeedbackType})` : 'Spam complaint'),
      })),
    };
  }
  // Delivery, Send, Open, DeliveryDelay…: nothing to record.
  return { ok: true, reports: [] };
}

function common(event: SesEvent, feedbackId: string, recipient: string, timestamp: string | undefined, now: number): Omit<BounceReport, 'kind' | 'detail'> {
  return {
    source: 'ses',
    recipient,
    tag: tagOfMail(event.mail),
    messageId: bareMessageId(event.mail?.commonHeaders?.messageId),
    eventId: `ses:${feedbackId}:${recipient}`,
    at: secondsOf(timestamp, now),
  };
}

/** Our tag: the portal_delivery message tag when the message had one, else the VERP address it was sent from. */
function tagOfMail(mail: SesEvent['mail']): string | null {
  const tagged = tagOf(mail?.tags?.portal_delivery?.[0]);
  if (tagged) return tagged;
  const returnPath = mail?.headers?.find((header) => header.name.toLowerCase() === 'return-path')?.value;
  return verpTagOf(mail?.source) ?? verpTagOf(returnPath);
}

function snsUrl(text: string | undefined): string | null {
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  // No port or user info: the URL the portal fetches must be exactly SNS's HTTPS endpoint.
  if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '' || !SNS_HOST.test(url.hostname)) return null;
  return url.href;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
