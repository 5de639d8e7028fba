import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { storedPath } from '../../../../../platform/media/store';
import { enqueue } from '../../../../../platform/jobs';
import { mailTransportOf, verpTag, type DeliveryResult, type MailAttachment } from '../../../../../platform/mail';
import { isRefusal } from '../../../../../platform/errors';
import type { Runtime } from '../../../../../platform/runtime';
import { recipientMail, schoolList } from './message';
import * as repo from './repository';
import { isSuppressed } from '../members/repository';
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe';

/**
 * The delivery job (`newsletter-deliver`, payload `{ sendId }`): leases the send's due deliveries
 * a batch at a time, sends each through the mail transport (the SMTP pool spreads them over its
 * connections and rate) and records what became of it. It works for a while, then hands over to
 * a new job of the same send, so one big send never holds a worker or a job lease for long.
 *
 * Safe to run twice at once or again after a crash: a delivery is leased before it is sent, and
 * a lease a dead worker left runs out after LEASE_SECONDS, when the row is sent again (so at most
 * the batch in flight at a crash is sent twice).
 */
export const DELIVER_JOB = 'newsletter-deliver';
export const BATCH_SIZE = 50;
export const LEASE_SECONDS = 120;
/** Temporary failures (4xx, a lost connection) are tried this many times in all. */
export const MAX_ATTEMPTS = 5;
const WORK_BUDGET_MS = 20_000;

/** The wait after a delivery's `attempts`-th temporary failure: 1, 2, 4, 8 minutes. */
export function retryDelay(attempts: number): number {
  return 60 * 2 ** Math.max(0, attempts - 1);
}

export function enqueueDelivery(db: Runtime['db'], domainId: number, sendId: number, now: number, runAt = now): Promise<number | undefined> {
  return enqueue(db, { name: DELIVER_JOB, payload: { sendId }, now, runAt, domainId });
}

function outcomeOf(result: DeliveryResult, attempts: number, now: number): Parameters<typeof repo.finishDelivery>[2] {
  if (result.ok) return { status: 'sent', attempts, response: result.response, messageId: result.messageId };
  if (result.permanent || attempts >= MAX_ATTEMPTS) return { status: 'failed', attempts, response: result.response };
  return { status: 'pending', attempts, nextAttemptAt: now + retryDelay(attempts), response: result.response };
}

/** The send's attachment, read once per run (every copy carries the same bytes). */
async function attachmentOf(rt: Runtime, send: repo.SendRow): Promise<MailAttachment | undefined> {
  if (!send.attachment_file) return undefined;
  const content = await readFile(storedPath(rt.config.PORTAL_DATA_DIR, send.domain_id, send.attachment_file));
  return { filename: send.attachment_name ?? send.attachment_file, content, contentType: send.attachment_type ?? 'application/octet-stream' };
}

interface Finished {
  id: number;
  outcome: Parameters<typeof repo.finishDelivery>[2];
  at: number;
}

/**
 * Records a batch's outcomes in one transaction: one commit (one WAL sync on SQLite) per batch
 * instead of one per message. Then passes on the first error of the batch, if any (its row stays
 * leased and goes again once the lease runs out).
 */
async function recordOutcomes(db: Runtime['db'], settled: PromiseSettledResult<Finished>[]): Promise<void> {
  const finished = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  if (finished.length > 0) {
    await db.transaction().execute(async (trx) => {
      for (const f of finished) await repo.finishDelivery(trx, f.id, f.outcome, f.at);
    });
  }
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

export async function deliverSend(rt: Runtime, sendId: number): Promise<void> {
  const { db } = rt;
  const started = performance.now();
  let send = await repo.findSendById(db, sendId);
  if (!send || send.status !== 'sending') return;
  const transport = mailTransportOf(rt);
  const attachment = await attachmentOf(rt, send);
  const list = await schoolList(db, send.domain_id, send.base_url);

  while (send.status === 'sending' && performance.now() - started < WORK_BUDGET_MS) {
    const now = rt.clock();
    const batch = await repo.leaseDueDeliveries(db, sendId, now, now + LEASE_SECONDS, BATCH_SIZE);
    if (batch.length === 0) break;
    const current = send;
    const settled = await Promise.allSettled(
      batch.map(async (row): Promise<Finished> => {
        const attempts = row.attempts + 1;
        if (await isSuppressed(db, current.domain_id, row.email_key)) {
          return { id: row.id, outcome: { status: 'suppressed', attempts: row.attempts, response: 'Unsubscribed before this newsletter reached them.' }, at: rt.clock() };
        }
        const link = unsubscribeUrl(current.base_url, await unsubscribeToken(db, current.domain_id, row.id));
        let result: DeliveryResult;
        try {
          result = await transport.send(recipientMail(current, { ...row, bounceTag: await verpTag(db, row.id) }, link, list, attachment));
        } catch (err) {
          // A name or address that would break a header can never be sent.
          if (!isRefusal(err, 'mail_header')) throw err;
          result = { ok: false, permanent: true, response: err.message };
        }
        return { id: row.id, outcome: outcomeOf(result, attempts, rt.clock()), at: rt.clock() };
      }),
    );
    await recordOutcomes(db, settled);
    // Staff may have paused or cancelled it meanwhile.
    send = (await repo.findSendById(db, sendId)) ?? { ...send, status: 'cancelled' };
  }

  if (send.status !== 'sending') return;
  const now = rt.clock();
  const next = await repo.nextDueAt(db, sendId);
  if (next === null) await repo.setSendStatus(db, sendId, ['sending'], 'done', now);
  else await enqueueDelivery(db, send.domain_id, sendId, now, Math.max(now, next));
}
