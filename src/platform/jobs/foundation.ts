import { purgeExpiredSessions } from '../auth/sessions';
import { purgeOldLoginFailures } from '../auth/rate-limit';
import type { JobSource } from './handlers';
import { purgeFinishedJobs } from './queue';
import { purgeOldAudit } from '../audit';

/**
 * The foundation's upkeep, listed with the modules' jobs by src/app/modules.ts: expired
 * sessions, sign-in failures older than the rate limit's day (its daily count per email), finished
 * jobs past their keeping time, and audit log entries past theirs (AUDIT_KEEP_DAYS).
 */
export const FOUNDATION_JOBS: JobSource = {
  name: 'foundation',
  jobs: {
    'sessions-purge-expired': {
      run: (rt) => purgeExpiredSessions(rt.db, rt.clock()),
    },
    'login-failures-purge': {
      run: (rt) => purgeOldLoginFailures(rt.db, rt.clock()),
    },
    'jobs-purge-finished': {
      run: async (rt) => {
        await purgeFinishedJobs(rt.db, rt.clock());
      },
    },
    'audit-purge-old': {
      run: (rt) => purgeOldAudit(rt.db, rt.clock()),
    },
  },
  schedules: [
    { name: 'sessions-purge-expired', everySeconds: 60 * 60 },
    { name: 'login-failures-purge', everySeconds: 60 * 60 },
    { name: 'jobs-purge-finished', everySeconds: 24 * 60 * 60 },
    { name: 'audit-purge-old', everySeconds: 24 * 60 * 60 },
  ],
};
