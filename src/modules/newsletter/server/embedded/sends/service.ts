import { inTransaction, type RequestContext, type SchoolContext } from '../../../../../platform/context';
import { Refusal } from '../../../../../platform/errors';
import { assertHeaderFields } from '../../../../../platform/mail/message';
import type { ListLocation } from '../../../../../lib/lists/location';
import { NEWSLETTER_PAGE_SIZE, type SendDetail, type SendSummary } from '../../../contract';
import { totalPages } from '../../../../../lib/lists/paging';
import { lockInTransaction } from '../../../../../platform/db';
import { countAudience } from '../members/repository';
import { enqueueDelivery } from './delivery';
import { refuseOverQuota, type QuotaSettings } from './quota';
import * as repo from './repository';
import { bounceCountsOf, bouncesOfSend } from '../bounces/repository';

/**
 * Sending a newsletter to a school's list: the send and its audience are written together with
 * the delivery job (one transaction: a send is never half-made, and never made without its job),
 * then staff can follow it, pause, resume or cancel it.
 */

export interface NewsletterContent {
  fromName: string;
  subject: string;
  html: string;
  text: string;
  /** Where replies go (Reply-To); none: to the From address. */
  replyTo?: string | undefined;
  /** A stored upload of the school that every copy carries. */
  attachment?: { file: string; name: string; type: string };
}


/** Where a send's links point (the portal's configured address) and the school's daily quota settings. */
export interface SendPlace {
  portalOrigin: string;
  quota: QuotaSettings;
}

/**
 * Refuses, before anything is stored (an attachment, say), a send the school's daily quota has no
 * room for now; `startSend` checks again, in its transaction.
 */
export async function checkSendQuota(ctx: RequestContext, quota: QuotaSettings): Promise<void> {
  await refuseOverQuota(ctx, quota, await countAudience(ctx.db, ctx.domain.id));
}

/** Starts a send to every subscribed member, within the school's daily quota (refused whole beyond it, nothing written). */
export async function startSend(ctx: RequestContext, content: NewsletterContent, place: SendPlace): Promise<{ id: number; total: number }> {
  assertHeaderFields([
    ['from', content.fromName],
    ['subject', content.subject],
    ['reply-to', content.replyTo],
  ]);
  return inTransaction(ctx, async (trx) => {
    // Two sends of the school at once take turns: the second sees the first's deliveries.
    await lockInTransaction(trx.db, `newsletter-send-quota:${trx.domain.id}`);
    await refuseOverQuota(trx, place.quota, await countAudience(trx.db, trx.domain.id));
    const send = await repo.insertSendWithAudience(trx.db, trx.domain.id, { userId: ctx.user.id, ...content, baseUrl: place.portalOrigin, now: ctx.now });
    if (send.total > 0) await enqueueDelivery(trx.db, trx.domain.id, send.id, ctx.now);
    else await repo.setSendStatus(trx.db, send.id, ['sending'], 'done', ctx.now);
    return send;
  });
}

async function sendOf(ctx: SchoolContext, id: number): Promise<repo.SendRow> {
  const send = await repo.findSend(ctx.db, ctx.domain.id, id);
  if (!send) throw new Refusal(404, 'not_found', 'This newsletter was not found.');
  return send;
}

const NO_BOUNCES: SendSummary['bounces'] = { bounced: 0, complained: 0 };

function toSummary(send: repo.SendRow, counts: SendSummary['counts'], bounces: SendSummary['bounces'] = NO_BOUNCES): SendSummary {
  return { id: send.id, subject: send.subject, from: send.from_name, status: send.status, total: send.total, counts, bounces, created_at: send.created_at, finished_at: send.finished_at };
}

export async function sendProgress(ctx: SchoolContext, id: number): Promise<SendSummary> {
  const send = await sendOf(ctx, id);
  const [counts, bounces] = await Promise.all([repo.countDeliveries(ctx.db, id), bounceCountsOf(ctx.db, [id])]);
  return toSummary(send, counts, bounces.get(id));
}

/** Sent newsletters' list: newest first, with each send's progress (two queries and a count). */
export async function listSends(ctx: SchoolContext, location: ListLocation): Promise<{ sends: SendSummary[]; total_pages: number; total: number }> {
  const [total, rows] = await Promise.all([
    repo.countSends(ctx.db, ctx.domain.id),
    repo.listSendsPage(ctx.db, ctx.domain.id, (location.page - 1) * NEWSLETTER_PAGE_SIZE, NEWSLETTER_PAGE_SIZE),
  ]);
  const ids = rows.map((r) => r.id);
  const [counts, bounces] = await Promise.all([repo.countDeliveriesOf(ctx.db, ids), bounceCountsOf(ctx.db, ids)]);
  return { sends: rows.map((row) => toSummary(row, counts.get(row.id)!, bounces.get(row.id))), total_pages: totalPages(total, NEWSLETTER_PAGE_SIZE), total };
}

/** The most failed addresses a send's page lists. */
export const MAX_LISTED_FAILURES = 500;

/** One send: its progress, its message as composed, and the failed addresses with the server's answers. */
export async function sendDetail(ctx: SchoolContext, id: number): Promise<Omit<SendDetail, 'success' | 'isAuthFailed' | 'outbox'>> {
  return detailOf(ctx, await sendOf(ctx, id));
}

async function detailOf(ctx: SchoolContext, send: repo.SendRow): Promise<Omit<SendDetail, 'success' | 'isAuthFailed' | 'outbox'>> {
  const id = send.id;
  const [counts, failures, bounceCounts, bounces] = await Promise.all([
    repo.countDeliveries(ctx.db, id),
    repo.failedDeliveries(ctx.db, id, MAX_LISTED_FAILURES),
    bounceCountsOf(ctx.db, [id]),
    bouncesOfSend(ctx.db, id, MAX_LISTED_FAILURES),
  ]);
  return { send: { ...toSummary(send, counts, bounceCounts.get(id)), html: send.html, text: send.text, attachment: send.attachment_name }, failures, bounces };
}

export async function pauseSend(ctx: SchoolContext, id: number): Promise<SendSummary> {
  await sendOf(ctx, id);
  if (!(await repo.setSendStatus(ctx.db, id, ['sending'], 'paused', ctx.now))) throw new Refusal(409, 'conflict', 'Only a newsletter that is sending can be paused.');
  return sendProgress(ctx, id);
}

export async function resumeSend(ctx: SchoolContext, id: number): Promise<SendSummary> {
  await sendOf(ctx, id);
  await inTransaction(ctx, async (trx) => {
    if (!(await repo.setSendStatus(trx.db, id, ['paused'], 'sending', ctx.now))) throw new Refusal(409, 'conflict', 'Only a paused newsletter can be resumed.');
    await enqueueDelivery(trx.db, trx.domain.id, id, ctx.now);
  });
  return sendProgress(ctx, id);
}

export async function cancelSend(ctx: SchoolContext, id: number): Promise<SendSummary> {
  await sendOf(ctx, id);
  await inTransaction(ctx, async (trx) => {
    if (!(await repo.setSendStatus(trx.db, id, ['sending', 'paused'], 'cancelled', ctx.now))) throw new Refusal(409, 'conflict', 'This newsletter has already finished.');
    await repo.cancelPendingDeliveries(trx.db, id, ctx.now);
  });
  return sendProgress(ctx, id);
}
