import type { WebhookOutcome } from './types';

type Refusal = Extract<WebhookOutcome, { ok: false }>;

export function refuse(status: Refusal['status'], reason: string): Refusal {
  return { ok: false, status, reason };
}

export const MALFORMED = 'The webhook body is not a notification this provider sends.';
export const UNSIGNED = 'The webhook is not signed by the provider.';

/** How far a signed timestamp may be from our clock: a captured request cannot be replayed later than this. */
const MAX_SKEW_SECONDS = 10 * 60;

export function isFresh(timestamp: number, now: number): boolean {
  return Number.isFinite(timestamp) && Math.abs(now - timestamp) <= MAX_SKEW_SECONDS;
}

/**
 * Integer literals outside a string and too long for a double: Postmark's record IDs are 64-bit,
 * and JSON.parse would round them (two records a few apart would share an event id). Quoted, their
 * digits survive; strings are matched first so digits inside them are left alone.
 */
const LONG_INTEGER = /"(?:[^"\\]|\\.)*"|(?<![\d.eE+-])-?\d{16,}(?![.eE\d])/g;

/** The body as JSON, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  const exact = text.replace(LONG_INTEGER, (token) => (token.startsWith('"') || Number.isSafeInteger(Number(token)) ? token : `"${token}"`));
  try {
    return JSON.parse(exact) as unknown;
  } catch {
    return undefined;
  }
}

const TAG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A delivery tag a provider echoes back (a custom argument, metadata): ours only if it has the shape we give them. */
export function tagOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const tag = value.trim().toLowerCase();
  return TAG.test(tag) ? tag : null;
}

export { verpTagOf } from '../report';

/** A Message-ID as BounceReport keeps it: no angle brackets, no spaces; null when empty. */
export function bareMessageId(value: string | undefined): string | null {
  const id = value?.trim().replace(/^<|>$/g, '').trim();
  return id ? id : null;
}

/** An ISO 8601 time in Unix seconds, or `fallback` when there is none or it cannot be read. */
export function secondsOf(iso: string | undefined, fallback: number): number {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : fallback;
}

/** The non-empty parts joined by a space (a code and its text, either of which may be missing). */
export function joined(...parts: ReadonlyArray<string | number | null | undefined>): string {
  return parts
    .map((part) => (part === null || part === undefined ? '' : String(part).trim()))
    .filter(Boolean)
    .join(' ');
}
