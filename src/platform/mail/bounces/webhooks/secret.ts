import { createHash, timingSafeEqual } from 'node:crypto';
import type { WebhookRequest } from './types';

/**
 * SNS and Postmark sign nothing: both let the webhook URL carry credentials
 * (`https://user:secret@host/…`), sent as basic auth; a `secret` query parameter works where a
 * dashboard will not take a user-info URL. Either way the secret never appears in a report.
 */
export function carriesSecret(request: WebhookRequest, secret: string): boolean {
  const given = [basicAuthPassword(request.headers.get('authorization')), querySecret(request.url)];
  // Both are compared whatever the first gave, so the time taken says nothing about which one held it.
  return given.map((candidate) => candidate !== null && sameSecret(candidate, secret)).includes(true);
}

function basicAuthPassword(header: string | null): string | null {
  const m = header ? /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header) : null;
  if (!m?.[1]) return null;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  // RFC 7617: the user id has no colon; the password may.
  const colon = decoded.indexOf(':');
  return colon === -1 ? null : decoded.slice(colon + 1);
}

function querySecret(url: string): string | null {
  try {
    return new URL(url, 'http://localhost').searchParams.get('secret');
  } catch {
    return null;
  }
}

/** Hashed first: timingSafeEqual needs equal lengths, and comparing digests hides the secret's length too. */
function sameSecret(given: string, secret: string): boolean {
  const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(secret));
}
