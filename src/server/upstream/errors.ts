/**
 * How an upstream call fails, as the portal answers it: the legacy backend said the session is
 * over (401, the browser goes to the login), it failed or could not be reached (502/504, the
 * spec's generic failure), or it answered something the portal cannot read (502, logged with the
 * path and the parse problem, never the body).
 */
export type UpstreamFailureStatus = 400 | 401 | 404 | 502 | 504;

export const UPSTREAM_MESSAGES = {
  signedOut: 'Your session has ended. Please sign in again.',
  failed: 'Failed! Please try again!',
  timeout: 'The school’s backend took too long to answer. Please try again.',
  unreadable: 'The school’s backend sent an answer the portal could not read. Please try again later.',
  unsupported: 'This is not available in this portal.',
} as const;

export class UpstreamFailure extends Error {
  constructor(
    readonly status: UpstreamFailureStatus,
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'UpstreamFailure';
  }
}
