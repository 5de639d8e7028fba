/**
 * App > Send Notification: the limits, texts and public addresses both sides need, zod-free (the
 * browser imports them without the schemas of ./app.ts).
 */

/** A notification's title: what the phone shows in bold (push services cut long ones anyway). */
export const MAX_NOTIFICATION_TITLE_LENGTH = 100;
/** Its message: a couple of lines under the title (a push message's payload is at most 4 KB). */
export const MAX_NOTIFICATION_MESSAGE_LENGTH = 300;
/** Sent notifications listed a page (spec section 9: tables show 10 a page). */
export const NOTIFICATIONS_PAGE_SIZE = 10;
/** The newest notifications the public feed lists. */
export const FEED_LENGTH = 50;

/** Spec section 5's wording for a form with an empty field. */
export const NOTIFICATION_FIELDS_REQUIRED = 'Failed! All fields must be filled in!';
/** The toast once the notification is recorded and on its way to the devices subscribed now. */
export const notificationSent = (devices: number): string => `Success! Your notification is on its way to ${devices.toLocaleString('en-GB')} device${devices === 1 ? '' : 's'}.`;
/** The same with no device subscribed: nothing went anywhere, and how families subscribe. */
export const NOTIFICATION_NO_DEVICES =
  'Your notification is saved, but no device has subscribed yet, so nobody received it. Families subscribe on your school’s website, with “Get notifications”.';
/** A post that is not on the public site (hidden, or dated in the future) cannot be opened by a notification. */
export const NOTIFICATION_POST_NOT_PUBLIC = 'Failed! Only a published post can be sent: publish it first.';
/** Notifications open a post on the school's website: without the Website product there is none. */
export const NOTIFICATION_NEEDS_WEBSITE = "Failed! Notifications open a post on your school's website, and your school does not have the Website product.";

/** Where a sent notification stands: its pushes are going out, or every one has been tried. */
export const NOTIFICATION_STATUSES = ['sending', 'done'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/**
 * The addresses the app adds to a school's public site, all under `/sites/<label>/app/` (two
 * segments deep, where no page or post slug can be): the web app manifest, the service worker
 * (its scope is the whole site), the opt-in's subscribe and unsubscribe calls, and the feed of
 * sent notifications for any native app.
 */
export function siteAppPaths(label: string) {
  const site = `/sites/${label}`;
  const app = `${site}/app`;
  return {
    site,
    /** The service worker's scope: the school's whole site. */
    scope: `${site}/`,
    manifest: `${app}/manifest.webmanifest`,
    serviceWorker: `${app}/sw.js`,
    /** GET: the VAPID public key the browser subscribes with. */
    pushKey: `${app}/push-key`,
    subscribe: `${app}/subscribe`,
    unsubscribe: `${app}/unsubscribe`,
    feed: `${app}/notifications.json`,
  } as const;
}

/** `text` cut to `max` characters at a word break, with an ellipsis when something was cut (the send dialog's first title and message). */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const space = head.lastIndexOf(' ');
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}
