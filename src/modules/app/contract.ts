import { z } from 'zod';
import { successSchema } from '../../lib/contract/envelope';
import { defineCalls } from '../../lib/contract/calls';
import { APP_ENDPOINTS } from './endpoints';
import { idSchema, listQuerySchema } from '../../lib/contract/params';
import { postSchema, postsQuerySchema } from '../website/schemas';
import {
  MAX_NOTIFICATION_MESSAGE_LENGTH,
  MAX_NOTIFICATION_TITLE_LENGTH,
  NOTIFICATION_FIELDS_REQUIRED,
  NOTIFICATION_STATUSES,
  NOTIFICATIONS_PAGE_SIZE,
} from './rules';

export * from './rules';

// Line breaks are allowed in the message; other control characters never belong in a notification.
const CONTROL_CHARACTERS = /[\u0000-\u0009\u000b-\u001f\u007f]/;

/** A required text: trimmed, not empty (spec section 5's message), bounded, no control characters. */
function requiredText(max: number, what: string) {
  return z
    .string({ error: NOTIFICATION_FIELDS_REQUIRED })
    .trim()
    .min(1, NOTIFICATION_FIELDS_REQUIRED)
    .max(max, `The ${what} can be at most ${max} characters.`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), `The ${what} cannot contain control characters.`);
}

/* ---- The post list (the website's posts, as /app/send shows them) ---- */

/** A post of the list: the posts call's fields without the content, and the excerpt the send dialog starts from. */
export const appPostSchema = postSchema.omit({ post_content: true, post_category_ids: true }).extend({
  /** The post's first words as text: the notification's message until staff change it. */
  excerpt: z.string(),
});
export type AppPost = z.infer<typeof appPostSchema>;

/** GET /api/app/send/posts: the posts call's answer (a page, its count) with each post's excerpt. */
export const appPostsResponseSchema = successSchema({
  posts: z.array(appPostSchema),
  total_pages: z.number().int(),
  total: z.number().int().nonnegative(),
});

/* ---- Sending, and the history ---- */

/** POST /api/app/send/notification: the post it opens, and what the notification says. */
export const sendNotificationRequestSchema = z.object({
  postId: idSchema,
  title: requiredText(MAX_NOTIFICATION_TITLE_LENGTH, 'title'),
  message: requiredText(MAX_NOTIFICATION_MESSAGE_LENGTH, 'message'),
});
export type SendNotificationRequest = z.infer<typeof sendNotificationRequestSchema>;

/** A sent notification as the history lists it. */
export const notificationSchema = z.object({
  id: z.number().int(),
  /** When it was sent (unix seconds). */
  sentAt: z.number().int(),
  title: z.string(),
  message: z.string(),
  /** The post it opens, as it was titled when sent (the post may have changed or gone since). */
  postId: z.number().int(),
  postTitle: z.string(),
  /** The post's public address, which the notification opens. */
  url: z.string(),
  /** Devices subscribed when it was sent. */
  devices: z.number().int().nonnegative(),
  /** Devices whose push service took it. */
  delivered: z.number().int().nonnegative(),
  status: z.enum(NOTIFICATION_STATUSES),
});
export type Notification = z.infer<typeof notificationSchema>;

export const sendNotificationResponseSchema = successSchema({ notification: notificationSchema });

const MAX_NOTIFICATIONS_LIMIT = 50;

/** `?page=&limit=` of the history. */
export const notificationsQuerySchema = listQuerySchema.pick({ page: true }).extend({
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(MAX_NOTIFICATIONS_LIMIT, `limit can be at most ${MAX_NOTIFICATIONS_LIMIT}.`)
    .default(NOTIFICATIONS_PAGE_SIZE),
});

/** GET /api/app/send/notifications: a page of the school's sent notifications, newest first. */
export const notificationsResponseSchema = successSchema({
  notifications: z.array(notificationSchema),
  total_pages: z.number().int(),
  total: z.number().int().nonnegative(),
});

/* ---- The public site (not /api calls: the school's site answers them, see siteAppPaths) ---- */

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Bytes of a base64url text (no padding), or -1 when it is not one. */
function base64urlBytes(value: string): number {
  if (!BASE64URL.test(value) || value.length % 4 === 1) return -1;
  return Math.floor((value.length * 3) / 4);
}

/**
 * What the opt-in posts to `/sites/<label>/app/subscribe`: the browser's PushSubscription as
 * `toJSON()` gives it. The keys are the subscriber's P-256 public key (65 bytes, uncompressed)
 * and its 16-byte auth secret (RFC 8291); the address is the push service's (the server checks
 * it is one it may post to).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'must be a push service address.' }).max(1000, 'is too long.'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z.string().refine((value) => base64urlBytes(value) === 65, 'must be a P-256 public key (65 bytes, base64url).'),
      auth: z.string().refine((value) => base64urlBytes(value) === 16, 'must be a 16-byte secret (base64url).'),
    },
    { error: 'must hold p256dh and auth.' },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** What the opt-in posts to `/sites/<label>/app/unsubscribe`. */
export const pushUnsubscribeSchema = pushSubscriptionSchema.pick({ endpoint: true });

/** The push message's payload: what the service worker shows, and the address a click opens. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  /** One notification per sent notification on a device, however often it arrives. */
  tag: string;
}

/** App > Send Notification's calls: endpoints (./app-endpoints.ts) joined with their schemas. */
export const appCalls = defineCalls(APP_ENDPOINTS, {
  posts: { query: postsQuerySchema, response: appPostsResponseSchema },
  sendNotification: { body: sendNotificationRequestSchema, response: sendNotificationResponseSchema },
  notifications: { query: notificationsQuerySchema, response: notificationsResponseSchema },
});
export type AppCalls = typeof appCalls;
