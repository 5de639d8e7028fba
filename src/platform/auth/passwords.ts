import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import os from 'node:os';
import { Refusal } from '../errors';

// OWASP's scrypt floor (N=2^17, r=8, p=1) costs ~128 MiB per hash; 2^15 keeps a sign-in under
// ~100 ms on a 2-core school server while staying far beyond offline guessing budgets.
const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } satisfies ScryptOptions;
const KEY_LENGTH = 64;

/**
 * How many passwords this process hashes at once. node's scrypt runs on libuv's thread pool (4
 * threads unless UV_THREADPOOL_SIZE says otherwise), off the request thread but on the machine's
 * cores: a burst of sign-ins, unbounded, would take every core (and every pool thread, which file
 * reads share) from the other schools' requests. One core and one pool thread always stay free.
 */
export const PASSWORD_HASH_CONCURRENCY = Math.max(
  1,
  Math.min(os.availableParallelism() - 1, (Number(process.env.UV_THREADPOOL_SIZE) || 4) - 1),
);
/** Hashes waiting for a turn (about 1.5 s of work per slot); one more is refused rather than piled up. */
export const PASSWORD_HASH_QUEUE = 16 * PASSWORD_HASH_CONCURRENCY;
export const PASSWORD_BUSY_MESSAGE = 'Too many people are signing in right now. Please try again in a moment.';

let running = 0;
const waiting: Array<() => void> = [];
/** scrypt computations started and not yet finished, and the most seen at once (see `passwordHashing`). */
let computing = 0;
let peakComputing = 0;

/**
 * Runs `work` when one of the PASSWORD_HASH_CONCURRENCY turns is free, waiting in line for one
 * (first come, first served) while fewer than PASSWORD_HASH_QUEUE wait; else refuses at once
 * with a 429, having changed nothing.
 */
export async function withPasswordTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running < PASSWORD_HASH_CONCURRENCY) running += 1;
  else if (waiting.length < PASSWORD_HASH_QUEUE) await new Promise<void>((resolve) => waiting.push(resolve));
  else throw new Refusal(429, 'busy', PASSWORD_BUSY_MESSAGE);
  try {
    return await work();
  } finally {
    // The turn passes straight to the next in line, so `running` never goes over the limit.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** What the hashing does now, for tests and diagnostics: computing, waiting, and the peak since the last reset. */
export function passwordHashing(options: { resetPeak?: boolean } = {}): { computing: number; waiting: number; peak: number } {
  const seen = { computing, waiting: waiting.length, peak: peakComputing };
  if (options.resetPeak) peakComputing = computing;
  return seen;
}

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return withPasswordTurn(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, params, (err, key) => {
          computing -= 1;
          if (err) reject(err);
          else resolve(key);
        });
        // Counted once started: bad parameters throw above, and the callback never runs before this.
        computing += 1;
        peakComputing = Math.max(peakComputing, computing);
      }),
  );
}

/** Returns a self-describing hash: `scrypt$N$r$p$salt$key` (base64url parts). A Refusal (429) when too many wait. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * A new password's hash for a form that asks again when the server is too busy: the hash, or
 * null (the caller shows PASSWORD_BUSY_MESSAGE, nothing having changed).
 */
export async function hashPasswordUnlessBusy(password: string): Promise<string | null> {
  try {
    return await hashPassword(password);
  } catch (err) {
    if (err instanceof Refusal && err.status === 429) return null;
    throw err;
  }
}

/** Whether `password` is the one `stored` was made from. A Refusal (429) when too many wait. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A readable random password for generated accounts (about 96 bits). */
export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

/** A valid hash of a random password: verified against when the email is unknown, so timing does not reveal accounts. */
export const DUMMY_HASH_PROMISE: Promise<string> = hashPassword(randomBytes(16).toString('hex'));
