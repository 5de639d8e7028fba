// Measurement 2: a small closed-loop load generator. `connections` workers each send one request
// at a time over a shared keep-alive agent, so the server sees that many persistent connections.
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Latencies are in milliseconds and cover every response; rps counts 200s only.
 * @typedef {{ requests: number, seconds: number, rps: number, p50: number, p95: number,
 *   errors: number, errorKinds: Record<string, number> }} LoadResult
 */

/** One GET; resolves with the status code, or a short error name when the request failed. */
function get(agent, url, headers) {
  return new Promise((resolve) => {
    const req = http.get(url, { agent, headers, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      res.resume(); // read the whole body: a real client would
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', (err) => resolve(/** @type {any} */ (err).code ?? 'error'));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (err) => resolve(/** @type {any} */ (err).code ?? 'error'));
  });
}

/**
 * Nearest-rank percentile of an ascending array, in the array's unit (NaN when empty).
 * @param {ArrayLike<number>} sorted
 * @param {number} p
 * @returns {number}
 */
export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Runs the workers until `ms` has passed; requests in flight at the deadline are awaited and counted. */
async function phase(agent, url, headers, connections, ms) {
  const latencies = [];
  const errorKinds = /** @type {Record<string, number>} */ ({});
  const started = performance.now();
  const deadline = started + ms;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      const status = await get(agent, url, headers);
      latencies.push(performance.now() - t0);
      if (status !== 200) {
        errorKinds[String(status)] = (errorKinds[String(status)] ?? 0) + 1;
        // A refused or reset connection fails instantly: don't spin on it.
        if (typeof status === 'string') await sleep(10);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { latencies, errorKinds, seconds };
}

/**
 * Warm-up (discarded), then the measured run, on a fresh keep-alive agent.
 * @param {{ url: string, headers?: Record<string, string>, connections: number, warmupMs: number, durationMs: number }} options
 * @returns {Promise<LoadResult>}
 */
export async function runLoad({ url, headers = {}, connections, warmupMs, durationMs }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  try {
    await phase(agent, url, headers, connections, warmupMs);
    const { latencies, errorKinds, seconds } = await phase(agent, url, headers, connections, durationMs);
    const sorted = Float64Array.from(latencies).sort();
    const errors = Object.values(errorKinds).reduce((a, b) => a + b, 0);
    return {
      requests: latencies.length,
      seconds,
      rps: (latencies.length - errors) / seconds, // successful responses only: a fast error page must not look like speed
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      errors,
      errorKinds,
    };
  } finally {
    agent.destroy();
  }
}
