import type { AppPost, Notification, SendNotificationRequest } from '../../../contract';
import type { Post, PostsQuery } from '../../../../website';
import { cutText, MAX_NOTIFICATION_MESSAGE_LENGTH, NOTIFICATION_NEEDS_WEBSITE, NOTIFICATION_POST_NOT_PUBLIC } from '../../../rules';
import { totalPages } from '../../../../../lib/lists/paging';
import { inTransaction, type RequestContext, type SchoolContext } from '../../../../../platform/context';
import { Refusal } from '../../../../../platform/errors';
import { findSchoolById } from '../../../../account/server';
import { excerptOf, getPost, listPosts } from '../../../../website/server';
import { enqueuePushSend, PUSH_SEND_JOB } from '../push/deliver';
import * as repo from './repository';

/**
 * App > Send Notification: the website's posts (the same list, paging and search as Manage
 * Posts, through the website's service), a notification that opens one of them, and the history
 * of what was sent. Sending records the notification and its audience and enqueues the push job
 * in one transaction: the job pushes it to the devices (../push/deliver.ts).
 */

/** The excerpt breaks words at every tag ('on <b>Friday</b>.' reads 'on Friday .'): a message reads as a sentence. */
function tidy(excerpt: string): string {
  return excerpt.replace(/\s+([.,;:!?…)])/g, '$1').replace(/([(])\s+/g, '$1');
}

/** A post as /app/send lists it: no content, and its excerpt as the message the send dialog starts from. */
function toAppPost(post: Post): AppPost {
  return {
    id: post.id,
    post_title: post.post_title,
    post_category: post.post_category,
    post_date: post.post_date,
    post_status: post.post_status,
    post_url: post.post_url,
    ...(post.locked === undefined ? {} : { locked: post.locked }),
    excerpt: cutText(tidy(excerptOf(post.post_content, 30)), MAX_NOTIFICATION_MESSAGE_LENGTH),
  };
}

/** GET /api/app/send/posts: a page of the website's posts (the posts call's query), each with its excerpt. */
export async function listSendPosts(ctx: SchoolContext, query: PostsQuery): Promise<{ posts: AppPost[]; total_pages: number; total: number }> {
  const list = await listPosts(ctx, query);
  return { posts: list.posts.map(toAppPost), total_pages: list.total_pages, total: list.total };
}

function toNotification(row: repo.NotificationRow): Notification {
  return {
    id: row.id,
    sentAt: row.created_at,
    title: row.title,
    message: row.message,
    postId: row.post_id,
    postTitle: row.post_title,
    url: row.url,
    devices: row.devices,
    delivered: row.delivered,
    status: row.status,
  };
}

/** GET /api/app/send/notifications: a page of the school's sent notifications, newest first. */
export async function listSentNotifications(
  ctx: SchoolContext,
  query: { page: number; limit: number },
): Promise<{ notifications: Notification[]; total_pages: number; total: number }> {
  const [total, rows] = await Promise.all([
    repo.countNotifications(ctx.db, ctx.domain.id),
    repo.listNotifications(ctx.db, ctx.domain.id, { offset: (query.page - 1) * query.limit, limit: query.limit }),
  ]);
  return { notifications: rows.map(toNotification), total_pages: totalPages(total, query.limit), total };
}

/** Whether the school has a website: notifications open its posts. */
export async function hasWebsite(ctx: SchoolContext): Promise<boolean> {
  return (await findSchoolById(ctx.db, ctx.domain.id))?.products.website ?? false;
}

/**
 * POST /api/app/send/notification: a notification that opens the post (its public address on
 * `siteOrigin`), to every device subscribed on the school's site now. The post must be the
 * school's (another school's is a 404, as an unknown one) and on the public site.
 */
export async function sendNotification(ctx: RequestContext, input: SendNotificationRequest, siteOrigin: string): Promise<Notification> {
  if (!(await hasWebsite(ctx))) throw new Refusal(400, 'no_website', NOTIFICATION_NEEDS_WEBSITE);
  const post = await getPost(ctx, input.postId);
  // Hidden posts, and published ones dated in the future ('Scheduled'), are not on the site yet.
  if (post.post_status !== 'publish' || Date.parse(post.post_date) > ctx.now * 1000) throw new Refusal(400, 'post_not_public', NOTIFICATION_POST_NOT_PUBLIC);
  return inTransaction(ctx, async (trx) => {
    const row = await repo.insertNotification(trx.db, trx.domain.id, {
      postId: post.id,
      postTitle: post.post_title,
      url: `${siteOrigin}${post.post_url}`,
      title: input.title,
      message: input.message,
      userId: trx.user.id,
      now: trx.now,
    });
    if (row.status === 'sending') await enqueuePushSend(trx.db, trx.domain.id, row.id, trx.now, trx.now, `${PUSH_SEND_JOB}:${row.id}`);
    return toNotification(row);
  });
}
