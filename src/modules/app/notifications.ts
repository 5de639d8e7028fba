/**
 * What App > Send Notification shows of its posts and its sent notifications, derived from the
 * contract's types: one function on both sides (the page's first screen on the server, later
 * pages in the browser), so the first HTML and the hydrated island agree. Types only from the
 * contract's schemas (their values would pull zod into the browser).
 */
import type { AppPost, Notification } from './contract';
import { formatDayMonthYearTime } from '../../lib/dates';
import { toPostRow, type PostRow } from '../website';

export const SEND_PATH = '/app/send';
export const HISTORY_PATH = '/app/send/history';
/** Notifications /app/send lists under the posts (the rest are on the history page). */
export const RECENT_COUNT = 5;

/** A row of the post list: Manage Posts' row, and the excerpt the send dialog's message starts from. */
export interface SendPostRow extends PostRow {
  excerpt: string;
}

/** `now` (ms) decides which published posts are still Scheduled (they cannot be sent yet). */
export function toSendPostRow(post: AppPost, timeZone: string, now: number = Date.now()): SendPostRow {
  // The list's row reads no content: Locked comes with the post.
  return { ...toPostRow({ ...post, post_content: '' }, timeZone, post.locked ?? false, now), excerpt: post.excerpt };
}

/** A row of the sent notifications: when, what, the post it opens and how many devices it reached. */
export interface NotificationRow extends Notification {
  sent: { iso: string; text: string };
  /** 'Sending… 2 of 5', '4 of 5 devices', 'No devices subscribed'. */
  reach: string;
}

export function reachText(notification: Pick<Notification, 'status' | 'devices' | 'delivered'>): string {
  const { status, devices, delivered } = notification;
  if (status === 'sending') return `Sending… ${delivered} of ${devices}`;
  if (devices === 0) return 'No devices subscribed';
  return `${delivered} of ${devices} ${devices === 1 ? 'device' : 'devices'}`;
}

export function toNotificationRow(notification: Notification, timeZone: string): NotificationRow {
  const sent = new Date(notification.sentAt * 1000);
  return { ...notification, sent: { iso: sent.toISOString(), text: formatDayMonthYearTime(sent, timeZone) }, reach: reachText(notification) };
}

/** A notification whose numbers may still move: worth asking again. */
export function isSending(notification: Pick<Notification, 'status'>): boolean {
  return notification.status === 'sending';
}
