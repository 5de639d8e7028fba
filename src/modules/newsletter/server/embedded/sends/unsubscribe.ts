import type { Db } from '../../../../../platform/db';
import { sign, verify } from '../../../../../platform/secrets';
import * as repo from './repository';
import { suppress } from '../members/repository';

/**
 * Unsubscribe links: `/unsubscribe/<delivery id>.<signature>` on the portal's origin, the
 * signature an HMAC of the school and the delivery (src/platform/secrets). The link names no
 * address (it ends up in logs and referrers); the delivery row knows whose it is. No sign-in is
 * needed, and unsubscribing twice is the same as once.
 */

const PURPOSE = 'unsubscribe';

/** A test copy's link (`/unsubscribe/test`): it works like a real one for mail providers, and unsubscribes no one. */
export const SAMPLE_UNSUBSCRIBE_TOKEN = 'test';
const TOKEN = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

export async function unsubscribeToken(db: Db, domainId: number, deliveryId: number): Promise<string> {
  return `${deliveryId}.${await sign(db, PURPOSE, [domainId, deliveryId])}`;
}

export function unsubscribeUrl(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/unsubscribe/${token}`;
}

export interface UnsubscribeTarget {
  domainId: number;
  email: string;
  emailKey: string;
}

/** Whose link this is, or null for anything forged, altered or whose delivery is gone. */
export async function readUnsubscribeToken(db: Db, token: string): Promise<UnsubscribeTarget | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const delivery = await repo.findDelivery(db, Number(match[1]));
  if (!delivery) return null;
  if (!(await verify(db, PURPOSE, [delivery.domain_id, delivery.id], match[2]!))) return null;
  return { domainId: delivery.domain_id, email: delivery.email, emailKey: delivery.email_key };
}

/** Unsubscribes the link's recipient from its school's list for good; null when the link is not valid. */
export async function unsubscribe(db: Db, token: string, now: number): Promise<UnsubscribeTarget | null> {
  const target = await readUnsubscribeToken(db, token);
  if (!target) return null;
  await db.transaction().execute((trx) => suppress(trx, target.domainId, target.emailKey, 'unsubscribed', now));
  return target;
}

/** A mail provider's one-click unsubscribe (RFC 8058): a POST whose form says `List-Unsubscribe=One-Click`. */
export function isOneClickUnsubscribe(form: FormData | null): boolean {
  return form?.get('List-Unsubscribe') === 'One-Click';
}

/** The unsubscribe pages' path: open without a sign-in, and its POST is made by mail providers from other sites. */
export function isUnsubscribePath(pathname: string): boolean {
  return /^\/unsubscribe\/[^/]+\/?$/.test(pathname);
}
