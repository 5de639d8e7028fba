import type { Db } from '../../../../../platform/db';
import { sign, verify } from '../../../../../platform/secrets';

/**
 * Preview links: `/sites/<label>/preview/<id>.<expires>.<signature>`, the signature an HMAC-SHA256
 * of the school, the preview row and the expiry, keyed by the server's 'preview' key
 * (src/platform/secrets: kept in the database, so every instance on it signs alike). A link cannot
 * be made for another preview, another
 * school or a later expiry without the key; the content stays in the database, so the address
 * stays short.
 */

const PREVIEW_PATH = /^\/sites\/[^/]+\/preview\/[^/]+\/?$/;

/** A preview page's path: never kept by the public page cache (each is one person's unsaved work, and it expires). */
export function isSitePreviewPath(pathname: string): boolean {
  return PREVIEW_PATH.test(pathname);
}

export function previewPath(label: string, token: string): string {
  return `/sites/${label}/preview/${token}`;
}

export async function signPreviewToken(db: Db, domainId: number, previewId: number, expiresAt: number): Promise<string> {
  return `${previewId}.${expiresAt}.${await sign(db, 'preview', [domainId, previewId, expiresAt])}`;
}

const TOKEN = /^(\d{1,15})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

/** The preview row and expiry a token signs for this school; null for anything forged, altered or another school's. */
export async function verifyPreviewToken(db: Db, domainId: number, token: string): Promise<{ previewId: number; expiresAt: number } | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const previewId = Number(match[1]);
  const expiresAt = Number(match[2]);
  return (await verify(db, 'preview', [domainId, previewId, expiresAt], match[3] ?? '')) ? { previewId, expiresAt } : null;
}
