/** The provider's support-site article for an announcement or changelog slug. */
export function announcementUrl(supportUrl: string, slug: string): string {
  return `${supportUrl.replace(/\/+$/, '')}/announcements/${encodeURIComponent(slug)}`;
}

/** Where a signed-out visitor is sent; a local login page learns where to come back to. */
export function loginRedirectUrl(loginUrl: string, next?: string): string {
  if (!next || !loginUrl.startsWith('/') || next === '/' || next === '/home') return loginUrl;
  return `${loginUrl}${loginUrl.includes('?') ? '&' : '?'}next=${encodeURIComponent(next)}`;
}
