import type { Db } from '../../../../../platform/db';
import type { NotificationStatus } from '../../../rules';
import type { PushDeliveryStatus } from '../schema';
import '../schema';

/** The push job's SQL: a notification, its due deliveries with their subscriptions, and their outcomes. */

export interface PushNotificationRow {
  id: number;
  domain_id: number;
  title: string;
  message: string;
  url: string;
  status: NotificationStatus;
}

export async function findNotification(db: Db, id: number): Promise<PushNotificationRow | undefined> {
  const row = await db.selectFrom('app_notifications').select(['id', 'domain_id', 'title', 'message', 'url', 'status']).where('id', '=', id).executeTakeFirst();
  return row ? { ...row, id: Number(row.id), domain_id: Number(row.domain_id) } : undefined;
}

export interface DueDelivery {
  id: number;
  subscription_id: number;
  attempts: number;
  /** Null when the device unsubscribed (or expired) after the notification was sent. */
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
}

/** Up to `limit` of the notification's pending deliveries due at `now`, with their subscriptions. */
export async function dueDeliveries(db: Db, notificationId: number, now: number, limit: number): Promise<DueDelivery[]> {
  const rows = await db
    .selectFrom('app_push_deliveries as d')
    .leftJoin('app_push_subscriptions as s', (join) => join.onRef('s.id', '=', 'd.subscription_id').onRef('s.domain_id', '=', 'd.domain_id'))
    .select(['d.id', 'd.subscription_id', 'd.attempts', 's.endpoint', 's.p256dh', 's.auth'])
    .where('d.notification_id', '=', notificationId)
    .where('d.status', '=', 'pending')
    .where('d.next_attempt_at', '<=', now)
    .orderBy('d.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), subscription_id: Number(row.subscription_id), attempts: Number(row.attempts) }));
}

export interface DeliveryOutcome {
  id: number;
  subscriptionId: number;
  status: PushDeliveryStatus;
  attempts: number;
  response: string;
  /** When a pending delivery is tried again. */
  nextAttemptAt?: number;
}

/**
 * Records a batch's outcomes in one transaction: each delivery's state, the notification's count
 * of deliveries its push services took, and the removal of subscriptions their service called gone.
 */
export async function recordOutcomes(
  db: Db,
  notification: Pick<PushNotificationRow, 'id' | 'domain_id'>,
  outcomes: readonly DeliveryOutcome[],
  now: number,
): Promise<void> {
  if (outcomes.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const outcome of outcomes) {
      await trx
        .updateTable('app_push_deliveries')
        .set({
          status: outcome.status,
          attempts: outcome.attempts,
          response: outcome.response.slice(0, 300),
          ...(outcome.status === 'pending' ? { next_attempt_at: outcome.nextAttemptAt ?? now } : { finished_at: now }),
        })
        .where('id', '=', outcome.id)
        .where('domain_id', '=', notification.domain_id)
        .where('status', '=', 'pending')
        .execute();
    }
    const sent = outcomes.filter((o) => o.status === 'sent').length;
    if (sent > 0) {
      await trx
        .updateTable('app_notifications')
        .set((eb) => ({ delivered: eb('delivered', '+', sent) }))
        .where('id', '=', notification.id)
        .where('domain_id', '=', notification.domain_id)
        .execute();
    }
    const gone = outcomes.filter((o) => o.status === 'gone').map((o) => o.subscriptionId);
    if (gone.length > 0) await trx.deleteFrom('app_push_subscriptions').where('domain_id', '=', notification.domain_id).where('id', 'in', gone).execute();
  });
}

/** When the notification's next pending delivery is due, or null when none is left. */
export async function nextDueAt(db: Db, notificationId: number): Promise<number | null> {
  const row = await db
    .selectFrom('app_push_deliveries')
    .select((eb) => eb.fn.min('next_attempt_at').as('next'))
    .where('notification_id', '=', notificationId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row?.next === null || row?.next === undefined ? null : Number(row.next);
}

export async function markDone(db: Db, notificationId: number, now: number): Promise<void> {
  await db
    .updateTable('app_notifications')
    .set({ status: 'done', finished_at: now })
    .where('id', '=', notificationId)
    .where('status', '=', 'sending')
    .execute();
}

/** Forgets the deliveries of notifications done before `before` (their counts stay on the notification). */
export async function purgeDeliveries(db: Db, before: number): Promise<number> {
  const result = await db
    .deleteFrom('app_push_deliveries')
    .where('notification_id', 'in', (eb) => eb.selectFrom('app_notifications').select('id').where('status', '=', 'done').where('finished_at', '<', before))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
