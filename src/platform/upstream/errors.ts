import { Refusal, type RefusalCode } from '../errors';

/**
 * How an upstream call fails, as the portal answers it (a Refusal like any other): the legacy
 * backend said the session is over (401 'signed_out', the browser goes to the login), it refused
 * the request (400 'refused', with its message), it failed or could not be reached (502/504, the
 * spec's generic failure), or it answered something the portal cannot read (502, logged with the
 * path and the parse problem, never the body).
 */
export const UPSTREAM_MESSAGES = {
  signedOut: 'Your session has ended. Please sign in again.',
  failed: 'Failed! Please try again!',
  timeout: 'The school’s backend took too long to answer. Please try again.',
  unreadable: 'The school’s backend sent an answer the portal could not read. Please try again later.',
  unsupported: 'This is not available in this portal.',
} as const;

/** The codes of the legacy backend's own failures (not the portal's refusals of a request). */
const UPSTREAM_FAILURE_CODES: ReadonlySet<RefusalCode> = new Set<RefusalCode>([
  'signed_out',
  'refused',
  'upstream_failed',
  'upstream_timeout',
  'upstream_unreachable',
  'upstream_unreadable',
]);

/** Whether `err` is the legacy backend failing (or ending the session), as the upstream client throws it. */
export function isUpstreamFailure(err: unknown): err is Refusal {
  return err instanceof Refusal && UPSTREAM_FAILURE_CODES.has(err.code);
}

/** The legacy backend said the session is over: a screen that shows a failed load instead must let this through (the page goes to the login). */
export function isSignedOut(err: unknown): boolean {
  return err instanceof Refusal && err.code === 'signed_out';
}
