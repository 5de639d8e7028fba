/**
 * True for an address on the domains reserved for examples (RFC 2606: example.org, .com, .net):
 * the configuration's defaults, which a real install replaces. Links to them are not shown.
 */
export function isPlaceholderAddress(url: string): boolean {
  try {
    return /(^|\.)example\.(org|com|net)$/i.test(new URL(url).hostname);
  } catch {
    return true;
  }
}

/** The provider's support-site article for an announcement or changelog slug, or null while the support site is a placeholder. */
export function announcementUrl(supportUrl: string, slug: string): string | null {
  if (!supportUrl || isPlaceholderAddress(supportUrl)) return null;
  return `${supportUrl.replace(/\/+$/, '')}/announcements/${encodeURIComponent(slug)}`;
}

/** Where a signed-out visitor is sent; a local login page learns where to come back to. */
export function loginRedirectUrl(loginUrl: string, next?: string): string {
  if (!next || !loginUrl.startsWith('/') || next === '/' || next === '/home') return loginUrl;
  return `${loginUrl}${loginUrl.includes('?') ? '&' : '?'}next=${encodeURIComponent(next)}`;
}
