/**
 * A request refused for a reason the user can act on. Services throw it; the API's error
 * handler answers with its status, its code (machine-readable, for clients that branch on it)
 * and its message (safe to show); the operator command prints the message and exits with 2.
 * Routes and commands therefore need no try/catch of their own.
 */
export type RefusalStatus = 400 | 403 | 404 | 409 | 413 | 429;

/** The default code of each status; a service may name a more specific one. */
const DEFAULT_CODES: Record<RefusalStatus, string> = {
  400: 'invalid',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  429: 'rate_limited',
};

export class Refusal extends Error {
  readonly code: string;

  constructor(
    readonly status: RefusalStatus,
    message: string,
    code?: string,
  ) {
    super(message);
    this.name = 'Refusal';
    this.code = code ?? DEFAULT_CODES[status];
  }
}
