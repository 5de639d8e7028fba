import type { RefusalCode } from '../lib/contract/refusal-codes';

export type { RefusalCode };

/**
 * The portal's one error type: a request refused for a reason the user can act on (or the legacy
 * backend's failure, in upstream mode). Services throw it; the API's error handler
 * (`answerError`, src/platform/http/middleware.ts) answers with its status, its code (machine-readable, from
 * the contract's list), its message (safe to show) and the form field it is about, if any; the
 * operator command prints the message and exits with 2; a job that meets one fails at once.
 * Anything else thrown is a bug: a plain `Error`, answered 500 and logged.
 * `tests/unit/one-error-type.test.ts` keeps it the only error class in src.
 */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 502 | 504;

// Plain fields, no parameter properties: config.ts (run by Node as it is, type stripping) imports this file.
export class Refusal extends Error {
  readonly status: RefusalStatus;
  readonly code: RefusalCode;
  /** The form field the refusal is about (its name in the call's input; a variable's for the configuration), for the form to mark. */
  readonly field: string | undefined;

  constructor(status: RefusalStatus, code: RefusalCode, message: string, field?: string) {
    super(message);
    this.name = 'Refusal';
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

/** Whether `err` is a Refusal (with that code, when one is given). */
export function isRefusal(err: unknown, code?: RefusalCode): err is Refusal {
  return err instanceof Refusal && (code === undefined || err.code === code);
}
