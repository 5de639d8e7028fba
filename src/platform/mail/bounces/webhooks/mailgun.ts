import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { detailOf, type BounceKind } from '../report';
import { bareMessageId, isFresh, joined, MALFORMED, parseJson, refuse, tagOf, UNSIGNED } from './shared';
import type { WebhookOutcome, WebhookRequest } from './types';

/**
 * Mailgun's webhooks (the JSON format): `signature` is an HMAC-SHA256 of its timestamp and token
 * keyed by the webhook signing key. It does not cover `event-data`: a captured request's signature
 * stays valid with other event data until its timestamp is too old, which the freshness check
 * bounds (a store of seen tokens, if the caller keeps one, closes it).
 */

const signedBy = z.object({
  signature: z.object({ timestamp: z.union([z.string(), z.number()]).transform(String), token: z.string(), signature: z.string() }),
});

const eventOf = z.object({ 'event-data': z.object({ event: z.string(), severity: z.string().optional() }).loose() });

const reportable = z.object({
  id: z.string().min(1),
  timestamp: z.number(),
  recipient: z.string().min(1),
  message: z.object({ headers: z.object({ 'message-id': z.string().optional() }).optional() }).optional(),
  'user-variables': z.record(z.string(), z.unknown()).optional(),
  'delivery-status': z
    .object({
      code: z.union([z.number(), z.string()]).optional(),
      message: z.string().optional(),
      description: z.string().optional(),
    })
    .optional(),
});

export function readMailgun(request: WebhookRequest, signingKey: string, now: number): WebhookOutcome {
  const json = parseJson(request.body);
  if (json === undefined) return refuse(400, MALFORMED);
  const signature = signedBy.safeParse(json);
  if (!signature.success || !isSigned(signingKey, signature.data.signature)) return refuse(401, UNSIGNED);
  if (!isFresh(Number(signature.data.signature.timestamp), now)) return refuse(401, 'The webhook signature has expired: check the server clock.');

  const parsed = eventOf.safeParse(json);
  if (!parsed.success) return refuse(400, MALFORMED);
  const head = parsed.data['event-data'];
  const kind = kindOf(head.event, head.severity);
  if (!kind) return { ok: true, reports: [] };
  const event = reportable.safeParse(head);
  if (!event.success) return refuse(400, MALFORMED);
  const { id, timestamp, recipient, message, 'user-variables': variables, 'delivery-status': status } = event.data;
  return {
    ok: true,
    reports: [
      {
        kind,
        source: 'mailgun',
        recipient,
        tag: tagOf(variables?.portal_delivery),
        messageId: bareMessageId(message?.headers?.['message-id']),
        detail: detailOf(kind === 'complaint' ? 'Spam complaint' : joined(status?.code, status?.message || status?.description) || `Failed (${head.severity})`),
        eventId: `mailgun:${id}`,
        at: Math.floor(timestamp),
      },
    ],
  };
}

/** `failed` is permanent (Mailgun gave up, or refuses an address that bounced before) or temporary (it will retry). */
function kindOf(event: string, severity: string | undefined): BounceKind | null {
  if (event === 'complained') return 'complaint';
  if (event !== 'failed') return null;
  if (severity === 'permanent') return 'hard';
  if (severity === 'temporary') return 'soft';
  return null;
}

function isSigned(key: string, { timestamp, token, signature }: { timestamp: string; token: string; signature: string }): boolean {
  if (!/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac('sha256', key).update(timestamp + token).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
