import { inTransaction, type RequestContext, type SchoolContext } from '../../context';
import { Refusal } from '../../errors';
import { assertHeaderFields, MailHeaderError } from '../../mail/message';
import type { ListLocation } from '../../../lib/lists';
import { NEWSLETTER_PAGE_SIZE, type SendDetail, type SendSummary } from '../../../contracts/newsletter';
import { totalPages } from '../../../contracts/website-rules';
import { enqueueDelivery } from './delivery';
import * as repo from './repository';

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
  /** A stored upload of the school that every copy carries. */
  attachment?: { file: string; name: string; type: string };
}


/** Starts a send to every subscribed member; `baseUrl` is the portal's origin (its links point there). */
export async function startSend(ctx: RequestContext, content: NewsletterContent, baseUrl: string): Promise<{ id: number; total: number }> {
  try {
    assertHeaderFields([
      ['from', content.fromName],
      ['subject', content.subject],
    ]);
  } catch (err) {
    if (err instanceof MailHeaderError) throw new Refusal(400, err.message);
    throw err;
  }
  return inTransaction(ctx, async (trx) => {
    const send = await repo.insertSendWithAudience(trx.db, trx.domain.id, { userId: ctx.user.id, ...content, baseUrl, now: ctx.now });
    if (send.total > 0) await enqueueDelivery(trx.db, send.id, ctx.now);
    else await repo.setSendStatus(trx.db, send.id, ['sending'], 'done', ctx.now);
    return send;
  });
}

async function sendOf(ctx: SchoolContext, id: number): Promise<repo.SendRow> {
  const send = await repo.findSend(ctx.db, ctx.domain.id, id);
  if (!send) throw new Refusal(404, 'This newsletter was not found.');
  return send;
}

function toSummary(send: repo.SendRow, counts: SendSummary['counts']): SendSummary {
  return { id: send.id, subject: send.subject, from: send.from_name, status: send.status, total: send.total, counts, created_at: send.created_at, finished_at: send.finished_at };
}

export async function sendProgress(ctx: SchoolContext, id: number): Promise<SendSummary> {
  const send = await sendOf(ctx, id);
  return toSummary(send, await repo.countDeliveries(ctx.db, id));
}

/** Sent newsletters' list: newest first, with each send's progress (two queries and a count). */
export async function listSends(ctx: SchoolContext, location: ListLocation): Promise<{ sends: SendSummary[]; total_pages: number; total: number }> {
  const [total, rows] = await Promise.all([
    repo.countSends(ctx.db, ctx.domain.id),
    repo.listSendsPage(ctx.db, ctx.domain.id, (location.page - 1) * NEWSLETTER_PAGE_SIZE, NEWSLETTER_PAGE_SIZE),
  ]);
  const counts = await repo.countDeliveriesOf(ctx.db, rows.map((r) => r.id));
  return { sends: rows.map((row) => toSummary(row, counts.get(row.id)!)), total_pages: totalPages(total, NEWSLETTER_PAGE_SIZE), total };
}

/** The most failed addresses a send's page lists. */
export const MAX_LISTED_FAILURES = 500;

/** One send: its progress, its message as composed, and the failed addresses with the server's answers. */
export async function sendDetail(ctx: SchoolContext, id: number): Promise<Omit<SendDetail, 'success' | 'isAuthFailed' | 'outbox'>> {
  return detailOf(ctx, await sendOf(ctx, id));
}

async function detailOf(ctx: SchoolContext, send: repo.SendRow): Promise<Omit<SendDetail, 'success' | 'isAuthFailed' | 'outbox'>> {
  const id = send.id;
  const [counts, failures] = await Promise.all([repo.countDeliveries(ctx.db, id), repo.failedDeliveries(ctx.db, id, MAX_LISTED_FAILURES)]);
  return { send: { ...toSummary(send, counts), html: send.html, text: send.text, attachment: send.attachment_name }, failures };
}

export async function pauseSend(ctx: SchoolContext, id: number): Promise<SendSummary> {
  await sendOf(ctx, id);
  if (!(await repo.setSendStatus(ctx.db, id, ['sending'], 'paused', ctx.now))) throw new Refusal(409, 'Only a newsletter that is sending can be paused.');
  return sendProgress(ctx, id);
}

export async function resumeSend(ctx: SchoolContext, id: number): Promise<SendSummary> {
  await sendOf(ctx, id);
  await inTransaction(ctx, async (trx) => {
    if (!(await repo.setSendStatus(trx.db, id, ['paused'], 'sending', ctx.now))) throw new Refusal(409, 'Only a paused newsletter can be resumed.');
    await enqueueDelivery(trx.db, id, ctx.now);
  });
  return sendProgress(ctx, id);
}

export async function cancelSend(ctx: SchoolContext, id: number): Promise<SendSummary> {
  await sendOf(ctx, id);
  await inTransaction(ctx, async (trx) => {
    if (!(await repo.setSendStatus(trx.db, id, ['sending', 'paused'], 'cancelled', ctx.now))) throw new Refusal(409, 'This newsletter has already finished.');
    await repo.cancelPendingDeliveries(trx.db, id, ctx.now);
  });
  return sendProgress(ctx, id);
}

/** sendDetail for a page: null instead of a refusal when the id names no send of the school. */
export async function findSendDetail(ctx: SchoolContext, id: number): Promise<Awaited<ReturnType<typeof sendDetail>> | null> {
  const send = await repo.findSend(ctx.db, ctx.domain.id, id);
  return send ? detailOf(ctx, send) : null;
}
