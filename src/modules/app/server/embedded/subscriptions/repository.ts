import type { Db } from '../../../../../platform/db';
import '../schema';

/** The public opt-in's SQL: a school's subscriptions (always by its domain id) and the per-address request log. */

/** Adds the device, or takes its new keys when its subscription is already the school's. */
export async function saveSubscription(db: Db, domainId: number, input: { endpoint: string; p256dh: string; auth: string }, now: number): Promise<void> {
  await db
    .insertInto('app_push_subscriptions')
    .values({ domain_id: domainId, endpoint: input.endpoint, p256dh: input.p256dh, auth: input.auth, created_at: now })
    .onConflict((oc) => oc.columns(['domain_id', 'endpoint']).doUpdateSet({ p256dh: input.p256dh, auth: input.auth }))
    .execute();
}

export async function deleteSubscription(db: Db, domainId: number, endpoint: string): Promise<void> {
  await db.deleteFrom('app_push_subscriptions').where('domain_id', '=', domainId).where('endpoint', '=', endpoint).execute();
}

export async function countSubscriptions(db: Db, domainId: number): Promise<number> {
  const row = await db
    .selectFrom('app_push_subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('domain_id', '=', domainId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Subscribe requests made from `ip` since `since`, to any school. */
export async function countRequestsFrom(db: Db, ip: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('app_push_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Logs a request; rows older than the window only ever answer "not limited", so they go. */
export async function recordRequest(db: Db, ip: string, now: number, windowStart: number): Promise<void> {
  await db.insertInto('app_push_requests').values({ ip, at: now }).execute();
  await db.deleteFrom('app_push_requests').where('at', '<=', windowStart).execute();
}
