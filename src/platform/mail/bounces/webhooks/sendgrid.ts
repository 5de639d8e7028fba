import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { detailOf, kindOfStatus, type BounceKind, type BounceReport } from '../report';
import { bareMessageId, isFresh, joined, MALFORMED, parseJson, refuse, tagOf, UNSIGNED } from './shared';
import type { WebhookOutcome, WebhookRequest } from './types';

/**
 * SendGrid's Event Webhook, signed (Signed Event Webhook): an ECDSA P-256 signature over the
 * timestamp header followed by the raw body, checked with the public key its settings page shows.
 * A batch holds many events; only bounces, dropped bounced addresses and spam reports make reports.
 */

const SIGNATURE = 'x-twilio-email-event-webhook-signature';
const TIMESTAMP = 'x-twilio-email-event-webhook-timestamp';

const batch = z.array(z.object({ event: z.string() }).loose());

// SendGrid sends status as text ("5.1.1"); a number would be someone's hand-made test.
const text = z.union([z.string(), z.number()]).transform(String);

const reportable = z.object({
  email: z.string().min(1),
  timestamp: z.number(),
  sg_event_id: z.string().min(1),
  'smtp-id': z.string().optional(),
  type: z.string().optional(),
  status: text.optional(),
  reason: z.string().optional(),
  // Custom arguments arrive as top-level fields of each event.
  portal_delivery: z.unknown().optional(),
});

export function readSendgrid(request: WebhookRequest, publicKey: string, now: number): WebhookOutcome {
  const key = keyOf(publicKey);
  if (!key) return refuse(403, 'The SendGrid verification key cannot be read: paste it as SendGrid shows it.');
  const signature = request.headers.get(SIGNATURE);
  const timestamp = request.headers.get(TIMESTAMP);
  if (!signature || !timestamp || !/^\d{1,12}$/.test(timestamp)) return refuse(401, UNSIGNED);
  if (!isFresh(Number(timestamp), now)) return refuse(401, 'The webhook signature has expired: check the server clock.');
  if (!signed(key, timestamp + request.body, signature)) return refuse(401, UNSIGNED);

  const events = batch.safeParse(parseJson(request.body));
  if (!events.success) return refuse(400, MALFORMED);
  const reports: BounceReport[] = [];
  for (const raw of events.data) {
    const kind = kindOf(raw);
    if (!kind) continue;
    const parsed = reportable.safeParse(raw);
    if (!parsed.success) return refuse(400, MALFORMED);
    const event = parsed.data;
    reports.push({
      kind,
      source: 'sendgrid',
      recipient: event.email,
      tag: tagOf(event.portal_delivery),
      messageId: bareMessageId(event['smtp-id']),
      detail: detailOf(detailText(raw.event, event)),
      eventId: `sendgrid:${event.sg_event_id}`,
      at: Math.floor(event.timestamp),
    });
  }
  return { ok: true, reports };
}

/**
 * `bounce` events say `type: bounce` (the address was refused: hard) or `type: blocked` (the
 * message was, e.g. for its content or our IP: soft); events from before SendGrid added `type`
 * are classed by their status code, and an unclassifiable one is soft. A drop only counts when
 * SendGrid dropped the message because the address bounced before.
 */
function kindOf(event: { event: string; type?: unknown; status?: unknown; reason?: unknown }): BounceKind | null {
  switch (event.event) {
    case 'bounce':
      if (event.type === 'bounce') return 'hard';
      if (event.type === 'blocked') return 'soft';
      return (typeof event.status === 'string' ? kindOfStatus(event.status) : null) ?? 'soft';
    case 'dropped':
      return typeof event.reason === 'string' && /bounced address/i.test(event.reason) ? 'hard' : null;
    case 'spamreport':
      return 'complaint';
    default:
      return null;
  }
}

function detailText(name: string, event: z.output<typeof reportable>): string {
  if (name === 'spamreport') return 'Spam report';
  if (name === 'dropped') return `Dropped: ${event.reason ?? 'Bounced Address'}`;
  return joined(event.status, event.reason) || `Bounce (${event.type ?? 'no type'})`;
}

/** The key as SendGrid shows it (base64 DER SubjectPublicKeyInfo) or as PEM; only a P-256 key, the one algorithm SendGrid signs with. */
function keyOf(text: string): KeyObject | null {
  try {
    const trimmed = text.trim();
    const key = trimmed.startsWith('-----BEGIN')
      ? createPublicKey(trimmed)
      : createPublicKey({ key: Buffer.from(trimmed.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1' ? key : null;
  } catch {
    return null;
  }
}

function signed(key: KeyObject, payload: string, signature: string): boolean {
  try {
    return verify('sha256', Buffer.from(payload, 'utf8'), { key, dsaEncoding: 'der' }, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
