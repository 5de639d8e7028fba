import { z } from 'zod';

/** Every response carries these two flags (spec section 7). */
export const failureSchema = z.object({
  success: z.literal(false),
  isAuthFailed: z.boolean(),
  message: z.string().optional(),
});
export type Failure = z.infer<typeof failureSchema>;

/** A successful response: the envelope plus the call's own fields. */
export function successSchema<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ success: z.literal(true), isAuthFailed: z.literal(false), ...shape });
}

export type Success<T> = { success: true; isAuthFailed: false } & T;
