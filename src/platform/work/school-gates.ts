import { Refusal } from '../errors';

/**
 * Fair shares of the heavy calls, per school and per kind: at most `concurrent` of a school's
 * calls of a kind run at once, `waiting` more wait their turn (first come, first served), and
 * at most `perMinute` start in any minute. Beyond that the call is refused at once with a 429:
 * one school can fill only its own queue, never the work pool every school shares, so another
 * school's heavy call waits behind at most a few of each busy school's tasks.
 *
 * Kept per process (each process has its own pool to protect); the clock is the runtime's, in
 * unix seconds, so tests move it by hand.
 */
export interface GateLimits {
  concurrent: number;
  waiting: number;
  perMinute: number;
}

/** The heavy calls, by what they cost. */
export const HEAVY_KINDS = {
  /** Sanitising or rendering a newsletter, parsing a CSV file: CPU on the work pool. */
  document: { concurrent: 2, waiting: 4, perMinute: 30 },
  /** A multipart body of up to PORTAL_MAX_UPLOAD_MB, images decoded: memory and CPU. A gallery uploads three at a time. */
  upload: { concurrent: 2, waiting: 8, perMinute: 120 },
} as const satisfies Record<string, GateLimits>;

export type HeavyKind = keyof typeof HEAVY_KINDS;

export const HEAVY_MESSAGES = {
  busy: 'Your school is already running several large tasks (previews, imports, uploads or sends). Please wait for them to finish, then try again.',
  rate: (perMinute: number) => `Your school has started ${perMinute} large tasks in the last minute. Please wait a minute, then try again.`,
};

interface Lane {
  running: number;
  waiting: Array<() => void>;
  /** When the calls of the last minute started (unix seconds), oldest first. */
  started: number[];
}

/** A place taken in a school's lane: `release` gives it back (once, whatever happens). */
export type Release = () => void;

export class SchoolGates {
  private readonly lanes = new Map<string, Lane>();

  constructor(private readonly kinds: Readonly<Record<HeavyKind, GateLimits>> = HEAVY_KINDS) {}

  /** Waits for the school's turn at a call of `kind`, or refuses (429) when its lane is full or its minute used up. */
  async enter(kind: HeavyKind, schoolId: number, now: number): Promise<Release> {
    const limits = this.kinds[kind];
    const key = `${kind}:${schoolId}`;
    const lane = this.lanes.get(key) ?? { running: 0, waiting: [], started: [] };
    while (lane.started.length && lane.started[0]! <= now - 60) lane.started.shift();
    if (lane.started.length >= limits.perMinute) throw new Refusal(429, 'rate_limited', HEAVY_MESSAGES.rate(limits.perMinute));
    if (lane.running >= limits.concurrent && lane.waiting.length >= limits.waiting) throw new Refusal(429, 'busy', HEAVY_MESSAGES.busy);
    this.lanes.set(key, lane);
    lane.started.push(now);
    if (lane.running >= limits.concurrent) await new Promise<void>((turn) => lane.waiting.push(turn));
    else lane.running += 1;

    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = lane.waiting.shift();
      // The place passes straight to the next in line; an idle lane is forgotten once its minute is over.
      if (next) next();
      else lane.running -= 1;
      if (lane.running === 0 && lane.started.length === 0) this.lanes.delete(key);
    };
  }

  /** Calls of a school waiting for their turn, by kind (the bench and metrics). */
  waiting(kind: HeavyKind, schoolId: number): number {
    return this.lanes.get(`${kind}:${schoolId}`)?.waiting.length ?? 0;
  }

  /** Calls of a school running now, by kind. */
  running(kind: HeavyKind, schoolId: number): number {
    return this.lanes.get(`${kind}:${schoolId}`)?.running ?? 0;
  }
}
