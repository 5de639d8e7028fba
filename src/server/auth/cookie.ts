import { SESSION_COOKIE } from './sessions';

/** Cookie attributes shared by the API and the /login page, so both set the same cookie. */
export function sessionCookieOptions(requestUrl: string, maxAgeSeconds: number) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: new URL(requestUrl).protocol === 'https:',
    path: '/',
    maxAge: maxAgeSeconds,
  };
}

export { SESSION_COOKIE };
