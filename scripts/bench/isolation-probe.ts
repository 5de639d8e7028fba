/**
 * School A's side of section 'isolation' (./isolation.ts): its probe, `GET /api/api/user` every
 * 150 ms on its own session and keep-alive connections, open-loop (it does not wait for an answer
 * before sending the next, so a frozen server shows as the whole time each request waited, not as
 * fewer samples); and the server's memory, sampled while an attack runs.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { groupRss, peakRss, resetPeakRss } from './processes.mjs';
import { percentile } from './load.mjs';

export const PROBE_PATH = '/api/api/user';
export const PROBE_INTERVAL_MS = 150;
const RSS_SAMPLE_MS = 100;
const WARM_UP_REQUESTS = 20;
/** No probe waits longer (a hung server shows as a failed probe). */
const PROBE_TIMEOUT_MS = 300_000;

export interface Latency {
  n: number;
  p50: number;
  max: number;
  /** Probes that did not answer 200. */
  errors: number;
}

export interface Sample {
  /** performance.now() when the probe was sent. */
  at: number;
  ms: number;
  ok: boolean;
}

/** A's probe: GET PROBE_PATH every PROBE_INTERVAL_MS on its own keep-alive connections, until stop(). */
export function startProbe(base: string, cookie: string): { samples: Sample[]; stop: () => Promise<void> } {
  const agent = new http.Agent({ keepAlive: true });
  const samples: Sample[] = [];
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  const once = () =>
    new Promise<void>((resolve) => {
      const at = performance.now();
      let recorded = false;
      const done = (ok: boolean) => {
        if (recorded) return;
        recorded = true;
        samples.push({ at, ms: performance.now() - at, ok });
        resolve();
      };
      const req = http.get(`${base}${PROBE_PATH}`, { agent, headers: { cookie }, timeout: PROBE_TIMEOUT_MS }, (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode === 200));
        res.on('error', () => done(false));
      });
      req.on('timeout', () => req.destroy());
      req.on('error', () => done(false));
    });
  const loop = (async () => {
    const started = performance.now();
    for (let k = 0; !stopped; ) {
      // On a schedule from the start, not from the last send: a late timer does not stretch the interval,
      // and slots it missed are skipped rather than sent in a burst.
      const wait = started + k * PROBE_INTERVAL_MS - performance.now();
      if (wait > 0) await sleep(wait);
      if (stopped) break;
      const p = once();
      inFlight.add(p);
      void p.then(() => inFlight.delete(p));
      k = Math.floor((performance.now() - started) / PROBE_INTERVAL_MS) + 1;
    }
  })();
  return {
    samples,
    stop: async () => {
      stopped = true;
      await loop;
      await Promise.all(inFlight);
      agent.destroy();
    },
  };
}

export function latencyOf(samples: Sample[]): Latency {
  const sorted = samples.map((s) => s.ms).sort((x, y) => x - y);
  return { n: sorted.length, p50: percentile(sorted, 50), max: sorted.length ? sorted[sorted.length - 1]! : NaN, errors: samples.filter((s) => !s.ok).length };
}

/** The server's process group's RSS, sampled until stop(); the peak is also the leader's kernel high-water mark. */
export function sampleRss(pid: number): { idle: number | null; stop: () => number | null } {
  const idle = groupRss(pid);
  const hwmReset = resetPeakRss(pid);
  let peak = idle;
  const timer = setInterval(() => {
    const now = groupRss(pid);
    if (now !== null) peak = Math.max(peak ?? 0, now);
  }, RSS_SAMPLE_MS);
  return {
    idle,
    stop: () => {
      clearInterval(timer);
      const kernel = hwmReset ? peakRss(pid) : null;
      return peak === null && kernel === null ? null : Math.max(peak ?? 0, kernel ?? 0, groupRss(pid) ?? 0);
    },
  };
}

/** A fresh server's first answers are slow (code loaded and compiled on first use): not an attack's doing. */
export async function warmUp(base: string, cookie: string): Promise<void> {
  for (let i = 0; i < WARM_UP_REQUESTS; i += 1) {
    const res = await fetch(`${base}${PROBE_PATH}`, { headers: { cookie } });
    await res.arrayBuffer();
  }
}
