import type { Runtime } from '../runtime';
import { cleanupPendingUploads } from '../website/media-service';
import { publishDuePages } from '../website/service';

/** Periodic upkeep that must happen without a user asking (publishing, cleaning up). */
export interface Job {
  name: string;
  everySeconds: number;
  run(runtime: Runtime): Promise<void>;
}

/** Each module adds its jobs here. */
const JOBS: Job[] = [
  // Gallery uploads nobody saved: rows and files go after a day.
  {
    name: 'website-pending-uploads',
    everySeconds: 60 * 60,
    run: async (rt) => {
      await cleanupPendingUploads(rt.db, rt.config.PORTAL_DATA_DIR, rt.clock());
    },
  },
  // New pages are held for review: publish those whose PORTAL_PAGE_REVIEW_HOURS are over.
  {
    name: 'website-publish-due-pages',
    everySeconds: 5 * 60,
    run: async (rt) => {
      await publishDuePages(rt.db, rt.clock(), rt.config.PORTAL_PAGE_REVIEW_HOURS);
    },
  },
];

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
export function startJobs(runtime: Runtime, jobs: Job[] = JOBS): () => void {
  const timers = jobs.map((job) => {
    void runSafely(job, runtime);
    const timer = setInterval(() => void runSafely(job, runtime), job.everySeconds * 1000);
    timer.unref();
    return timer;
  });
  return () => timers.forEach(clearInterval);
}
