/**
 * Lenient readers of what legacy backends really send, for the modules' upstream schemas: numbers
 * as strings, flags as 1/0/"true"/"yes", a missing list as empty, dates as unix seconds or text,
 * comma-separated lists. Each maps to the one type the contract uses; anything else fails the
 * parse (a 502), never a guess. A reader that takes a missing value is `.optional()` before its
 * transform: zod 4 reads an object's key as optional only from that, not from a union with undefined.
 */
import { z } from 'zod';

/** A whole number sent as a number or as its text ("12"). */
export const legacyInt = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+$/),
  ])
  .transform((value) => Number(value))
  .pipe(z.number().int());

/** A number or its text; empty text and null are 0 (legacy counters). */
export const legacyCount = z
  .union([z.number(), z.string().trim().regex(/^\d*$/), z.null()])
  .optional()
  .transform((value) => (value === null || value === undefined || value === '' ? 0 : Number(value)));

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'on', 'y']);
const FALSE_WORDS = new Set(['0', 'false', 'no', 'off', 'n', '']);

/** A flag sent as a boolean, 1/0, or text ("true", "1", "yes", "false", ""); missing or null is false. */
export const legacyBool = z
  .union([z.boolean(), z.number(), z.string(), z.null()])
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return false;
    if (typeof value === 'boolean') return value;
    if (typeof value === 'number') return value !== 0;
    const word = value.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
    ctx.addIssue({ code: 'custom', message: `expected a flag, got "${value.slice(0, 20)}"` });
    return z.NEVER;
  });

/** Text that may come as a number or null (null and missing are empty). */
export const legacyText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) => (value === null || value === undefined ? '' : String(value)));

/** A list that may be missing, null or `false` (empty) or an object keyed by index (its values). */
export function legacyList<Item extends z.ZodType>(item: Item) {
  return z
    .union([z.array(z.unknown()), z.record(z.string(), z.unknown()), z.null(), z.literal(false)])
    .optional()
    .transform((value) => (value === null || value === undefined || value === false ? [] : Array.isArray(value) ? value : Object.values(value)))
    .pipe(z.array(item));
}

/** Comma-separated text ("Ms Grey, Mr Kent") or a list; items trimmed, empty ones dropped. */
export const legacyCommaList = z
  .union([z.string(), z.array(z.union([z.string(), z.number()])), z.null()])
  .optional()
  .transform((value) =>
    (value === null || value === undefined ? [] : Array.isArray(value) ? value.map(String) : value.split(','))
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  );

/**
 * A moment as unix seconds (number or text; milliseconds when it is too large to be seconds) or a
 * date text (ISO 8601, `YYYY-MM-DD HH:MM:SS` read as UTC): unix seconds.
 */
export const legacyDate = z.union([z.number(), z.string().trim().min(1)]).transform((value, ctx) => {
  if (typeof value === 'number' || /^\d+$/.test(value)) {
    const n = Number(value);
    return n > 1e11 ? Math.floor(n / 1000) : n;
  }
  const text = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/.test(value) ? `${value.replace(' ', 'T')}Z` : value;
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) {
    ctx.addIssue({ code: 'custom', message: `expected a date, got "${value.slice(0, 30)}"` });
    return z.NEVER;
  }
  return Math.floor(ms / 1000);
});

/** The envelope every legacy answer carries: `success` as any flag, `isAuthFailed` likewise; the rest is the call's. */
export const legacyEnvelope = z.object({ success: legacyBool, isAuthFailed: legacyBool, message: legacyText.optional() }).loose();
export type LegacyEnvelope = z.infer<typeof legacyEnvelope>;

/** The first problem of a failed parse, as a log line names it: `posts.3.id: expected a number`. */
export function parseProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'unreadable';
  return `${issue.path.length ? issue.path.map(String).join('.') : '(answer)'}: ${issue.message}`;
}
