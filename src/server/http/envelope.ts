import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Failure, Success } from '../../contracts/envelope';

export function ok<T extends object>(c: Context, data: T, status: ContentfulStatusCode = 200) {
  const body: Success<T> = { success: true, isAuthFailed: false, ...data };
  return c.json(body, status);
}

export function fail(c: Context, status: ContentfulStatusCode, message?: string, code?: string) {
  const body: Failure = { success: false, isAuthFailed: status === 401, ...(message ? { message } : {}), ...(code ? { code } : {}) };
  return c.json(body, status);
}

export const MESSAGES = {
  signedOut: 'Your session has ended. Please sign in again.',
  crossSite: 'This request came from another site and was refused.',
  notFromPortal: 'This request must come from the portal itself and was refused.',
  productDisabled: 'This product is not enabled for your school.',
  notFound: 'Not found.',
  internal: 'Something went wrong on our side. Please try again.',
} as const;
