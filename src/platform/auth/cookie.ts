import type { Config } from '../config';
import { SESSION_COOKIE } from './sessions';

/**
 * `Secure` whenever the portal's public address (PORTAL_URL) is https: behind a TLS proxy the
 * request itself arrives over plain http. Else when the request came over https (a proxy's
 * X-Forwarded-Proto counts only where PORTAL_PUBLIC_HOST makes Astro trust it).
 */
function isSecure(config: Pick<Config, 'PORTAL_URL'>, requestUrl: string): boolean {
  return /^https:/i.test(config.PORTAL_URL ?? '') || new URL(requestUrl).protocol === 'https:';
}

/** Cookie attributes shared by the API and the /login page, so both set the same cookie. */
export function sessionCookieOptions(config: Pick<Config, 'PORTAL_URL'>, requestUrl: string, maxAgeSeconds: number) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: isSecure(config, requestUrl),
    path: '/',
    maxAge: maxAgeSeconds,
  };
}

/** The attributes that delete the session cookie (sign-out), matching the ones that set it. */
export function clearedSessionCookieOptions(config: Pick<Config, 'PORTAL_URL'>, requestUrl: string) {
  return { path: '/', secure: isSecure(config, requestUrl) };
}

export { SESSION_COOKIE };
