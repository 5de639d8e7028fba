import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { notificationsResponseSchema, sendNotificationResponseSchema, type Notification, type PushPayload } from '../contract';
import { openDatabase } from '../../../platform/db';
import { runDueJobs } from '../../../platform/jobs';
import { JOBS } from '../../../app/modules';
import type { Runtime } from '../../../platform/runtime';
import { vapidKeys } from '../server/embedded/push/vapid';
import { MAX_ATTEMPTS, retryDelay } from '../server/embedded/push/deliver';
import { feedResponse, pushKeyResponse, subscribeResponse } from '../server/embedded/site/handlers';
import type { NotificationFeed } from '../server/embedded/site/feed';
import { bodyOf, get, signedInUser, useTestContext, type TestSchool } from '../../../../tests/factories';
import { addPost, postJson } from '../../../../tests/factories/website-content';
import { startPushService, type PushService, type TestPushSubscription } from '../../../../tests/factories/push-service';

/**
 * Web Push end to end against a real push service on this machine (web-push-testing): a device
 * that subscribed on the school's site receives the notification, signed with the server's VAPID
 * key (the service checks the signature against the key the device subscribed with, and refuses
 * any other) and encrypted to the device's keys (the service decrypts it); a subscription the
 * service calls gone (410) is removed; a service that cannot be reached is tried again, then
 * given up; the feed lists what was sent. On both databases.
 */
const SITE_ORIGIN = 'http://localhost';
const quiet = { log: () => undefined };

describe('app: web push through a real push service', () => {
  const ctx = useTestContext();
  let push: PushService;
  let rt: Runtime;
  /** An origin PORTAL_PUSH_SERVICES allows where nothing listens: a push service that is down. */
  const DOWN = 'http://127.0.0.1:9';

  beforeAll(async () => {
    push = await startPushService();
    const { runtime } = ctx();
    rt = { ...runtime, config: { ...runtime.config, PORTAL_PUSH_SERVICES: [push.origin, DOWN] } };
  });
  afterAll(async () => {
    await push?.close();
  });

  async function school(): Promise<{ school: TestSchool; cookie: string }> {
    return signedInUser(ctx(), { website: true, app: true });
  }

  /** What the site's 'Get notifications' does: the server's key from the site, a subscription from the push service, handed to the site. */
  async function subscribeDevice(s: TestSchool, applicationServerKey?: string): Promise<TestPushSubscription> {
    const key = applicationServerKey ?? ((await (await pushKeyResponse(rt, s.label)).json()) as { publicKey: string }).publicKey;
    const device = await push.subscribe(key);
    const res = await handOver(s, { endpoint: device.endpoint, keys: device.keys });
    expect(res.status).toBe(200);
    return device;
  }

  function handOver(s: TestSchool, subscription: unknown): Promise<Response> {
    const request = new Request(`${SITE_ORIGIN}/sites/${s.label}/app/subscribe`, { method: 'POST', body: JSON.stringify(subscription) });
    return subscribeResponse(rt, s.label, request, '198.51.100.7');
  }

  async function sendNotification(cookie: string, postId: number, title: string, message: string): Promise<Notification> {
    const res = await postJson(ctx().app, '/api/app/send/notification', { postId, title, message }, cookie);
    expect(res.status).toBe(200);
    return sendNotificationResponseSchema.parse(await bodyOf(res)).notification;
  }

  async function sent(cookie: string, id: number): Promise<Notification | undefined> {
    const res = await get(ctx().app, '/api/app/send/notifications?limit=50', { cookie });
    return notificationsResponseSchema.parse(await bodyOf(res)).notifications.find((n) => n.id === id);
  }

  async function subscriptionCount(s: TestSchool): Promise<number> {
    const rows = await ctx().db.selectFrom('app_push_subscriptions').select('id').where('domain_id', '=', s.id).execute();
    return rows.length;
  }

  it('delivers a signed, encrypted push to every device of the school, and no other school’s; the history counts them', async () => {
    const { school: s, cookie } = await school();
    const other = await school();
    const post = await addPost(ctx(), s, { title: 'Snow day', content: '<p>School is closed today.</p>' });
    const phone = await subscribeDevice(s);
    const laptop = await subscribeDevice(s);
    const elsewhere = await subscribeDevice(other.school);

    const notification = await sendNotification(cookie, post.id, 'Snow day', 'School is closed today.');
    expect(notification).toMatchObject({ devices: 2, delivered: 0, status: 'sending' });
    await runDueJobs(rt, JOBS, quiet);

    const expected: PushPayload = {
      title: 'Snow day',
      body: 'School is closed today.',
      url: `${SITE_ORIGIN}${post.post_url}`,
      tag: `notification-${notification.id}`,
    };
    for (const device of [phone, laptop]) {
      const messages = await push.messages(device);
      expect(messages).toHaveLength(1);
      expect(JSON.parse(messages[0] ?? '')).toEqual(expected);
    }
    expect(await push.messages(elsewhere)).toEqual([]);
    expect(await sent(cookie, notification.id)).toMatchObject({ devices: 2, delivered: 2, status: 'done' });

    // Running the jobs again pushes nothing twice.
    await runDueJobs(rt, JOBS, quiet);
    expect(await push.messages(phone)).toHaveLength(1);
  });

  it('is refused by the push service when not signed with the key the device subscribed with', async () => {
    const { school: s, cookie } = await school();
    const post = await addPost(ctx(), s, { title: 'Trip' });
    // A device that subscribed with another server's key: our signature cannot be its.
    const stranger = await subscribeDevice(s, webpush.generateVAPIDKeys().publicKey);
    const device = await subscribeDevice(s);

    const notification = await sendNotification(cookie, post.id, 'Trip', 'Bring lunch.');
    await runDueJobs(rt, JOBS, quiet);
    expect(await push.messages(stranger)).toEqual([]);
    expect(await push.messages(device)).toHaveLength(1);
    expect(await sent(cookie, notification.id)).toMatchObject({ devices: 2, delivered: 1, status: 'done' });
    const outcomes = await ctx()
      .db.selectFrom('app_push_deliveries')
      .select(['status', 'response'])
      .where('notification_id', '=', notification.id)
      .orderBy('subscription_id')
      .execute();
    expect(outcomes.map((o) => o.status)).toEqual(['failed', 'sent']);
    expect(outcomes[0]?.response).toMatch(/^400\b/);
  });

  it('removes a subscription its push service calls gone (410), and sends to it no more', async () => {
    const { school: s, cookie } = await school();
    const post = await addPost(ctx(), s, { title: 'Concert' });
    const kept = await subscribeDevice(s);
    const expired = await subscribeDevice(s);
    await push.expire(expired);
    expect(await subscriptionCount(s)).toBe(2);

    const first = await sendNotification(cookie, post.id, 'Concert', 'Tonight at 7.');
    await runDueJobs(rt, JOBS, quiet);
    expect(await sent(cookie, first.id)).toMatchObject({ devices: 2, delivered: 1, status: 'done' });
    expect(await subscriptionCount(s)).toBe(1);
    const left = await ctx().db.selectFrom('app_push_subscriptions').select('endpoint').where('domain_id', '=', s.id).execute();
    expect(left.map((row) => row.endpoint)).toEqual([kept.endpoint]);

    const second = await sendNotification(cookie, post.id, 'Concert', 'Doors open at 6.30.');
    expect(second.devices).toBe(1);
    await runDueJobs(rt, JOBS, quiet);
    expect(await push.messages(kept)).toHaveLength(2);
    expect(await push.messages(expired)).toEqual([]);
  });

  it('tries a push service that cannot be reached again later, then gives up; the notification is done', async () => {
    const { school: s, cookie } = await school();
    const post = await addPost(ctx(), s, { title: 'Fair' });
    const device = await subscribeDevice(s);
    // A device whose push service is down (allowed, but nothing answers there).
    expect((await handOver(s, { endpoint: `${DOWN}/notify/down`, keys: device.keys })).status).toBe(200);

    const notification = await sendNotification(cookie, post.id, 'Fair', 'Saturday.');
    await runDueJobs(rt, JOBS, quiet);
    expect(await push.messages(device)).toHaveLength(1);
    expect(await sent(cookie, notification.id)).toMatchObject({ devices: 2, delivered: 1, status: 'sending' });

    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
      ctx().clock.advance(retryDelay(attempt));
      await runDueJobs(rt, JOBS, quiet);
    }
    expect(await sent(cookie, notification.id)).toMatchObject({ devices: 2, delivered: 1, status: 'done' });
    const down = await ctx()
      .db.selectFrom('app_push_deliveries')
      .select(['status', 'attempts'])
      .where('notification_id', '=', notification.id)
      .where('status', '!=', 'sent')
      .execute();
    expect(down).toEqual([{ status: 'failed', attempts: MAX_ATTEMPTS }]);
    // The subscription stays: a push service that was down may be back next time.
    expect(await subscriptionCount(s)).toBe(2);
  });

  it('lists the sent notifications in the school’s feed, newest first, and only the school’s', async () => {
    const { school: s, cookie } = await school();
    const other = await school();
    const post = await addPost(ctx(), s, { title: 'Open evening' });
    const theirs = await addPost(ctx(), other.school, { title: 'Theirs' });
    const first = await sendNotification(cookie, post.id, 'Open evening', 'Thursday 6pm.');
    ctx().clock.advance(60);
    const second = await sendNotification(cookie, post.id, 'Open evening: parking', 'Use the back gate.');
    await sendNotification(other.cookie, theirs.id, 'Not yours', 'x');

    const res = await feedResponse(rt, s.label);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/feed+json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const feed = (await res.json()) as NotificationFeed;
    expect(feed).toMatchObject({
      version: 'https://jsonfeed.org/version/1.1',
      home_page_url: `${SITE_ORIGIN}/sites/${s.label}`,
      feed_url: `${SITE_ORIGIN}/sites/${s.label}/app/notifications.json`,
    });
    expect(feed.items).toEqual([
      {
        id: String(second.id),
        url: `${SITE_ORIGIN}${post.post_url}`,
        title: 'Open evening: parking',
        content_text: 'Use the back gate.',
        date_published: new Date(second.sentAt * 1000).toISOString(),
        _post: { id: post.id, title: 'Open evening' },
      },
      expect.objectContaining({ id: String(first.id), title: 'Open evening' }),
    ]);
  });

  it('keeps one VAPID key pair, made once, the same for every instance on the database', async () => {
    const second = openDatabase(ctx().config);
    try {
      const [a, b] = await Promise.all([vapidKeys(ctx().db), vapidKeys(second)]);
      expect(a).toEqual(b);
      expect(a.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
      const rows = await ctx().db.selectFrom('server_secrets').select('name').where('name', '=', 'app-vapid-keys').execute();
      expect(rows).toHaveLength(1);
    } finally {
      await second.destroy();
    }
  });
});
