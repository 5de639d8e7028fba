import { z } from 'zod';

// Pages forbid eval (Content-Security-Policy): in the browser zod must not compile its parsers
// with `new Function`, nor even probe whether it may. Every contract imports this module.
if (typeof document !== 'undefined') z.config({ jitless: true });

/** Every response carries these two flags (spec section 7). */
export const failureSchema = z.object({
  success: z.literal(false),
  isAuthFailed: z.boolean(),
  message: z.string().optional(),
  /** Machine-readable reason (e.g. not_found, too_large), for clients that branch on it. */
  code: z.string().optional(),
});
export type Failure = z.infer<typeof failureSchema>;

/** A successful response: the envelope plus the call's own fields. */
export function successSchema<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ success: z.literal(true), isAuthFailed: z.literal(false), ...shape });
}

export type Success<T> = { success: true; isAuthFailed: false } & T;

/** A success that says nothing more (deletes, saves of a list, logout). */
export const emptyResponseSchema = successSchema({});
