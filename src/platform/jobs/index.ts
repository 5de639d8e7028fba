/**
 * Durable jobs in the database (table `jobs`): work that must survive a restart is enqueued, in
 * the same transaction as the change that needs it, and run by a worker that leases it (so each
 * job runs on one worker at a time, whatever the number of processes), retried with back-off,
 * idempotent by key. Periodic upkeep is a schedule that enqueues a job per time slot.
 *
 * Infrastructure: imports no module. Handlers and schedules come as arguments, collected from the
 * manifests by src/app/modules.ts.
 */
export { collectJobs, defineJob, type JobHandler, type JobSource, type Schedule } from './handlers';
export {
  DEFAULT_MAX_ATTEMPTS,
  KEEP_DONE_SECONDS,
  KEEP_FAILED_SECONDS,
  MAX_ERROR_LENGTH,
  RETRY_BASE_SECONDS,
  RETRY_CAP_SECONDS,
  claimDueJobs,
  countJobs,
  forgetSchoolJobs,
  enqueue,
  purgeFinishedJobs,
  retryDelaySeconds,
  type NewJob,
} from './queue';
export {
  DEFAULT_CONCURRENCY,
  DEFAULT_LEASE_SECONDS,
  DEFAULT_POLL_SECONDS,
  enqueueSchedules,
  newWorkerId,
  runDueJobs,
  scheduleKey,
  startWorker,
  type JobWorker,
  type RunOptions,
  type RunSummary,
  type WorkerOptions,
} from './worker';
export type { JobRow, JobStatus } from './schema';
