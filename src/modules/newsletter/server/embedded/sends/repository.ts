import { sql } from 'kysely';
import type { Db } from '../../../../../platform/db';
import type { Selectable } from 'kysely';
import type { DeliveryStatus, NewsletterSendTable, SendStatus } from '../schema';
import '../schema';
import { audienceOf } from '../members/repository';

/**
 * All SQL of newsletter sends and their deliveries, scoped by the school's domain id, except
 * what the delivery job reads by the send's id (the job serves every school). Portable SQL only.
 */

/** A send as the services see it (who made it stays in the table). */
export type SendRow = Omit<Selectable<NewsletterSendTable>, 'user_id'>;

const SEND_COLUMNS = [
  'id',
  'domain_id',
  'from_name',
  'subject',
  'html',
  'text',
  'base_url',
  'reply_to',
  'attachment_file',
  'attachment_name',
  'attachment_type',
  'status',
  'total',
  'created_at',
  'finished_at',
] as const;

function toSend(row: SendRow): SendRow {
  return {
    ...row,
    id: Number(row.id),
    domain_id: Number(row.domain_id),
    total: Number(row.total),
    created_at: Number(row.created_at),
    finished_at: row.finished_at === null ? null : Number(row.finished_at),
  };
}

export interface NewSend {
  userId: number | null;
  fromName: string;
  subject: string;
  html: string;
  text: string;
  baseUrl: string;
  replyTo?: string | undefined;
  attachment?: { file: string; name: string; type: string } | undefined;
  now: number;
}

/**
 * The send and its audience in one go (call it in a transaction): one pending delivery per
 * subscribed member not on the suppression list. Returns the send's id and its audience size.
 */
export async function insertSendWithAudience(db: Db, domainId: number, send: NewSend): Promise<{ id: number; total: number }> {
  const row = await db
    .insertInto('newsletter_sends')
    .values({
      domain_id: domainId,
      user_id: send.userId,
      from_name: send.fromName,
      subject: send.subject,
      html: send.html,
      text: send.text,
      base_url: send.baseUrl,
      reply_to: send.replyTo ?? null,
      attachment_file: send.attachment?.file ?? null,
      attachment_name: send.attachment?.name ?? null,
      attachment_type: send.attachment?.type ?? null,
      status: 'sending',
      total: 0,
      created_at: send.now,
      finished_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  // INSERT … SELECT: 20,000 members are one statement, not 20,000.
  await db
    .insertInto('newsletter_deliveries')
    .columns(['send_id', 'domain_id', 'email', 'email_key', 'name', 'status', 'next_attempt_at', 'updated_at'])
    .expression(
      audienceOf(db, domainId).select([
        sql.lit(id).as('send_id'),
        'm.domain_id',
        'm.email',
        'm.email_key',
        'm.name',
        sql.lit('pending').as('status'),
        sql.lit(send.now).as('next_attempt_at'),
        sql.lit(send.now).as('updated_at'),
      ]),
    )
    .execute();
  const counted = await db.selectFrom('newsletter_deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('send_id', '=', id).executeTakeFirstOrThrow();
  const total = Number(counted.n);
  await db.updateTable('newsletter_sends').set({ total }).where('id', '=', id).execute();
  return { id, total };
}

/** The reply-to address of the school's latest send that had one: the send forms start with it. */
export async function lastReplyTo(db: Db, domainId: number): Promise<string | null> {
  const row = await db
    .selectFrom('newsletter_sends')
    .select('reply_to')
    .where('domain_id', '=', domainId)
    .where('reply_to', 'is not', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.reply_to ?? null;
}

/** A send by id alone: for the delivery job, which serves every school. */
export async function findSendById(db: Db, id: number): Promise<SendRow | undefined> {
  const row = await db.selectFrom('newsletter_sends').select(SEND_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toSend(row) : undefined;
}

export async function findSend(db: Db, domainId: number, id: number): Promise<SendRow | undefined> {
  const row = await db.selectFrom('newsletter_sends').select(SEND_COLUMNS).where('domain_id', '=', domainId).where('id', '=', id).executeTakeFirst();
  return row ? toSend(row) : undefined;
}

/** Moves a send from one of `from` to `to`; false when it was in none of them (someone else moved it first). */
export async function setSendStatus(db: Db, id: number, from: readonly SendStatus[], to: SendStatus, now: number): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_sends')
    .set({ status: to, finished_at: to === 'done' || to === 'cancelled' ? now : null })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface DeliveryRow {
  id: number;
  email: string;
  email_key: string;
  name: string;
  attempts: number;
}

/**
 * Leases up to `limit` due pending deliveries of a send (pending, due, not leased by a live
 * worker), oldest first, until `leaseUntil`. The lease is checked again by the UPDATE itself, so
 * two workers never lease one row (on PostgreSQL the second sees the first's committed lease).
 */
export async function leaseDueDeliveries(db: Db, sendId: number, now: number, leaseUntil: number, limit: number): Promise<DeliveryRow[]> {
  const rows = await db
    .updateTable('newsletter_deliveries')
    .set({ lease_until: leaseUntil })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('newsletter_deliveries')
        .select('id')
        .where('send_id', '=', sendId)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<=', now)]))
        .orderBy('id')
        .limit(limit),
    )
    .where('status', '=', 'pending')
    .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<=', now)]))
    .returning(['id', 'email', 'email_key', 'name', 'attempts'])
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), attempts: Number(r.attempts) })).sort((a, b) => a.id - b.id);
}

/** Records a delivery's outcome and releases its lease. */
export async function finishDelivery(
  db: Db,
  id: number,
  outcome: { status: DeliveryStatus; attempts: number; nextAttemptAt?: number; response: string | null; messageId?: string | null },
  now: number,
): Promise<void> {
  await db
    .updateTable('newsletter_deliveries')
    .set({
      status: outcome.status,
      attempts: outcome.attempts,
      ...(outcome.nextAttemptAt === undefined ? {} : { next_attempt_at: outcome.nextAttemptAt }),
      lease_until: null,
      response: outcome.response,
      ...(outcome.messageId === undefined ? {} : { message_id: outcome.messageId }),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/** The earliest time a pending delivery of the send may go (now when one is due), or null when none is pending. */
export async function nextDueAt(db: Db, sendId: number): Promise<number | null> {
  const row = await db
    .selectFrom('newsletter_deliveries')
    .select((eb) => eb.fn.min<number>(eb.fn.coalesce('lease_until', 'next_attempt_at')).as('at'))
    .where('send_id', '=', sendId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

/** Cancels every pending delivery of a send. */
export async function cancelPendingDeliveries(db: Db, sendId: number, now: number): Promise<void> {
  await db.updateTable('newsletter_deliveries').set({ status: 'cancelled', lease_until: null, updated_at: now }).where('send_id', '=', sendId).where('status', '=', 'pending').execute();
}

/** How many deliveries of the send are in each state. */
export async function countDeliveries(db: Db, sendId: number): Promise<Record<DeliveryStatus, number>> {
  const rows = await db
    .selectFrom('newsletter_deliveries')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('send_id', '=', sendId)
    .groupBy('status')
    .execute();
  const counts: Record<DeliveryStatus, number> = { pending: 0, sent: 0, failed: 0, suppressed: 0, cancelled: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}


export async function findDelivery(db: Db, id: number): Promise<{ id: number; domain_id: number; email: string; email_key: string } | undefined> {
  const row = await db.selectFrom('newsletter_deliveries').select(['id', 'domain_id', 'email', 'email_key']).where('id', '=', id).executeTakeFirst();
  return row ? { ...row, id: Number(row.id), domain_id: Number(row.domain_id) } : undefined;
}

/** A page of the school's sends, newest first. */
export async function listSendsPage(db: Db, domainId: number, offset: number, limit: number): Promise<SendRow[]> {
  const rows = await db.selectFrom('newsletter_sends').select(SEND_COLUMNS).where('domain_id', '=', domainId).orderBy('id', 'desc').limit(limit).offset(offset).execute();
  return rows.map(toSend);
}

export async function countSends(db: Db, domainId: number): Promise<number> {
  const row = await db.selectFrom('newsletter_sends').select((eb) => eb.fn.countAll<number>().as('n')).where('domain_id', '=', domainId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The delivery counts of several sends in one query. */
export async function countDeliveriesOf(db: Db, sendIds: readonly number[]): Promise<Map<number, Record<DeliveryStatus, number>>> {
  const counts = new Map<number, Record<DeliveryStatus, number>>(sendIds.map((id) => [id, { pending: 0, sent: 0, failed: 0, suppressed: 0, cancelled: 0 }]));
  if (sendIds.length === 0) return counts;
  const rows = await db
    .selectFrom('newsletter_deliveries')
    .select(['send_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('send_id', 'in', [...sendIds])
    .groupBy(['send_id', 'status'])
    .execute();
  for (const row of rows) {
    const entry = counts.get(Number(row.send_id));
    if (entry) entry[row.status] = Number(row.n);
  }
  return counts;
}

/** The failed deliveries of a send, oldest first, with the mail server's answers. */
export async function failedDeliveries(db: Db, sendId: number, limit: number): Promise<{ email: string; response: string }[]> {
  const rows = await db
    .selectFrom('newsletter_deliveries')
    .select(['email', 'response'])
    .where('send_id', '=', sendId)
    .where('status', '=', 'failed')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ email: r.email, response: r.response ?? '' }));
}

// The deliveries that went out (they recorded a Message-ID): what a send left in the outbox.

function delivered(db: Db, domainId: number, sendId: number) {
  return db.selectFrom('newsletter_deliveries').where('domain_id', '=', domainId).where('send_id', '=', sendId).where('message_id', 'is not', null);
}

export async function countDelivered(db: Db, domainId: number, sendId: number): Promise<number> {
  const row = await delivered(db, domainId, sendId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deliveredPage(db: Db, domainId: number, sendId: number, offset: number, limit: number): Promise<{ email: string; name: string; message_id: string }[]> {
  const rows = await delivered(db, domainId, sendId).select(['email', 'name', 'message_id']).orderBy('id').limit(limit).offset(offset).execute();
  return rows.map((row) => ({ email: row.email, name: row.name, message_id: row.message_id ?? '' }));
}

/** The school's send whose delivery recorded this Message-ID, or null. */
export async function sendThatDelivered(db: Db, domainId: number, messageId: string): Promise<number | null> {
  const row = await db.selectFrom('newsletter_deliveries').select('send_id').where('domain_id', '=', domainId).where('message_id', '=', messageId).limit(1).executeTakeFirst();
  return row ? Number(row.send_id) : null;
}

/**
 * The school's sends made after `since`, oldest first, each with the recipients it counts for the
 * daily quota: every delivery but the cancelled ones (a send cancelled early gives the rest back).
 */
export async function recentSendSizes(db: Db, domainId: number, since: number): Promise<Array<{ createdAt: number; recipients: number }>> {
  const rows = await db
    .selectFrom('newsletter_sends as s')
    .innerJoin('newsletter_deliveries as d', 'd.send_id', 's.id')
    .select(['s.id', 's.created_at', (eb) => eb.fn.countAll<number>().as('n')])
    .where('s.domain_id', '=', domainId)
    .where('s.created_at', '>', since)
    .where('d.status', '<>', 'cancelled')
    .groupBy(['s.id', 's.created_at'])
    .orderBy('s.created_at')
    .orderBy('s.id')
    .execute();
  return rows.map((row) => ({ createdAt: Number(row.created_at), recipients: Number(row.n) }));
}

/** The school's own daily quota, when the operator set one. */
export async function findSendQuota(db: Db, domainId: number): Promise<number | undefined> {
  const row = await db.selectFrom('newsletter_send_quotas').select('daily_limit').where('domain_id', '=', domainId).executeTakeFirst();
  return row ? Number(row.daily_limit) : undefined;
}

export async function setSendQuota(db: Db, domainId: number, dailyLimit: number, now: number): Promise<void> {
  await db
    .insertInto('newsletter_send_quotas')
    .values({ domain_id: domainId, daily_limit: dailyLimit, updated_at: now })
    .onConflict((oc) => oc.column('domain_id').doUpdateSet({ daily_limit: dailyLimit, updated_at: now }))
    .execute();
}

/** Back to the configuration's default. */
export async function clearSendQuota(db: Db, domainId: number): Promise<void> {
  await db.deleteFrom('newsletter_send_quotas').where('domain_id', '=', domainId).execute();
}
