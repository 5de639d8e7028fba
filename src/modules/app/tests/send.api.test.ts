import { beforeAll, describe, expect, it } from 'vitest';
import {
  appPostsResponseSchema,
  MAX_NOTIFICATION_MESSAGE_LENGTH,
  MAX_NOTIFICATION_TITLE_LENGTH,
  NOTIFICATION_FIELDS_REQUIRED,
  NOTIFICATION_NEEDS_WEBSITE,
  NOTIFICATION_POST_NOT_PUBLIC,
  notificationsResponseSchema,
  sendNotificationResponseSchema,
} from '../contract';
import { PUSH_SEND_JOB } from '../server/embedded/push/deliver';
import { bodyOf, failure, get, signedInUser, useTestContext, type TestSchool } from '../../../../tests/factories';
import { addPost, postJson } from '../../../../tests/factories/website-content';

/**
 * App > Send Notification's calls on both databases: the website's posts as /app/send lists
 * them, sending a notification for a post (validation, the post's school and state, the Website
 * product) and the history. The pushes themselves: app-push.test.ts. Signed out and without the
 * App: call-gates.test.ts.
 */
const POSTS = '/api/app/send/posts';
const SEND = '/api/app/send/notification';
const HISTORY = '/api/app/send/notifications';
const ORIGIN = 'http://localhost';

describe('app: send notification', () => {
  const ctx = useTestContext();
  let school: TestSchool;
  let cookie = '';

  beforeAll(async () => {
    ({ school, cookie } = await signedInUser(ctx(), { website: true, app: true }));
  });

  async function posts(c: string, query = '') {
    const res = await get(ctx().app, `${POSTS}${query}`, { cookie: c });
    expect(res.status).toBe(200);
    return appPostsResponseSchema.parse(await bodyOf(res));
  }

  async function sendFor(c: string, body: unknown) {
    return postJson(ctx().app, SEND, body, c);
  }

  async function history(c: string, query = '') {
    const res = await get(ctx().app, `${HISTORY}${query}`, { cookie: c });
    expect(res.status).toBe(200);
    return notificationsResponseSchema.parse(await bodyOf(res));
  }

  async function jobsFor(notificationId: number) {
    return ctx()
      .db.selectFrom('jobs')
      .select(['name', 'payload', 'status'])
      .where('name', '=', PUSH_SEND_JOB)
      .execute()
      .then((rows) => rows.filter((row) => (JSON.parse(row.payload) as { notificationId?: number }).notificationId === notificationId));
  }

  describe('GET /api/app/send/posts', () => {
    it("lists the school's posts as Manage Posts does (newest first, paged, searched), each with its excerpt and no content", async () => {
      const s = await signedInUser(ctx(), { website: true, app: true });
      for (let i = 1; i <= 12; i += 1) {
        await addPost(ctx(), s.school, { title: `Assembly ${i}`, content: `<p>Week <strong>${i}</strong>, assembly [gallery id="3"] notes.</p>` });
        ctx().clock.advance(60);
      }
      await addPost(ctx(), school, { title: 'Assembly elsewhere' });

      const first = await posts(s.cookie, '?page=1&limit=10');
      expect(first.total).toBe(12);
      expect(first.total_pages).toBe(2);
      expect(first.posts.map((p) => p.post_title)).toEqual(Array.from({ length: 10 }, (_, i) => `Assembly ${12 - i}`));
      expect(first.posts[0]).toMatchObject({ post_status: 'publish', excerpt: 'Week 12, assembly notes.' });
      expect(first.posts[0]).not.toHaveProperty('post_content');
      expect(first.posts[0]?.post_url).toMatch(new RegExp(`^/sites/${s.school.label.replace(/\./g, '\\.')}/posts/assembly-12$`));

      const second = await posts(s.cookie, '?page=2&limit=10');
      expect(second.posts.map((p) => p.post_title)).toEqual(['Assembly 2', 'Assembly 1']);
      const searched = await posts(s.cookie, '?query=assembly%201');
      expect(searched.posts.map((p) => p.post_title).sort()).toEqual(['Assembly 1', 'Assembly 10', 'Assembly 11', 'Assembly 12']);
      // The same choices as Manage Posts.
      const oldest = await posts(s.cookie, '?sort=date-asc&limit=1');
      expect(oldest.posts.map((p) => p.post_title)).toEqual(['Assembly 1']);
    });

    it('refuses a bad query', async () => {
      expect(await failure(await get(ctx().app, `${POSTS}?page=0`, { cookie }))).toMatchObject({ status: 400, message: 'page: page starts at 1.' });
    });
  });

  describe('POST /api/app/send/notification', () => {
    it('records the notification for a published post, with its absolute address, and enqueues its pushes in the same transaction', async () => {
      const post = await addPost(ctx(), school, { title: 'Sports day moved', content: '<p>Sports day is now on Friday.</p>' });
      // No device has subscribed: nothing to push, the notification is done at once.
      const res = await sendFor(cookie, { postId: post.id, title: '  Sports day moved  ', message: 'Now on Friday.\nBring a hat.' });
      expect(res.status).toBe(200);
      const { notification } = sendNotificationResponseSchema.parse(await bodyOf(res));
      expect(notification).toMatchObject({
        postId: post.id,
        postTitle: 'Sports day moved',
        title: 'Sports day moved',
        message: 'Now on Friday.\nBring a hat.',
        url: `${ORIGIN}${post.post_url}`,
        sentAt: ctx().clock.now,
        devices: 0,
        delivered: 0,
        status: 'done',
      });
      expect(await jobsFor(notification.id)).toEqual([]);

      // With a device subscribed, the job is there, keyed to the notification.
      await ctx()
        .db.insertInto('app_push_subscriptions')
        .values({ domain_id: school.id, endpoint: 'https://fcm.googleapis.com/fcm/send/abc', p256dh: 'k', auth: 'a', created_at: ctx().clock.now })
        .execute();
      const again = sendNotificationResponseSchema.parse(await bodyOf(await sendFor(cookie, { postId: post.id, title: 'Reminder', message: 'Friday!' })));
      expect(again.notification).toMatchObject({ devices: 1, delivered: 0, status: 'sending' });
      expect(await jobsFor(again.notification.id)).toEqual([expect.objectContaining({ status: 'pending' })]);
      await ctx().db.deleteFrom('app_push_subscriptions').where('domain_id', '=', school.id).execute();
    });

    it("refuses empty, blank and too long fields with the spec's wording or the limit, and records nothing", async () => {
      const post = await addPost(ctx(), school, { title: 'Validation post' });
      const before = (await history(cookie)).total;
      const cases: Array<[unknown, string]> = [
        [{ postId: post.id, title: '', message: 'x' }, NOTIFICATION_FIELDS_REQUIRED],
        [{ postId: post.id, title: 'x', message: '   ' }, NOTIFICATION_FIELDS_REQUIRED],
        [{ postId: post.id, message: 'x' }, NOTIFICATION_FIELDS_REQUIRED],
        [
          { postId: post.id, title: 'x'.repeat(MAX_NOTIFICATION_TITLE_LENGTH + 1), message: 'x' },
          `title: The title can be at most ${MAX_NOTIFICATION_TITLE_LENGTH} characters.`,
        ],
        [
          { postId: post.id, title: 'x', message: 'x'.repeat(MAX_NOTIFICATION_MESSAGE_LENGTH + 1) },
          `message: The message can be at most ${MAX_NOTIFICATION_MESSAGE_LENGTH} characters.`,
        ],
        [{ postId: post.id, title: 'Bell\u0007', message: 'x' }, 'title: The title cannot contain control characters.'],
        [{ postId: 'abc', title: 'x', message: 'x' }, 'postId: id must be a number.'],
        [{ postId: -1, title: 'x', message: 'x' }, 'postId: id must be positive.'],
      ];
      for (const [body, message] of cases) {
        expect(await failure(await sendFor(cookie, body)), JSON.stringify(body)).toEqual({ status: 400, message, isAuthFailed: false });
      }
      expect((await history(cookie)).total).toBe(before);
    });

    it("refuses a post that is not on the public site: hidden, or dated in the future; and another school's post as an unknown one", async () => {
      const hidden = await addPost(ctx(), school, { title: 'Draft news', status: 'draft' });
      expect(await failure(await sendFor(cookie, { postId: hidden.id, title: 'x', message: 'y' }))).toEqual({
        status: 400,
        message: NOTIFICATION_POST_NOT_PUBLIC,
        isAuthFailed: false,
      });
      const future = await addPost(ctx(), school, { title: 'Next term' });
      await ctx()
        .db.updateTable('website_posts')
        .set({ created_at: ctx().clock.now + 86_400 })
        .where('id', '=', future.id)
        .execute();
      expect(await failure(await sendFor(cookie, { postId: future.id, title: 'x', message: 'y' }))).toMatchObject({
        status: 400,
        message: NOTIFICATION_POST_NOT_PUBLIC,
      });

      const other = await signedInUser(ctx(), { website: true, app: true });
      const theirs = await addPost(ctx(), other.school, { title: 'Their news' });
      const unknown = await failure(await sendFor(cookie, { postId: 99_999_999, title: 'x', message: 'y' }));
      expect(await failure(await sendFor(cookie, { postId: theirs.id, title: 'x', message: 'y' }))).toEqual(unknown);
      expect(unknown.status).toBe(404);
      expect((await history(other.cookie)).total).toBe(0);
    });

    it('is refused with a clear message without the Website', async () => {
      const post = await addPost(ctx(), school, { title: 'Gate post' });
      const appOnly = await signedInUser(ctx(), { app: true });
      expect(await failure(await sendFor(appOnly.cookie, { postId: post.id, title: 'x', message: 'y' }))).toEqual({
        status: 400,
        message: NOTIFICATION_NEEDS_WEBSITE,
        isAuthFailed: false,
      });
    });
  });

  describe('GET /api/app/send/notifications', () => {
    it("lists the school's notifications newest first, a page at a time, and none of another school's", async () => {
      const s = await signedInUser(ctx(), { website: true, app: true });
      const other = await signedInUser(ctx(), { website: true, app: true });
      const post = await addPost(ctx(), s.school, { title: 'Newsletter out' });
      const theirs = await addPost(ctx(), other.school, { title: 'Theirs' });
      for (let i = 1; i <= 12; i += 1) {
        expect((await sendFor(s.cookie, { postId: post.id, title: `Note ${i}`, message: 'Read it' })).status).toBe(200);
        ctx().clock.advance(5);
      }
      expect((await sendFor(other.cookie, { postId: theirs.id, title: 'Their note', message: 'x' })).status).toBe(200);

      const first = await history(s.cookie);
      expect(first.total).toBe(12);
      expect(first.total_pages).toBe(2);
      expect(first.notifications.map((n) => n.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Note ${12 - i}`));
      expect(first.notifications[0]).toMatchObject({ postId: post.id, postTitle: 'Newsletter out', devices: 0, delivered: 0, status: 'done' });
      expect((await history(s.cookie, '?page=2')).notifications.map((n) => n.title)).toEqual(['Note 2', 'Note 1']);
      expect((await history(s.cookie, '?page=1&limit=3')).notifications.map((n) => n.title)).toEqual(['Note 12', 'Note 11', 'Note 10']);
      expect((await history(other.cookie)).notifications.map((n) => n.title)).toEqual(['Their note']);
      expect(await failure(await get(ctx().app, `${HISTORY}?limit=500`, { cookie: s.cookie }))).toMatchObject({
        status: 400,
        message: 'limit: limit can be at most 50.',
      });
    });
  });
});
