import type { Db } from '../../../../../platform/db';
import type { NotificationStatus } from '../../../rules';
import '../schema';

/** Sent notifications' SQL, always scoped by the school's domain id. */

export interface NotificationRow {
  id: number;
  domain_id: number;
  post_id: number;
  post_title: string;
  url: string;
  title: string;
  message: string;
  devices: number;
  delivered: number;
  status: NotificationStatus;
  created_at: number;
}

const COLUMNS = ['id', 'domain_id', 'post_id', 'post_title', 'url', 'title', 'message', 'devices', 'delivered', 'status', 'created_at'] as const;

function toRow(row: Record<(typeof COLUMNS)[number], unknown>): NotificationRow {
  return {
    id: Number(row.id),
    domain_id: Number(row.domain_id),
    post_id: Number(row.post_id),
    post_title: String(row.post_title),
    url: String(row.url),
    title: String(row.title),
    message: String(row.message),
    devices: Number(row.devices),
    delivered: Number(row.delivered),
    status: row.status === 'done' ? 'done' : 'sending',
    created_at: Number(row.created_at),
  };
}

export interface NewNotification {
  postId: number;
  postTitle: string;
  url: string;
  title: string;
  message: string;
  userId: number;
  now: number;
}

/**
 * Records the notification and its audience, every device the school has subscribed now (one
 * pending delivery each, in one statement), and answers it. Call it in the send's transaction.
 */
export async function insertNotification(db: Db, domainId: number, input: NewNotification): Promise<NotificationRow> {
  const { id } = await db
    .insertInto('app_notifications')
    .values({
      domain_id: domainId,
      post_id: input.postId,
      post_title: input.postTitle,
      url: input.url,
      title: input.title,
      message: input.message,
      user_id: input.userId,
      devices: 0,
      status: 'sending',
      created_at: input.now,
      finished_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const notificationId = Number(id);
  const audience = await db
    .insertInto('app_push_deliveries')
    .columns(['domain_id', 'notification_id', 'subscription_id', 'status', 'attempts', 'next_attempt_at'])
    .expression((eb) =>
      eb
        .selectFrom('app_push_subscriptions')
        // Typed casts: PostgreSQL gives a bare parameter in a select list the type text.
        .select((s) => [
          s.cast<number>(s.val(domainId), 'integer').as('domain_id'),
          s.cast<number>(s.val(notificationId), 'integer').as('notification_id'),
          'id',
          s.cast<'pending'>(s.val('pending'), 'varchar(16)').as('status'),
          s.cast<number>(s.val(0), 'integer').as('attempts'),
          s.cast<number>(s.val(input.now), 'bigint').as('next_attempt_at'),
        ])
        .where('domain_id', '=', domainId),
    )
    .executeTakeFirst();
  const devices = Number(audience.numInsertedOrUpdatedRows ?? 0);
  // Nobody to push to: nothing is left to do.
  const status: NotificationStatus = devices === 0 ? 'done' : 'sending';
  await db
    .updateTable('app_notifications')
    .set({ devices, status, ...(status === 'done' ? { finished_at: input.now } : {}) })
    .where('id', '=', notificationId)
    .execute();
  const row = await db.selectFrom('app_notifications').select(COLUMNS).where('id', '=', notificationId).executeTakeFirstOrThrow();
  return toRow(row);
}

export async function countNotifications(db: Db, domainId: number): Promise<number> {
  const row = await db
    .selectFrom('app_notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('domain_id', '=', domainId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of the school's notifications, newest first. */
export async function listNotifications(db: Db, domainId: number, window: { offset: number; limit: number }): Promise<NotificationRow[]> {
  const rows = await db
    .selectFrom('app_notifications')
    .select(COLUMNS)
    .where('domain_id', '=', domainId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(window.offset)
    .limit(window.limit)
    .execute();
  return rows.map(toRow);
}
