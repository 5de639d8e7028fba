import type { Db } from '../../../../../platform/db';
import { findSchoolByLabel } from '../../../../account/server';
import { zodMessage } from '../../../../../platform/http/middleware';
import { pushSubscriptionSchema, pushUnsubscribeSchema } from '../../../contract';
import { isAllowedPushEndpoint } from '../push/services';
import * as repo from './repository';

/**
 * The opt-in of a school's public site: a visitor's browser, once they allowed notifications,
 * posts its push subscription here; it is kept for that school only. Anyone may call it, so
 * everything is checked: the subscription's shape and keys, the push service (only one the
 * server may post to, see ../push/services.ts), a rate limit per client address (across
 * schools) and a ceiling per school.
 */

/** Subscribe requests one client address may make in `REQUEST_WINDOW_SECONDS`, to any school (a family's devices behind one router). */
export const SUBSCRIBES_PER_IP = 20;
export const REQUEST_WINDOW_SECONDS = 60 * 60;
/** Devices one school's site may have subscribed. */
export const MAX_SUBSCRIPTIONS_PER_SCHOOL = 250_000;
const MAX_IP_LENGTH = 64;

export const SUBSCRIBE_LIMITED = 'Too many requests from your network. Please try again in an hour.';
export const SUBSCRIBE_FULL = 'This site cannot take more subscriptions at the moment.';
export const PUSH_SERVICE_REFUSED = 'Notifications from this site cannot be sent through that push service.';

/** A school whose public site offers notifications. */
export interface AppSite {
  id: number;
  label: string;
  name: string;
}

/** The school of `label` when its public site offers notifications: it has the website (the site) and the app; else null (a 404). */
export async function findAppSite(db: Db, label: string): Promise<AppSite | null> {
  const school = await findSchoolByLabel(db, label);
  return school && school.products.website && school.products.app ? { id: school.id, label: school.label, name: school.name } : null;
}

export type OptInOutcome = { ok: true } | { ok: false; status: 400 | 429; message: string };

export interface OptInOptions {
  /** The client's address (the rate limit's key). */
  ip: string;
  /** PORTAL_PUSH_SERVICES: push services allowed besides the browsers' own. */
  extraPushServices?: readonly string[] | undefined;
  now: number;
}

/** Keeps the subscription `body` for the school (a device already subscribed gets its new keys). */
export async function subscribe(db: Db, site: AppSite, body: unknown, options: OptInOptions): Promise<OptInOutcome> {
  const parsed = pushSubscriptionSchema.safeParse(body);
  if (!parsed.success) return { ok: false, status: 400, message: zodMessage(parsed.error) };
  const { endpoint, keys } = parsed.data;
  if (!isAllowedPushEndpoint(endpoint, options.extraPushServices)) return { ok: false, status: 400, message: PUSH_SERVICE_REFUSED };
  const ip = options.ip.slice(0, MAX_IP_LENGTH);
  const { now } = options;
  return db.transaction().execute(async (trx): Promise<OptInOutcome> => {
    const windowStart = now - REQUEST_WINDOW_SECONDS;
    if ((await repo.countRequestsFrom(trx, ip, windowStart)) >= SUBSCRIBES_PER_IP) return { ok: false, status: 429, message: SUBSCRIBE_LIMITED };
    await repo.recordRequest(trx, ip, now, windowStart);
    if ((await repo.countSubscriptions(trx, site.id)) >= MAX_SUBSCRIPTIONS_PER_SCHOOL) return { ok: false, status: 429, message: SUBSCRIBE_FULL };
    await repo.saveSubscription(trx, site.id, { endpoint, p256dh: keys.p256dh, auth: keys.auth }, now);
    return { ok: true };
  });
}

/** Forgets the device's subscription (the visitor turned notifications off). The same answer whether or not it was kept. */
export async function unsubscribe(db: Db, site: AppSite, body: unknown): Promise<OptInOutcome> {
  const parsed = pushUnsubscribeSchema.safeParse(body);
  if (!parsed.success) return { ok: false, status: 400, message: zodMessage(parsed.error) };
  await repo.deleteSubscription(db, site.id, parsed.data.endpoint);
  return { ok: true };
}
