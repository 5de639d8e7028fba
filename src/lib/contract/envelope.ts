import { z } from 'zod';
import { REFUSAL_CODES } from './refusal-codes';

// Pages forbid eval (Content-Security-Policy): in the browser zod must not compile its parsers
// with `new Function`, nor even probe whether it may. Every contract imports this module.
if (typeof document !== 'undefined') z.config({ jitless: true });

/** Every response carries these two flags (spec section 7). */
export const failureSchema = z.object({
  success: z.literal(false),
  isAuthFailed: z.boolean(),
  message: z.string().optional(),
  /**
   * Machine-readable reason (e.g. not_found, too_large), for clients that branch on it. An enum:
   * every code the server answers is in the list, and a store's branch on one is type-checked
   * (the browser reads envelopes without parsing them, so a code it does not know harms nothing).
   */
  code: z.enum(REFUSAL_CODES).optional(),
  /** The form field (its name in the call's input) the failure is about, for the form to mark. */
  field: z.string().optional(),
});
export type Failure = z.infer<typeof failureSchema>;

/** A successful response: the envelope plus the call's own fields. */
export function successSchema<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ success: z.literal(true), isAuthFailed: z.literal(false), ...shape });
}

export type Success<T> = { success: true; isAuthFailed: false } & T;

/** A success that says nothing more (deletes, saves of a list, logout). */
export const emptyResponseSchema = successSchema({});
