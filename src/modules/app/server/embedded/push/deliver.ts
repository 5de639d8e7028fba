import { performance } from 'node:perf_hooks';
import webpush from 'web-push';
import type { PushPayload } from '../../../contract';
import type { Db } from '../../../../../platform/db';
import { enqueue } from '../../../../../platform/jobs';
import type { Runtime } from '../../../../../platform/runtime';
import * as repo from './repository';
import { vapidKeys, vapidSubject, type VapidKeys } from './vapid';

/**
 * The `app-push-send` job (payload `{ notificationId }`): pushes a sent notification to every
 * device of its audience (the deliveries its send made), a batch at a time, each message
 * encrypted to the device's keys and signed with the server's VAPID key (the `web-push`
 * package builds the request; `fetch` carries it, never following a redirect). A push service's
 * 2xx counts the device as reached; 404 or 410 says the subscription has expired, and it is
 * removed; 429, 5xx and lost connections are tried again later, a few times; anything else is a
 * failure. It works for a while, then hands over to a new job, so a big audience never holds a
 * worker for long.
 *
 * Safe to run again after a crash: only deliveries still pending are pushed, and each batch's
 * outcomes are recorded together (so at most the batch in flight at a crash is pushed twice,
 * which the device shows once: every push of a notification carries the same tag).
 */
export const PUSH_SEND_JOB = 'app-push-send';
/** The daily upkeep that forgets old deliveries. */
export const PUSH_PURGE_JOB = 'app-push-purge';
export const BATCH_SIZE = 50;
/** Tries of a delivery whose push service was busy or unreachable. */
export const MAX_ATTEMPTS = 3;
/** How long a push service keeps a message for a device that is offline. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** Deliveries are kept this long after their notification is done, for inspection. */
export const KEEP_DELIVERIES_SECONDS = 30 * 24 * 60 * 60;
const REQUEST_TIMEOUT_MS = 10_000;
const WORK_BUDGET_MS = 20_000;

/** The wait after a delivery's `attempts`-th temporary failure: 1, then 2 minutes. */
export function retryDelay(attempts: number): number {
  return 60 * 2 ** Math.max(0, attempts - 1);
}

export function enqueuePushSend(db: Db, domainId: number, notificationId: number, now: number, runAt = now, key?: string): Promise<number | undefined> {
  return enqueue(db, { name: PUSH_SEND_JOB, payload: { notificationId }, now, runAt, domainId, ...(key ? { key } : {}) });
}

interface Signing {
  keys: VapidKeys;
  subject: string;
}

/** What became of one push: the push service's answer as a delivery's state. */
function outcomeOf(row: repo.DueDelivery, status: number | null, reason: string, now: number): repo.DeliveryOutcome {
  const attempts = row.attempts + 1;
  const base = { id: row.id, subscriptionId: row.subscription_id, attempts, response: status === null ? reason : `${status} ${reason}`.trim() };
  if (status !== null && status >= 200 && status < 300) return { ...base, status: 'sent' };
  if (status === 404 || status === 410) return { ...base, status: 'gone' };
  const temporary = status === null || status === 429 || status >= 500;
  if (temporary && attempts < MAX_ATTEMPTS) return { ...base, status: 'pending', nextAttemptAt: now + retryDelay(attempts) };
  return { ...base, status: 'failed' };
}

/** Pushes the payload to one device; the push service's status, or null when it could not be reached. */
async function push(
  row: repo.DueDelivery & { endpoint: string; p256dh: string; auth: string },
  payload: string,
  signing: Signing,
): Promise<{ status: number | null; reason: string }> {
  const details = webpush.generateRequestDetails({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, payload, {
    vapidDetails: { subject: signing.subject, publicKey: signing.keys.publicKey, privateKey: signing.keys.privateKey },
    TTL: PUSH_TTL_SECONDS,
    urgency: 'normal',
  });
  // fetch works out the length itself (and speaks http: to a local test service, which web-push's https.request cannot).
  const headers = Object.fromEntries(
    Object.entries(details.headers).flatMap(([name, value]) => (name.toLowerCase() === 'content-length' ? [] : [[name, String(value)]])),
  );
  try {
    const res = await fetch(details.endpoint, {
      method: details.method,
      headers,
      ...(details.body ? { body: new Uint8Array(details.body) } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await res.body?.cancel();
    return { status: res.status, reason: res.statusText };
  } catch (err) {
    return { status: null, reason: err instanceof Error ? err.message : String(err) };
  }
}

export async function deliverNotification(rt: Runtime, notificationId: number): Promise<void> {
  const { db } = rt;
  const notification = await repo.findNotification(db, notificationId);
  if (!notification || notification.status !== 'sending') return;
  const signing: Signing = { keys: await vapidKeys(db), subject: vapidSubject(rt.config) };
  const message: PushPayload = { title: notification.title, body: notification.message, url: notification.url, tag: `notification-${notification.id}` };
  const payload = JSON.stringify(message);
  const started = performance.now();

  while (performance.now() - started < WORK_BUDGET_MS) {
    const batch = await repo.dueDeliveries(db, notificationId, rt.clock(), BATCH_SIZE);
    if (batch.length === 0) break;
    const outcomes = await Promise.all(
      batch.map(async (row) => {
        const { endpoint, p256dh, auth } = row;
        // The device unsubscribed, or a push of another notification found it expired.
        if (endpoint === null || p256dh === null || auth === null) {
          return {
            id: row.id,
            subscriptionId: row.subscription_id,
            attempts: row.attempts,
            status: 'gone',
            response: 'Unsubscribed before this notification reached it.',
          } satisfies repo.DeliveryOutcome;
        }
        const answer = await push({ ...row, endpoint, p256dh, auth }, payload, signing);
        return outcomeOf(row, answer.status, answer.reason, rt.clock());
      }),
    );
    await repo.recordOutcomes(db, notification, outcomes, rt.clock());
  }

  const now = rt.clock();
  const next = await repo.nextDueAt(db, notificationId);
  if (next === null) await repo.markDone(db, notificationId, now);
  else await enqueuePushSend(db, notification.domain_id, notificationId, now, Math.max(now, next));
}

/** The daily upkeep: deliveries of notifications done more than KEEP_DELIVERIES_SECONDS ago are forgotten. */
export function purgeOldDeliveries(rt: Runtime): Promise<number> {
  return repo.purgeDeliveries(rt.db, rt.clock() - KEEP_DELIVERIES_SECONDS);
}
