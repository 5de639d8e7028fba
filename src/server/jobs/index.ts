import type { Runtime } from '../runtime';

/** Periodic upkeep that must happen without a user asking (publishing, cleaning up); modules declare theirs in their manifest. */
export interface Job {
  name: string;
  everySeconds: number;
  run(runtime: Runtime): Promise<void>;
}

async function runSafely(job: Job, runtime: Runtime): Promise<void> {
  try {
    await job.run(runtime);
  } catch (err) {
    console.error(`[jobs] ${job.name} failed:`, err);
  }
}

/**
 * Runs every job once now and then on its interval. Jobs are idempotent updates, so several
 * server instances running them is harmless. Timers are unref'd: they never keep a process alive.
 */
export function startJobs(runtime: Runtime, jobs: readonly Job[]): () => void {
  const timers = jobs.map((job) => {
    void runSafely(job, runtime);
    const timer = setInterval(() => void runSafely(job, runtime), job.everySeconds * 1000);
    timer.unref();
    return timer;
  });
  return () => timers.forEach(clearInterval);
}
