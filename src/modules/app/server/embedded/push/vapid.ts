import webpush from 'web-push';
import type { Config } from '../../../../../platform/config';
import type { Db } from '../../../../../platform/db';
import { storedSecret } from '../../../../../platform/secrets';

/**
 * The server's VAPID key pair (RFC 8292): push services accept a message only when it is signed
 * with the private key whose public half the browser subscribed with. Made on first use and kept
 * with the server's other secrets (`server_secrets`, in the data folder's database by default),
 * so every instance signs alike and a restart keeps every subscription working.
 */
const SECRET = 'app-vapid-keys';
// Both halves are base64url: a dot cannot be in either.
const STORED = /^([A-Za-z0-9_-]{87})\.([A-Za-z0-9_-]{43})$/;

export interface VapidKeys {
  /** The uncompressed P-256 public key, base64url: what `PushManager.subscribe` takes as its applicationServerKey. */
  publicKey: string;
  privateKey: string;
}

export async function vapidKeys(db: Db): Promise<VapidKeys> {
  const stored = await storedSecret(db, SECRET, () => {
    const keys = webpush.generateVAPIDKeys();
    return `${keys.publicKey}.${keys.privateKey}`;
  });
  const match = STORED.exec(stored);
  if (!match?.[1] || !match[2]) throw new Error(`The stored ${SECRET} secret is not a key pair.`);
  return { publicKey: match[1], privateKey: match[2] };
}

/**
 * Who push services may contact about our messages (the VAPID `sub` claim, a mailto: or https:
 * address): the portal's mail sender when there is one, else the provider's site.
 */
export function vapidSubject(config: Pick<Config, 'PORTAL_MAIL_FROM' | 'PORTAL_PROVIDER_URL'>): string {
  if (config.PORTAL_MAIL_FROM) return `mailto:${config.PORTAL_MAIL_FROM}`;
  const provider = new URL(config.PORTAL_PROVIDER_URL);
  return provider.protocol === 'https:' ? provider.origin : `mailto:postmaster@${provider.hostname}`;
}
