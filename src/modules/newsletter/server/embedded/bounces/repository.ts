import type { Db } from '../../../../../platform/db';
import type { BounceKind } from '../../../../../platform/mail/bounces/report';
import '../schema';

/** All SQL of bounces and complaints. A report is matched to a delivery first, then kept against its school. */

export interface DeliveryTarget {
  id: number;
  domainId: number;
  sendId: number;
  emailKey: string;
}

function toTarget(row: { id: number; domain_id: number; send_id: number; email_key: string }): DeliveryTarget {
  return { id: Number(row.id), domainId: Number(row.domain_id), sendId: Number(row.send_id), emailKey: row.email_key };
}

const TARGET_COLUMNS = ['id', 'domain_id', 'send_id', 'email_key'] as const;

export async function deliveryById(db: Db, id: number): Promise<DeliveryTarget | undefined> {
  const row = await db.selectFrom('newsletter_deliveries').select(TARGET_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toTarget(row) : undefined;
}

/** The delivery whose message had this Message-ID (as the transport recorded it, with angle brackets or not). */
export async function deliveryByMessageId(db: Db, messageId: string): Promise<DeliveryTarget | undefined> {
  const row = await db
    .selectFrom('newsletter_deliveries')
    .select(TARGET_COLUMNS)
    .where('message_id', 'in', [`<${messageId}>`, messageId])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toTarget(row) : undefined;
}

/** The last copy sent to this address since `since` (a report naming only the address is about the latest mail it got). */
export async function lastDeliveryTo(db: Db, emailKey: string, since: number): Promise<DeliveryTarget | undefined> {
  const row = await db
    .selectFrom('newsletter_deliveries')
    .select(TARGET_COLUMNS)
    .where('email_key', '=', emailKey)
    .where('status', '=', 'sent')
    .where('updated_at', '>=', since)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toTarget(row) : undefined;
}

/** Keeps a report; false when this event was kept before (nothing to do again). */
export async function insertBounce(
  db: Db,
  bounce: { target: DeliveryTarget; kind: BounceKind; source: string; detail: string; eventId: string; at: number },
): Promise<boolean> {
  const result = await db
    .insertInto('newsletter_bounces')
    .values({
      domain_id: bounce.target.domainId,
      send_id: bounce.target.sendId,
      delivery_id: bounce.target.id,
      email_key: bounce.target.emailKey,
      kind: bounce.kind,
      source: bounce.source,
      detail: bounce.detail,
      event_id: bounce.eventId.slice(0, 300),
      created_at: bounce.at,
    })
    .onConflict((oc) => oc.columns(['domain_id', 'event_id']).doNothing())
    // No row comes back when the event was kept before.
    .returning('id')
    .executeTakeFirst();
  return result !== undefined;
}

/** How many soft bounces the school has had for this address since `since`. */
export async function countSoftBounces(db: Db, domainId: number, emailKey: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('newsletter_bounces')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('domain_id', '=', domainId)
    .where('email_key', '=', emailKey)
    .where('kind', '=', 'soft')
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface BounceCounts {
  /** Copies that bounced (hard or soft), each counted once. */
  bounced: number;
  /** Copies whose recipient marked them as spam. */
  complained: number;
}

/** How many distinct copies of each send had a report of these kinds. */
async function copiesWith(db: Db, sendIds: readonly number[], kinds: readonly BounceKind[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('newsletter_bounces')
    .select(['send_id', (eb) => eb.fn.count<number>('delivery_id').distinct().as('n')])
    .where('send_id', 'in', [...sendIds])
    .where('kind', 'in', [...kinds])
    .groupBy('send_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.send_id), Number(row.n)]));
}

/** The bounce counts of several sends (a copy that bounced softly, then hard, counts once). */
export async function bounceCountsOf(db: Db, sendIds: readonly number[]): Promise<Map<number, BounceCounts>> {
  if (sendIds.length === 0) return new Map();
  const [bounced, complained] = await Promise.all([copiesWith(db, sendIds, ['hard', 'soft']), copiesWith(db, sendIds, ['complaint'])]);
  return new Map(sendIds.map((id) => [id, { bounced: bounced.get(id) ?? 0, complained: complained.get(id) ?? 0 }]));
}

/** A send's bounces and complaints, newest first, for staff to read. */
export async function bouncesOfSend(db: Db, sendId: number, limit: number): Promise<Array<{ email: string; kind: BounceKind; detail: string; at: number }>> {
  const rows = await db
    .selectFrom('newsletter_bounces as b')
    .innerJoin('newsletter_deliveries as d', 'd.id', 'b.delivery_id')
    .select(['d.email', 'b.kind', 'b.detail', 'b.created_at'])
    .where('b.send_id', '=', sendId)
    .orderBy('b.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ email: r.email, kind: r.kind, detail: r.detail, at: Number(r.created_at) }));
}
