/** What both backends' page middleware answer with: plain refusals and the hardening headers of each kind of page. */
import { contentSecurityPolicy, hardeningHeaders, type PageKind } from '../security-headers';
import { THEME_BOOT_SCRIPT_HASH } from './theme-hash';

export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

export function plainResponse(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' } });
}

export function withHeaders(response: Response, headers: Record<string, string>): Response {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/** The hardening headers of a page of this kind, its policy completed from Astro's. */
export function harden(response: Response, kind: PageKind, sitesOrigin: string | undefined): void {
  withHeaders(response, hardeningHeaders(kind));
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return;
  // The shell's inline theme script runs before first paint; it is allowed by its hash alone.
  const extraHashes = kind === 'portal' ? [THEME_BOOT_SCRIPT_HASH] : [];
  response.headers.set('Content-Security-Policy', contentSecurityPolicy(response.headers.get('content-security-policy'), kind, sitesOrigin, extraHashes));
}
