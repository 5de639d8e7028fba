import type { Generated, Selectable } from 'kysely';

/** Where a job stands: due (or leased) work, finished work, or work that gave up. */
export type JobStatus = 'pending' | 'done' | 'failed';

/**
 * The job queue's table (foundation migration 0003_jobs). Times are unix seconds; the payload is
 * JSON text. A pending job is due when `run_at` has come and it holds no live lease
 * (`lease_until` null or past); `attempts` counts the times a worker started it. `domain_id`
 * (0022_jobs_fairness) is the school it works for, null for schedules and provider-wide work.
 */
export interface JobTable {
  id: Generated<number>;
  name: string;
  domain_id: number | null;
  /** Its school's turn (0022): claims lease the lowest first (queue.ts, `nextTurn`); 0 unless given. */
  turn: Generated<number>;
  payload: string;
  idempotency_key: string | null;
  status: JobStatus;
  run_at: number;
  lease_until: number | null;
  leased_by: string | null;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  created_at: number;
  finished_at: number | null;
}

export type JobRow = Selectable<JobTable>;

declare module '../db/schema' {
  interface Database {
    jobs: JobTable;
  }
}
