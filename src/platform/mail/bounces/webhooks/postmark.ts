import { z } from 'zod';
import { detailOf, type BounceKind } from '../report';
import { carriesSecret } from './secret';
import { MALFORMED, parseJson, refuse, secondsOf, tagOf } from './shared';
import type { WebhookOutcome, WebhookRequest } from './types';

/**
 * Postmark's bounce and spam complaint webhooks: one record a request. Postmark signs nothing; the
 * webhook URL carries the secret as basic auth (or a `secret` parameter).
 */

/**
 * Postmark's bounce types (developer docs, "Bounce types") as kinds. Hard: the address does not
 * exist or cannot take mail, or Postmark deactivated it by hand. Soft: the message, not the address,
 * failed this time (a full mailbox, DNS, an ISP block, a DMARC rejection, a spam filter's notice).
 * Anything else (auto-replies, unsubscribe or address-change replies, challenge mails, virus notices,
 * inbound or template failures, Unknown, types Postmark adds later) records nothing.
 */
const KINDS: Readonly<Record<string, BounceKind>> = {
  HardBounce: 'hard',
  BadEmailAddress: 'hard',
  ManuallyDeactivated: 'hard',
  SoftBounce: 'soft',
  Transient: 'soft',
  DnsError: 'soft',
  Blocked: 'soft',
  DMARCPolicy: 'soft',
  SpamNotification: 'soft',
  SpamComplaint: 'complaint',
};

const record = z.object({ RecordType: z.string(), Type: z.string().optional() });

const reportable = z.object({
  // A 64-bit number: kept as its digits when JSON would round it (parseJson).
  ID: z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]).transform(String),
  Type: z.string(),
  Email: z.string().min(1),
  BouncedAt: z.string().optional(),
  Description: z.string().nullish(),
  Details: z.string().nullish(),
  Metadata: z.record(z.string(), z.unknown()).nullish(),
});

export function readPostmark(request: WebhookRequest, secret: string, now: number): WebhookOutcome {
  if (!carriesSecret(request, secret)) return refuse(401, 'The webhook secret is missing or wrong.');
  const json = parseJson(request.body);
  const head = record.safeParse(json);
  if (!head.success) return refuse(400, MALFORMED);
  const { RecordType, Type } = head.data;
  const kind = RecordType === 'SpamComplaint' ? 'complaint' : RecordType === 'Bounce' && Type ? KINDS[Type] : undefined;
  // Deliveries, opens, clicks, subscription changes and the bounce types above that say nothing of the address.
  if (!kind) return { ok: true, reports: [] };
  const parsed = reportable.safeParse(json);
  if (!parsed.success) return refuse(400, MALFORMED);
  const { ID, Email, BouncedAt, Description, Details, Metadata } = parsed.data;
  return {
    ok: true,
    reports: [
      {
        kind,
        source: 'postmark',
        recipient: Email,
        tag: tagOf(Metadata?.portal_delivery),
        // Postmark's MessageID is its own id, not the Message-ID header the portal set.
        messageId: null,
        detail: detailOf(`${parsed.data.Type}: ${Details?.trim() || Description?.trim() || 'no details'}`),
        eventId: `postmark:${ID}`,
        at: secondsOf(BouncedAt, now),
      },
    ],
  };
}
