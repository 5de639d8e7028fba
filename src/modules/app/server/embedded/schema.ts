import type { Generated } from 'kysely';
import type { NotificationStatus } from '../../rules';

/**
 * The app's tables (migration 0020_app_push), merged into the Database type.
 *
 * `app_push_subscriptions`: the devices that allowed notifications on a school's public site,
 * one row per browser subscription (its push service address and the keys a message is
 * encrypted to, RFC 8291). A push service answering 404 or 410 removes the row.
 *
 * `app_notifications`: every notification staff sent: what it said, the post it opens (id, title
 * and public address as they were when sent: the post is the website's and may change or go),
 * who sent it, how many devices were subscribed, how many push services took it (counted with
 * the deliveries' outcomes, in their transaction), and whether its pushes are still going out.
 *
 * `app_push_deliveries`: one row per device a notification goes to, made in the send's
 * transaction (the audience is the school's subscriptions at that moment): pending until the
 * `app-push-send` job has pushed it, then sent, gone (the subscription has expired) or failed.
 * `subscription_id` has no foreign key: a delivery outlives the subscription a 410 removes.
 * Deliveries are kept for inspection a while after their notification is done, then purged.
 *
 * `app_push_requests`: when each client address last subscribed (the public call's rate limit),
 * kept only as long as the limit looks back.
 */
export interface AppPushSubscriptionTable {
  id: Generated<number>;
  domain_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: number;
}

export interface AppNotificationTable {
  id: Generated<number>;
  domain_id: number;
  post_id: number;
  post_title: string;
  url: string;
  title: string;
  message: string;
  user_id: number | null;
  devices: number;
  delivered: Generated<number>;
  status: NotificationStatus;
  created_at: number;
  finished_at: number | null;
}

export type PushDeliveryStatus = 'pending' | 'sent' | 'gone' | 'failed';

export interface AppPushDeliveryTable {
  id: Generated<number>;
  domain_id: number;
  notification_id: number;
  subscription_id: number;
  status: PushDeliveryStatus;
  attempts: number;
  next_attempt_at: number;
  /** The push service's status and reason for the last try (e.g. '201', '429 Too Many Requests'). */
  response: string | null;
  finished_at: number | null;
}

export interface AppPushRequestTable {
  ip: string;
  at: number;
}

declare module '../../../../platform/db/schema' {
  interface Database {
    app_push_subscriptions: AppPushSubscriptionTable;
    app_notifications: AppNotificationTable;
    app_push_deliveries: AppPushDeliveryTable;
    app_push_requests: AppPushRequestTable;
  }
}
