/**
 * A worker process for the crash test (tests/integration/newsletter-crash.test.ts): runs the
 * queued jobs of the database in PORTAL_DATA_DIR, mail going to MAIL_URL, until none is left or
 * it is killed. It is started with `node --import tsx` and killed with SIGKILL mid-send.
 */
import { parseConfig } from '../../src/platform/config';
import { openDatabase } from '../../src/platform/db';
import { runDueJobs } from '../../src/platform/jobs';
import { JOBS } from '../../src/app/modules';
import { systemClock } from '../../src/platform/clock';

const config = parseConfig(process.env);
const db = openDatabase(config);
const runtime = { config, db, clock: systemClock };
// Short job leases, as a crash test wants; the deliveries keep their own (120 s).
for (;;) {
  await runDueJobs(runtime, JOBS, { leaseSeconds: 30, log: () => undefined });
  await new Promise((resolve) => setTimeout(resolve, 50));
}
