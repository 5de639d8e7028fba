import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Failure, Success } from '../../lib/contract/envelope';
import type { RefusalCode } from '../../lib/contract/refusal-codes';

export function ok<T extends object>(c: Context, data: T, status: ContentfulStatusCode = 200) {
  const body: Success<T> = { success: true, isAuthFailed: false, ...data };
  return c.json(body, status);
}

/** A failure's envelope: `fail` sends it through Hono, the server front (src/platform/server/serve.ts) as it is. */
export function failure(status: number, message?: string, code?: RefusalCode, field?: string): Failure {
  return { success: false, isAuthFailed: status === 401, ...(message ? { message } : {}), ...(code ? { code } : {}), ...(field ? { field } : {}) };
}

export function fail(c: Context, status: ContentfulStatusCode, message?: string, code?: RefusalCode, field?: string) {
  return c.json(failure(status, message, code, field), status);
}

export const MESSAGES = {
  signedOut: 'Your session has ended. Please sign in again.',
  crossSite: 'This request came from another site and was refused.',
  notFromPortal: 'This request must come from the portal itself and was refused.',
  productDisabled: 'This product is not enabled for your school.',
  notFound: 'Not found.',
  internal: 'Something went wrong on our side. Please try again.',
  badAddress: 'The address of this request is not valid.',
} as const;
